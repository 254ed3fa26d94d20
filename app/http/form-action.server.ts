import { data, redirect } from "react-router";
import type { UserRow } from "#db/schema.ts";
import { safeRedirect } from "~/lib/redirect.ts";
import { JS_FIELD, TRANSIENT_PARAMS, type ActionReply } from "~/lib/interact.ts";
import { isProblem, type Problem } from "~/lib/problem.ts";
import type { Toast } from "~/lib/toast.ts";
import { AUTH_REQUIRED_TOAST, requireSelf, requireUser, signInPath } from "./guards.server.ts";
import { limitWrite, type WriteKind } from "../integrations/rate-limit.server.ts";
import { getUser } from "./session-cookie.server.ts";
import { redirectWithToast } from "./toast-cookie.server.ts";

// The one pattern of every form action (votes, saves, comments, deletions, follows, admin forms):
// JS on (a fetcher sent the hidden JS_FIELD): answer data for the fetcher, with the toast to show.
// JS off: 303 back to the page the form was on (same-site Referer), to an anchor, with a flash toast.
// A Problem thrown by a model, a schema or the limiter is mapped here once: the fetcher gets its status
// and message, a plain form gets 303 back with the error toast titled `ctx.failTitle`. Who acts is
// answered before that, by requireActor (a visitor goes to sign in; a form naming someone else, 403).

export type Interaction = {
  request: Request;
  form: FormData;
  /** A fetcher sent it: answer data, not a redirect. */
  js: boolean;
  /** The same-site page the form was on (path and query), or the fallback. */
  back: string;
  /** Where on `back` to land (an element id), for success and failure alike. */
  anchor?: string;
  /** The title of the error toast when the action fails ('Failed to post comment' …). */
  failTitle: string;
  /** Extra query params on the way back after a failure (the no-JS comment box's draft …). */
  failParams?: Record<string, string>;
  /** Which write budget the action spends (rate-limit.server.ts). */
  limit: WriteKind;
  clientIp?: string;
};

/** Something that ends the action early: returned (not thrown) to React Router. */
class Stop {
  constructor(readonly value: unknown) {}
}

/** The page the request came from when it is this site's, else null. */
function refererPath(request: Request): string | null {
  const referer = request.headers.get("Referer");
  if (!referer) return null;
  try {
    const from = new URL(referer);
    if (from.host !== new URL(request.url).host) return null;
    return safeRedirect(`${from.pathname}${from.search}`, "") || null;
  } catch {
    return null;
  }
}

/** A fragment a form asked to land on ("post-12"), if it is a plain id. */
export function formAnchor(ctx: Interaction): string | undefined {
  const value = ctx.form.get("anchor");
  return typeof value === "string" && /^[A-Za-z][\w-]{0,63}$/.test(value) ? value : undefined;
}

/** `path` with an anchor; by default without the one-shot params (?replyTo, ?commentError, ?draft). */
export function withAnchor(
  path: string,
  anchor?: string,
  { keepTransient = false, params = {} }: { keepTransient?: boolean; params?: Record<string, string> } = {},
): string {
  const url = new URL(path, "http://local.invalid");
  if (!keepTransient) for (const name of TRANSIENT_PARAMS) url.searchParams.delete(name);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  // Same-site paths only, whatever a crafted route param normalised to (e.g. "//evil.com").
  return safeRedirect(`${url.pathname}${url.search}${anchor ? `#${anchor}` : ""}`);
}

/**
 * Wraps a form action: reads the form once, works out where "back" is, lets helpers end the action
 * early (sign-in needed) and maps every Problem the handler throws to the failure answer.
 */
export function interactionAction<P extends Record<string, string | undefined>>(
  fallback: (params: P) => string,
  handler: (ctx: Interaction, params: P) => Promise<unknown> | unknown,
  { failTitle = "Error", limit = "toggle" }: { failTitle?: string; limit?: WriteKind } = {},
) {
  return async ({ request, params, context }: { request: Request; params: P; context?: { clientIp?: string } }) => {
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      form = new FormData();
    }
    const ctx: Interaction = {
      request,
      form,
      js: form.get(JS_FIELD) === "1",
      back: refererPath(request) ?? fallback(params),
      failTitle,
      limit,
      clientIp: context?.clientIp,
    };
    try {
      return await handler(ctx, params);
    } catch (error) {
      if (error instanceof Stop) return error.value;
      if (isProblem(error)) return failWith(ctx, error);
      throw error;
    }
  };
}

/**
 * The signed-in user acting, through the one guard. A visitor is sent to /auth (coming back to this
 * page and anchor afterwards) with 'Authentication required' — a fetcher gets that as a 401 reply to
 * follow; a form naming another userId is refused (403) by `requireSelf`.
 */
export async function requireActor(ctx: Interaction, toast: Toast = AUTH_REQUIRED_TOAST): Promise<UserRow> {
  let user = await getUser(ctx.request);
  if (!user) {
    // Where to come back to after signing in (made only for visitors).
    const redirectTo = withAnchor(ctx.back, ctx.anchor, { keepTransient: true });
    if (ctx.js) {
      const reply: ActionReply = { ok: false, message: toast.description ?? toast.title, authRequired: true, redirectTo: signInPath(redirectTo), toast };
      throw new Stop(data(reply, { status: 401 }));
    }
    user = await requireUser(ctx.request, { redirectTo, toast });
  }
  try {
    requireSelf(user, ctx.form.get("userId"));
  } catch (error) {
    // Only a tampered form names someone else: a plain 403, no way back to offer.
    if (!ctx.js && isProblem(error)) throw new Stop(new Response(error.message, { status: error.status, headers: { "Content-Type": "text/plain; charset=utf-8" } }));
    throw error;
  }
  await limitWrite(ctx.limit, { userId: user.id, ip: ctx.clientIp });
  return user;
}

/** Success: data for the fetcher, or 303 back to the anchor with the toast. */
export async function succeed<T extends object>(
  ctx: Interaction,
  { toast, anchor = ctx.anchor, to, payload }: { toast?: Toast; anchor?: string; to?: string; payload?: T },
) {
  if (ctx.js) return data<ActionReply<T>>({ ok: true, ...(payload ?? ({} as T)), ...(toast ? { toast } : {}) });
  const target = to ?? withAnchor(ctx.back, anchor);
  return toast ? redirectWithToast(target, toast) : redirect(target, 303);
}

/**
 * A failure: the fetcher gets the status and the toast; without JS, 303 back with the error toast
 * (and `params`, e.g. the one-shot ?commentError that re-renders the box with its message).
 */
export async function fail(
  ctx: Interaction,
  {
    status,
    toast,
    anchor = ctx.anchor,
    params = ctx.failParams,
    headers,
  }: { status: number; toast: Toast; anchor?: string; params?: Record<string, string>; headers?: Record<string, string> },
) {
  if (ctx.js) return data<ActionReply>({ ok: false, message: toast.description ?? toast.title, toast }, { status, headers });
  return redirectWithToast(withAnchor(ctx.back, anchor, { params }), { ...toast, type: "error" });
}

/** The form mapper: a Problem becomes the error toast `failTitle` / its message, with its status. */
export function failWith(ctx: Interaction, problem: Problem) {
  return fail(ctx, { status: problem.status, headers: problem.headers, toast: { type: "error", title: ctx.failTitle, description: problem.message } });
}
