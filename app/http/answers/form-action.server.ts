import { data, redirect } from "react-router";
import { safeRedirect } from "~/lib/redirect.ts";
import { JS_FIELD, TRANSIENT_PARAMS, type ActionReply } from "~/rules/interactions/action-reply.ts";
import { isProblem, type Problem } from "~/lib/problem.ts";
import type { Toast } from "~/lib/toast.ts";
import { AUTH_REQUIRED_TOAST, signInPath, signInProblem } from "../guards.server.ts";
import { admit, withContracts, type Admitted, type Contract, type Who } from "../contract.server.ts";
import { formFields, readForm, withInput, type InputOf } from "../route-input.server.ts";
import { redirectWithToast } from "../cookies/toast-cookie.server.ts";
import { draftHeader, type FlashDraft } from "../cookies/draft-cookie.server.ts";

// The one pattern of every form action (votes, saves, comments, deletions, follows, admin forms):
// JS on (a fetcher sent the hidden JS_FIELD): answer data for the fetcher, with the toast to show.
// JS off: 303 back to the page the form was on (same-site Referer), to an anchor, with a flash toast.
// This is also the form renderer of a Problem (`failWith`): whatever the handler, a model, a schema,
// a guard or the limiter threw gets its status and message as the fetcher's reply, or 303 back with
// the error toast; a visitor's `unauthorized` is the way to /auth (and back); a `tampered` form
// (naming another user) is a plain 403 without JS, since no honest page sent it.

export type Interaction<W extends Who = Who, I = unknown> = {
  readonly request: Request;
  readonly form: FormData;
  /** A fetcher sent it: answer data, not a redirect. */
  readonly js: boolean;
  /** The same-site page the form was on (path and query), or the fallback. */
  readonly back: string;
  /** Where on `back` to land (an element id), for success and failure alike. */
  readonly anchor?: string;
  readonly clientIp?: string;
  /** Who acts, as the route's contract admitted them (a member or an admin is never null). */
  readonly user: Admitted<W>;
  /** The form parsed by the contract's schema. */
  readonly input: I;
};

/** How a route's form action answers; each is read from the form, never set later. */
export type InteractionOptions<P> = {
  /** The title of the error toast ('Failed to post comment' …), by the form and the Problem. */
  failTitle?: string | ((form: FormData, problem: Problem) => string);
  /** Where on the page to land back (an element id), for success and failure alike. */
  anchor?: (form: FormData, params: P) => string | undefined;
  /** What the no-JS answer keeps on failure, as one-shot query params (the comment box's draft …). */
  keepOnFailure?: (form: FormData, problem: Problem) => Record<string, string>;
  /** The text the no-JS answer hands back to its box on failure, by a flash cookie (never in the URL). */
  draftOnFailure?: (form: FormData, params: P) => FlashDraft | null;
  /** The sign-in toast a visitor gets (default 'Authentication required'). */
  signInToast?: Toast;
};

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
export function formAnchor(form: FormData): string | undefined {
  const value = form.get("anchor");
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
 * Builds a form action (the page form without JavaScript and the fetcher alike) under its contract:
 * reads the form once (a body that is not a form is 400), works out where "back" is and where to
 * land, admits the caller (app/http/contract.server.ts: who acts, a form naming another userId is
 * `tampered`, a suspended member's write, the demo account, the budget), parses the form with the
 * contract's schema, then runs `handler`; every Problem on the way is rendered by `failWith`.
 */
export function interactionAction<P extends Record<string, string | undefined>, C extends Contract>(
  contract: C,
  fallback: (params: P) => string,
  handler: (ctx: Interaction<C["who"], InputOf<C>>, params: P) => Promise<unknown> | unknown,
  { failTitle = "Error", anchor, keepOnFailure, draftOnFailure, signInToast = AUTH_REQUIRED_TOAST }: InteractionOptions<P> = {},
) {
  const action = async ({ request, params, context }: { request: Request; params: P; context?: { clientIp?: string } }) => {
    let form: FormData;
    let unreadable: Problem | null = null;
    try {
      form = await readForm(request);
    } catch (error) {
      if (!isProblem(error)) throw error;
      form = new FormData();
      unreadable = error;
    }
    const base = {
      request,
      form,
      js: form.get(JS_FIELD) === "1",
      back: refererPath(request) ?? fallback(params),
      anchor: anchor?.(form, params),
      clientIp: context?.clientIp,
    };
    try {
      if (unreadable) throw unreadable;
      const user = await admit(contract, request, "form", {
        intent: form.get("intent"),
        clientIp: base.clientIp,
        // Where to come back to after signing in (made only for visitors).
        signIn: () => signInProblem(withAnchor(base.back, base.anchor, { keepTransient: true }), signInToast),
        claimed: () => form.get("userId"),
        form,
      });
      return await handler(withInput({ ...base, user }, contract, () => formFields(form)) as Interaction<C["who"], InputOf<C>>, params);
    } catch (error) {
      if (!isProblem(error)) throw error;
      const title = typeof failTitle === "function" ? failTitle(form, error) : failTitle;
      return failWith(base, error, { title, keep: keepOnFailure?.(form, error), draft: draftOnFailure?.(form, params) });
    }
  };
  return withContracts(action, { POST: contract }, "form");
}

/** Success: data for the fetcher, or 303 back to the anchor with the toast. */
export async function succeed<T extends object>(
  ctx: Pick<Interaction, "js" | "back" | "anchor">,
  { toast, anchor = ctx.anchor, to, payload }: { toast?: Toast; anchor?: string; to?: string; payload?: T },
) {
  if (ctx.js) return data<ActionReply<T>>({ ok: true, ...(payload ?? ({} as T)), ...(toast ? { toast } : {}) });
  const target = to ?? withAnchor(ctx.back, anchor);
  return toast ? redirectWithToast(target, toast) : redirect(target, 303);
}

/**
 * The form renderer. A fetcher gets the Problem's status and its message as `ActionReply` (a
 * visitor's also says where to sign in); without JS, 303 back to the anchor with the error toast
 * `title` / message (and `keep`, e.g. the one-shot ?commentError that re-renders the box with its
 * message), or 303 to /auth for a visitor, or a plain 403 for a tampered form.
 */
export async function failWith(
  ctx: Pick<Interaction, "js" | "back" | "anchor">,
  problem: Problem,
  { title = "Error", keep, draft }: { title?: string; keep?: Record<string, string>; draft?: FlashDraft | null } = {},
) {
  const { signIn } = problem;
  if (signIn) {
    const to = signInPath(signIn.redirectTo);
    if (ctx.js) {
      const reply: ActionReply = { ok: false, message: problem.message, authRequired: true, redirectTo: to, ...(signIn.toast ? { toast: signIn.toast } : {}) };
      return data(reply, { status: problem.status });
    }
    return signIn.toast ? redirectWithToast(to, signIn.toast) : redirect(to, 303);
  }
  if (problem.goTo && !ctx.js) {
    const { path, toast } = problem.goTo;
    return toast ? redirectWithToast(path, toast) : redirect(path, 303);
  }
  if (problem.kind === "tampered" && !ctx.js) {
    return new Response(problem.message, { status: problem.status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const toast: Toast = { type: "error", title, description: problem.message };
  if (ctx.js) return data<ActionReply>({ ok: false, message: problem.message, toast }, { status: problem.status, headers: problem.headers });
  const kept = draft ? draftHeader(draft) : null;
  return redirectWithToast(withAnchor(ctx.back, ctx.anchor, { params: keep }), toast, kept ? { headers: { "Set-Cookie": kept } } : {});
}
