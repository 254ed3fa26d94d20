import { data, redirect } from "react-router";
import { isProblem, type Problem } from "~/lib/problem.ts";
import type { Toast } from "~/lib/toast.ts";
import { AUTH_REQUIRED_TOAST, signInPath, signInProblem } from "../guards.server.ts";
import { searchParamsObject } from "~/rules/schemas/browse-query.ts";
import { admit, withContracts, type Admitted, type Contract, type Contracted, type RouteArgs } from "../contract.server.ts";
import { readForm, withInput, type InputOf } from "../route-input.server.ts";
import { toastHeader } from "../cookies/toast-cookie.server.ts";

// The page renderer: a Problem thrown while answering a page (its loader, or an action that answers
// with the page) becomes the route's error data {message} with the Problem's status, for the
// ErrorBoundary. A visitor's `unauthorized` (from the contract of a member's page) is the redirect to /auth instead,
// with its toast; a page visit is an ordinary 302, a form's POST 303 (then GET). A `tampered` form
// (naming another user) is a plain-text 403.

/** Throws what `error` means for a page; anything that is not a Problem is thrown on as it is. */
async function pageProblem(error: unknown, request?: Request): Promise<never> {
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


const currentPath = (request: Request) => {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
};

/** Runs `handler`, rendering a Problem it throws by `pageProblem`. */
async function rendered<R>(request: Request, handler: () => R | Promise<R>): Promise<R> {
  try {
    return await handler();
  } catch (error) {
    return pageProblem(error, request);
  }
}

/**
 * A page's loader under its contract (contract.server.ts): admits the caller (a visitor where a
 * member is needed goes to /auth and comes back here; `signIn` may say where and with which toast),
 * parses the query with the contract's schema (a failure is 400), then runs `handler` with the
 * admitted user and the input; what it returns passes through, a Problem it throws is
 * rendered by `pageProblem`. The wrapped function keeps its type, so `useLoaderData` still infers it.
 */
export function page<R, const C extends Contract>(
  c: C,
  handler: (args: RouteArgs & { user: Admitted<C["who"]>; input: InputOf<C> }) => R | Promise<R>,
  { signIn }: { signIn?: (request: Request) => { redirectTo?: string; toast?: Toast | null } } = {},
): ((args: RouteArgs) => Promise<R>) & Contracted {
  const loader = (args: RouteArgs) =>
    rendered(args.request, async () => {
      const user = await admit(c, args.request, "page", { clientIp: args.context?.clientIp, signIn: () => pageSignIn(args.request, signIn) });
      return handler(withInput({ ...args, user: user as Admitted<C["who"]> }, c, () => searchParamsObject(new URL(args.request.url))));
    });
  return withContracts(loader, { GET: c }, "page");
}

function pageSignIn(request: Request, signIn?: (request: Request) => { redirectTo?: string; toast?: Toast | null }): Problem {
  const where = signIn?.(request) ?? {};
  return signInProblem(where.redirectTo ?? currentPath(request), where.toast === undefined ? AUTH_REQUIRED_TOAST : where.toast);
}

/**
 * A page's action (a form that re-renders the page with its messages) under its contract: reads the
 * form once (a body that is not a form is 400), admits the caller (the budget by the form's
 * `intent` where the contract says so), then runs `handler` with the user and the form, which it
 * parses with the contract's schema (Conform's `parseWithZod`, for the reply). A Problem is rendered
 * by `pageProblem`, or, for a refusal of the admission, by `refused` where the page re-renders its
 * form with the message (the sign-in forms: 'Too many attempts …' under the form, with its status).
 */
export function pageAction<R, const C extends Contract, F = never>(
  c: C,
  handler: (args: RouteArgs & { user: Admitted<C["who"]>; form: FormData }) => R | Promise<R>,
  {
    refused,
    signIn,
  }: {
    refused?: (form: FormData, problem: Problem) => F | Promise<F>;
    /** Where a visitor signs in and comes back to, by the form (the share dialog comes back as it was). */
    signIn?: (request: Request, form: FormData) => { redirectTo?: string; toast?: Toast | null };
  } = {},
): ((args: RouteArgs) => Promise<R | F>) & Contracted {
  const action = (args: RouteArgs) =>
    rendered<R | F>(args.request, async () => {
      const form = await readForm(args.request);
      let user: Admitted<C["who"]>;
      try {
        user = (await admit(c, args.request, "page", {
          clientIp: args.context?.clientIp,
          intent: form.get("intent"),
          signIn: () => pageSignIn(args.request, signIn && ((request) => signIn(request, form))),
          claimed: () => form.get("userId"),
          form,
        })) as Admitted<C["who"]>;
      } catch (error) {
        // A refusal the page shows in its form (a spent budget, a suspended member …), when it says how.
        if (!refused || !isProblem(error) || error.signIn || error.kind === "tampered") throw error;
        return refused(form, error);
      }
      return handler({ ...args, user, form });
    });
  return withContracts(action, { POST: c }, "page-form");
}
