import type { UserRow } from "#db/schema.ts";
import { forbidden, Problem } from "~/lib/problem.ts";
import { ADMIN_ACCESS_DENIED, ADMIN_REQUIRED } from "~/lib/schemas/admin.ts";
import type { Toast } from "~/lib/toast.ts";
import { adminNeedsTwoFactor } from "~/models/account/two-factor.server.ts";
import { assertNotSuspended } from "~/models/moderation/suspension.server.ts";
import { assertEmailVerified } from "~/models/account/email-verification.server.ts";
import { getUser } from "./session-cookie.server.ts";

// Who acts. `getUser` (the session) is the only source of the signed-in user; these are its faces.
// Each throws a Problem, never a Response: the renderer of the answer (page, form, JSON) says it.
// - requireUser: pages and forms. A visitor is an `unauthorized` Problem carrying where to sign in
//   (/auth?redirectTo=… with a toast), so the page and form renderers send them there to come back.
// - requireApiUser: JSON. A visitor gets 401 {message}.
// - requireSelf: every write that receives a `userId` in its body checks it here (a `tampered`
//   Problem, 403, when it is not the session's own); a body id never decides who acts.

export const AUTH_REQUIRED_TOAST: Toast = {
  type: "error",
  title: "Authentication required",
  description: "Please sign in to interact with comments.",
};

export const API_AUTH_REQUIRED = "Authentication required. Please log in.";
export const NOT_YOURSELF = "You can only act as yourself.";

// A suspended member reads and signs in, and keeps their account in hand (password, two-factor,
// sessions, notifications, their data, deleting it, their standing and its appeal); every other
// write is refused with the reason and the end. So is an account whose address is not verified yet
// (SIGNUP_MODE=verify), which keeps the same (and asks for a new link under /account/ and /api/me/).
// Decided here, for every guard, by the request.
const KEEPS_WORKING_WHILE_SUSPENDED = [
  /^\/account\//,
  /^\/api\/me\//,
  /^\/api\/notifications(\/|$)/,
  /^\/notifications$/,
  /^\/sessions\//,
  /^\/feeds\/following\/token$/,
  /^\/(api\/)?logout$/,
];

/**
 * `user`, once a write by them may go ahead: a suspended member's is Problem(forbidden) with its
 * reason, an unverified account's Problem(forbidden) asking to verify the address.
 */
export function mayAct<U extends Pick<UserRow, "id" | "emailVerified">>(request: Request, user: U): U {
  if (request.method === "GET" || request.method === "HEAD") return user;
  const { pathname } = new URL(request.url);
  if (KEEPS_WORKING_WHILE_SUSPENDED.some((path) => path.test(pathname))) return user;
  assertNotSuspended(user.id);
  assertEmailVerified(user);
  return user;
}

/** /auth?redirectTo=… for a path of this site. */
export function signInPath(redirectTo: string): string {
  return `/auth?${new URLSearchParams({ redirectTo })}`;
}

function currentPath(request: Request) {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/** The `unauthorized` Problem of a page or form: sign in, then back to `redirectTo` (with `toast`). */
export function signInProblem(redirectTo: string, toast: Toast | null = AUTH_REQUIRED_TOAST): Problem {
  return new Problem("unauthorized", toast?.description ?? toast?.title ?? API_AUTH_REQUIRED, { signIn: { redirectTo, toast } });
}

/**
 * The signed-in user, or (thrown) the `unauthorized` Problem that sends the visitor to /auth, coming
 * back to `redirectTo` (default: this page) with `toast` (default 'Authentication required'; null
 * for none).
 */
export async function requireUser(
  request: Request,
  { redirectTo, toast = AUTH_REQUIRED_TOAST }: { redirectTo?: string; toast?: Toast | null } = {},
): Promise<UserRow> {
  const user = await getUser(request);
  if (user) return mayAct(request, user);
  throw signInProblem(redirectTo ?? currentPath(request), toast);
}

/** The signed-in user, or (thrown) Problem 401 {message} for the JSON API. */
export async function requireApiUser(request: Request): Promise<UserRow> {
  const user = await getUser(request);
  if (user) return mayAct(request, user);
  throw new Problem("unauthorized", API_AUTH_REQUIRED);
}

/** An admin, or (thrown) Problem 401/403 {message} for the JSON API (docs/product.md §6). */
export async function requireApiAdmin(request: Request): Promise<UserRow> {
  const user = await requireApiUser(request);
  if (!user.isAdmin) throw forbidden(ADMIN_REQUIRED);
  await requireAdminTwoFactor(user);
  return user;
}

/**
 * An admin, for the /admin pages and their forms: a visitor goes to /auth (and comes back), a
 * member gets (thrown) Problem 403 'Access Denied: …' for the route's ErrorBoundary. Every admin
 * loader calls it (nested loaders run side by side: the layout's check alone protects nothing).
 */
export async function requireAdmin(request: Request): Promise<UserRow> {
  const user = await requireUser(request, { toast: null });
  if (!user.isAdmin) throw new Problem("forbidden", ADMIN_ACCESS_DENIED, { headers: { "Cache-Control": "no-store" } });
  await requireAdminTwoFactor(user);
  return user;
}

export const ADMIN_TWO_FACTOR_REQUIRED = "Admins must turn on two-factor sign-in first (/account/two-factor).";

/**
 * With REQUIRE_ADMIN_2FA=true, an admin without two-factor sign-in is refused every admin page and
 * call: pages and forms go to /account/two-factor to set it up, JSON gets 403 {message}.
 */
async function requireAdminTwoFactor(user: UserRow): Promise<void> {
  if (!adminNeedsTwoFactor(user)) return;
  const toast: Toast = { type: "error", title: "Two-factor sign-in required", description: "Turn on two-factor sign-in to use the admin pages." };
  throw new Problem("forbidden", ADMIN_TWO_FACTOR_REQUIRED, { headers: { "Cache-Control": "no-store" }, goTo: { path: "/account/two-factor", toast } });
}

/**
 * The claimed-user check of every write: a `userId` the client sent (form field or JSON body) must
 * be the session's own. Absent (undefined, null or "") is fine: the session decides.
 */
export function requireSelf(user: Pick<UserRow, "id">, claimed: unknown): void {
  if (claimed === undefined || claimed === null || claimed === "") return;
  if (String(claimed) !== String(user.id)) throw new Problem("tampered", NOT_YOURSELF);
}

