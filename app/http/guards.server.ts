import type { UserRow } from "#db/schema.ts";
import { Problem } from "~/lib/problem.ts";
import type { Toast } from "~/lib/toast.ts";

// The words and Problems of who acts. Who may act on a route is its contract's (contract.server.ts
// `admit`, called by every wrapper); these are the pieces it and the renderers share:
// - signInProblem: a visitor where a member is needed on a page or a form: the `unauthorized`
//   Problem carrying where to sign in (/auth?redirectTo=… with a toast), so the page and form
//   renderers send them there to come back. The JSON API says API_AUTH_REQUIRED (401) instead.
// - requireSelf: a `userId` a body names must be the session's own (a `tampered` Problem, 403);
//   a body id never decides who acts.

export const AUTH_REQUIRED_TOAST: Toast = {
  type: "error",
  title: "Authentication required",
  description: "Please sign in to interact with comments.",
};

export const API_AUTH_REQUIRED = "Authentication required. Please log in.";
const NOT_YOURSELF = "You can only act as yourself.";

/** /auth?redirectTo=… for a path of this site. */
export function signInPath(redirectTo: string): string {
  return `/auth?${new URLSearchParams({ redirectTo })}`;
}

/** The `unauthorized` Problem of a page or form: sign in, then back to `redirectTo` (with `toast`). */
export function signInProblem(redirectTo: string, toast: Toast | null = AUTH_REQUIRED_TOAST): Problem {
  return new Problem("unauthorized", toast?.description ?? toast?.title ?? API_AUTH_REQUIRED, { signIn: { redirectTo, toast } });
}

/**
 * The claimed-user check of every write: a `userId` the client sent (form field or JSON body) must
 * be the session's own. Absent (undefined, null or "") is fine: the session decides.
 */
export function requireSelf(user: Pick<UserRow, "id">, claimed: unknown): void {
  if (claimed === undefined || claimed === null || claimed === "") return;
  if (String(claimed) !== String(user.id)) throw new Problem("tampered", NOT_YOURSELF);
}
