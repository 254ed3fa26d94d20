import { data, redirect } from "react-router";
import type { UserRow } from "#db/schema.ts";
import { safeRedirect } from "~/lib/redirect.ts";
import { JS_FIELD, TRANSIENT_PARAMS, type ActionReply } from "~/lib/interact.ts";
import type { Toast } from "~/lib/toast.ts";
import { parseId } from "~/lib/schemas/interact.ts";
import { jsonError, noStore } from "./http.server.ts";
import { getUser, requireApiUser } from "./session.server.ts";
import { redirectWithToast } from "./toast.server.ts";

// The one pattern of every interaction action (votes, saves, comments, deletions):
// JS on (a fetcher sent the hidden JS_FIELD): answer data for the fetcher, with the toast to show.
// JS off: 303 back to the page the form was on (same-site Referer), to an anchor, with a flash toast.

const AUTH_TOAST: Toast = {
  type: "error",
  title: "Authentication required",
  description: "Please sign in to interact with comments.",
};

export type Interaction = {
  request: Request;
  form: FormData;
  /** A fetcher sent it: answer data, not a redirect. */
  js: boolean;
  /** The same-site page the form was on (path and query), or the fallback. */
  back: string;
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
 * Wraps an interaction action: reads the form once, works out where "back" is, and lets helpers
 * end the action early (sign-in needed, someone else's userId) by throwing a Stop.
 */
export function interactionAction<P extends Record<string, string | undefined>>(
  fallback: (params: P) => string,
  handler: (ctx: Interaction, params: P) => Promise<unknown> | unknown,
) {
  return async ({ request, params }: { request: Request; params: P }) => {
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
    };
    try {
      return await handler(ctx, params);
    } catch (error) {
      if (error instanceof Stop) return error.value;
      throw error;
    }
  };
}

/**
 * The signed-in user acting. A visitor is sent to /auth (coming back to this page and anchor
 * afterwards) with 'Authentication required'; a form naming another userId is refused (403).
 */
export async function requireActor(ctx: Interaction, anchor?: string): Promise<UserRow> {
  const user = await getUser(ctx.request);
  if (!user) {
    const redirectTo = `/auth?${new URLSearchParams({ redirectTo: withAnchor(ctx.back, anchor, { keepTransient: true }) })}`;
    if (ctx.js) {
      throw new Stop(
        data<ActionReply>({ ok: false, message: AUTH_TOAST.description!, authRequired: true, redirectTo, toast: AUTH_TOAST }, { status: 401 }),
      );
    }
    throw new Stop(await redirectWithToast(redirectTo, AUTH_TOAST));
  }
  const claimed = ctx.form.get("userId");
  if (typeof claimed === "string" && claimed !== "" && claimed !== String(user.id)) {
    const message = "You can only act as yourself.";
    throw new Stop(
      ctx.js
        ? data<ActionReply>({ ok: false, message, toast: { type: "error", title: "Error", description: message } }, { status: 403 })
        : new Response(message, { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } }),
    );
  }
  return user;
}

/** Success: data for the fetcher, or 303 back to the anchor with the toast. */
export async function succeed<T extends object>(
  ctx: Interaction,
  { toast, anchor, to, payload }: { toast?: Toast; anchor?: string; to?: string; payload?: T },
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
  { status, toast, anchor, params }: { status: number; toast: Toast; anchor?: string; params?: Record<string, string> },
) {
  if (ctx.js) return data<ActionReply>({ ok: false, message: toast.description ?? toast.title, toast }, { status });
  return redirectWithToast(withAnchor(ctx.back, anchor, { params }), { ...toast, type: "error" });
}

// ---- JSON endpoints (SPEC §7) ----

/** The signed-in user (401 otherwise); a body naming another userId is refused with 403. */
export async function requireApiActor(request: Request, claimedUserId?: number): Promise<UserRow> {
  const user = await requireApiUser(request);
  if (claimedUserId !== undefined && claimedUserId !== user.id) throw jsonError("You can only act as yourself.", 403);
  return user;
}

/** 405 for a method an endpoint does not answer. */
export function methodNotAllowed(allowed: string) {
  return jsonError("Method not allowed", 405, { Allow: allowed });
}

/** A route param as an id, or a 404 with `message`. */
export function requireParamId(value: string | undefined, message: string): number {
  const id = parseId(value);
  if (id === null) throw jsonError(message, 404);
  return id;
}

export function json(body: unknown, status = 200) {
  return Response.json(body, { status, headers: noStore });
}
