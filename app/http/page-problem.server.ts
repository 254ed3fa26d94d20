import { data, redirect } from "react-router";
import { isProblem, type Problem } from "~/lib/problem.ts";
import type { Toast } from "~/lib/toast.ts";
import { signInPath } from "./guards.server.ts";
import { toastHeader } from "./toast-cookie.server.ts";

// The page renderer: a Problem thrown while answering a page (its loader, or an action that answers
// with the page) becomes the route's error data {message} with the Problem's status, for the
// ErrorBoundary. A visitor's `unauthorized` (from requireUser) is the redirect to /auth instead,
// with its toast; a page visit is an ordinary 302, a form's POST 303 (then GET). A `tampered` form
// (naming another user) is a plain-text 403.

/** Throws what `error` means for a page; anything that is not a Problem is thrown on as it is. */
export async function pageProblem(error: unknown, request?: Request): Promise<never> {
  if (!isProblem(error)) throw error;
  if (error.signIn) throw await signInRedirect(error, request);
  if (error.goTo) throw await goToRedirect(error.goTo.path, error.goTo.toast, request);
  // No honest page sent a tampered form: a plain refusal, no page around it.
  if (error.kind === "tampered") throw new Response(error.message, { status: error.status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  throw data({ message: error.message }, { status: error.status, headers: error.headers });
}

function signInRedirect({ signIn }: Problem, request?: Request): Promise<Response> {
  return goToRedirect(signInPath(signIn?.redirectTo ?? "/"), signIn?.toast ?? null, request);
}

async function goToRedirect(path: string, toast: Toast | null, request?: Request): Promise<Response> {
  const method = request?.method ?? "GET";
  const status = method === "GET" || method === "HEAD" ? 302 : 303;
  const headers = toast ? { "Set-Cookie": await toastHeader(toast) } : undefined;
  return redirect(path, { status, headers });
}

/**
 * Wraps a page's loader or action: what it returns passes through, a Problem it throws is rendered
 * by `pageProblem`. The wrapped function keeps its type, so `useLoaderData` still infers it.
 */
export function page<A extends { request: Request }, R>(handler: (args: A) => R | Promise<R>): (args: A) => Promise<R> {
  return async (args) => {
    try {
      return await handler(args);
    } catch (error) {
      return pageProblem(error, args.request);
    }
  };
}
