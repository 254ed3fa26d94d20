/** The longest path followed after sign-in (a longer one goes to the fallback). */
export const MAX_REDIRECT_LENGTH = 2000;

/**
 * Only same-site paths are followed after sign-in: "/post/1" yes; "//evil.com", "https://…",
 * "/\\evil.com", whatever normalises to one of them ("/.//evil.com") and anything odd fall back to
 * `fallback`.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || to.length === 0 || to.length > MAX_REDIRECT_LENGTH) return fallback;
  if (!to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  if (/[\u0000-\u001f\\]/.test(to)) return fallback;
  try {
    const url = new URL(to, "http://local.invalid");
    if (url.origin !== "http://local.invalid") return fallback;
    const path = `${url.pathname}${url.search}${url.hash}`;
    // Checked again after normalising: "/.//evil.com" and "/..//evil.com" become "//evil.com".
    return path.startsWith("//") || path.startsWith("/\\") ? fallback : path;
  } catch {
    return fallback;
  }
}
