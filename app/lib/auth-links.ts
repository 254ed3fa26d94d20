// The sign-in page's URL states, shared by its route module and its forms.

export type AuthIntent = "login" | "register" | "demo" | "forgot-password";

/** The /auth URL for a tab (or the forgot-password dialog), keeping where to go afterwards. */
export function authHref({ signup, forgot, redirectTo }: { signup?: boolean; forgot?: "1" | "sent"; redirectTo: string }) {
  const params = new URLSearchParams();
  if (signup) params.set("signup", "true");
  if (forgot) params.set("forgot", forgot);
  if (redirectTo) params.set("redirectTo", redirectTo);
  const query = params.toString();
  return query ? `/auth?${query}` : "/auth";
}
