// A comment's draft, kept in this tab's sessionStorage as it is typed, so a reload, a dropped
// connection (the 'Connection lost' screen, then Retry) or a misstep back does not lose it. Never in
// the URL: a draft does not belong in history or server logs. Storage blocked or full: it forgets.

/** Keeps `text` as the draft (blank: forgets it); without `text`, gives the kept draft back. */
export function draftStore(postId: number, parentId: number | null, text?: string): string {
  const key = `draft:${postId}:${parentId ?? ""}`;
  try {
    if (text === undefined) return sessionStorage.getItem(key) ?? "";
    if (text.trim()) sessionStorage.setItem(key, text);
    else sessionStorage.removeItem(key);
  } catch {}
  return "";
}
