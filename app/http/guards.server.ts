import { data, redirect } from "react-router";
import type { UserRow } from "#db/schema.ts";
import { forbidden } from "~/lib/problem.ts";
import { ADMIN_ACCESS_DENIED, ADMIN_REQUIRED } from "~/lib/schemas/admin.ts";
import type { Toast } from "~/lib/toast.ts";
import { adminNeedsTwoFactor } from "~/models/account/two-factor.server.ts";
import { getUser } from "./session-cookie.server.ts";
import { toastHeader } from "./toast-cookie.server.ts";

// Who acts. `getUser` (the session) is the only source of the signed-in user; these are its faces:
// - requireUser: pages and forms. A visitor is sent to /auth?redirectTo=… with a toast, and comes back.
// - requireApiUser: JSON. A visitor gets 401 {message}.
// - requireSelf: every write that receives a `userId` in its body checks it here (403 when it is not
//   the session's own); a body id never decides who acts.

export const AUTH_REQUIRED_TOAST: Toast = {
  type: "error",
  title: "Authentication required",
  description: "Please sign in to interact with comments.",
};

export const API_AUTH_REQUIRED = "Authentication required. Please log in.";
export const NOT_YOURSELF = "You can only act as yourself.";

/** /auth?redirectTo=… for a path of this site. */
export function signInPath(redirectTo: string): string {
  return `/auth?${new URLSearchParams({ redirectTo })}`;
}

function currentPath(request: Request) {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/**
 * The signed-in user, or (thrown) a 303 to /auth that comes back to `redirectTo` (default: this
 * page) with `toast` (default 'Authentication required'; null for none).
 */
export async function requireUser(
  request: Request,
  { redirectTo, toast = AUTH_REQUIRED_TOAST }: { redirectTo?: string; toast?: Toast | null } = {},
): Promise<UserRow> {
  const user = await getUser(request);
  if (user) return user;
  const to = signInPath(redirectTo ?? currentPath(request));
  // A page visit is an ordinary 302; a form's POST is answered 303 (then GET).
  const status = request.method === "GET" || request.method === "HEAD" ? 302 : 303;
  throw redirect(to, { status, headers: toast ? { "Set-Cookie": await toastHeader(toast) } : undefined });
}

/** The signed-in user, or (thrown) 401 {message} for the JSON API. */
export async function requireApiUser(request: Request): Promise<UserRow> {
  const user = await getUser(request);
  if (user) return user;
  throw Response.json({ message: API_AUTH_REQUIRED }, { status: 401, headers: { "Cache-Control": "no-store" } });
}

/** An admin, or (thrown) 401/403 {message} for the JSON API (docs/product.md §6). */
export async function requireApiAdmin(request: Request): Promise<UserRow> {
  const user = await requireApiUser(request);
  if (!user.isAdmin) throw Response.json({ message: ADMIN_REQUIRED }, { status: 403, headers: { "Cache-Control": "no-store" } });
  await requireAdminTwoFactor(request, user, "api");
  return user;
}

/**
 * An admin, for the /admin pages and their forms: a visitor goes to /auth (and comes back), a
 * member gets (thrown) 403 'Access Denied: …' for the route's ErrorBoundary. Every admin loader
 * calls it (nested loaders run side by side: the layout's check alone protects nothing).
 */
export async function requireAdmin(request: Request): Promise<UserRow> {
  const user = await requireUser(request, { toast: null });
  if (!user.isAdmin) throw data({ message: ADMIN_ACCESS_DENIED }, { status: 403, headers: { "Cache-Control": "no-store" } });
  await requireAdminTwoFactor(request, user, "page");
  return user;
}

export const ADMIN_TWO_FACTOR_REQUIRED = "Admins must turn on two-factor sign-in first (/account/two-factor).";

/**
 * With REQUIRE_ADMIN_2FA=true, an admin without two-factor sign-in is refused every admin page and
 * call: pages and forms go to /account/two-factor to set it up, JSON gets 403 {message}.
 */
async function requireAdminTwoFactor(request: Request, user: UserRow, face: "page" | "api"): Promise<void> {
  if (!adminNeedsTwoFactor(user)) return;
  if (face === "api") throw Response.json({ message: ADMIN_TWO_FACTOR_REQUIRED }, { status: 403, headers: { "Cache-Control": "no-store" } });
  const status = request.method === "GET" || request.method === "HEAD" ? 302 : 303;
  const toast: Toast = { type: "error", title: "Two-factor sign-in required", description: "Turn on two-factor sign-in to use the admin pages." };
  throw redirect("/account/two-factor", { status, headers: { "Set-Cookie": await toastHeader(toast) } });
}

/** A page only signed-out visitors see (the sign-in page): members go home. */
export async function requireAnonymous(request: Request) {
  if (await getUser(request)) throw redirect("/");
}

/**
 * The claimed-user check of every write: a `userId` the client sent (form field or JSON body) must
 * be the session's own. Absent (undefined, null or "") is fine: the session decides.
 */
export function requireSelf(user: Pick<UserRow, "id">, claimed: unknown): void {
  if (claimed === undefined || claimed === null || claimed === "") return;
  if (String(claimed) !== String(user.id)) throw forbidden(NOT_YOURSELF);
}

