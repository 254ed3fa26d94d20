import { invalid, isProblem, Problem } from "~/lib/problem.ts";
import { searchParamsObject } from "~/rules/schemas/browse-query.ts";
import { admit, withContracts, type Admitted, type Contract, type Method, type RouteArgs } from "../contract.server.ts";
import { withInput, type InputOf } from "../route-input.server.ts";
import { API_AUTH_REQUIRED } from "../guards.server.ts";

/** docs/product.md §7: every API call disables caching. */
export const noStore = { "Cache-Control": "no-store" } as const;

function json(body: unknown, status = 200) {
  return Response.json(body, { status, headers: noStore });
}

/** A new account's post or comment (new or edited) that waits for a moderator: 202 with what waits (only its author sees it). */
export function pendingJson(toast: { readonly description: string }, held: unknown) {
  return json({ pending: true, message: toast.description, held }, 202);
}

/** The Problem of a method an endpoint does not answer: 405 with Allow. */
function notAllowed(allowed: string): Problem {
  return new Problem("method_not_allowed", `Method not allowed: use ${allowed}.`, { headers: { Allow: allowed } });
}

/** A resource route's loader for an endpoint that answers only `allowed` (405 with Allow). */
function methodNotAllowed(allowed: string): Response {
  return problemJson(notAllowed(allowed));
}

// ---- The JSON renderer: a Problem is its status and {message}, no-store. ----

export function problemJson(problem: Problem): Response {
  const headers = { ...noStore, ...problem.headers };
  return Response.json({ ...problem.details, message: problem.message }, { status: problem.status, headers });
}

type WriteMethod = Exclude<Method, "GET">;
type Args = RouteArgs;

/** Sign in first, in the API's words. */
const apiSignIn = () => new Problem("unauthorized", API_AUTH_REQUIRED);

/** One method of a JSON endpoint: its contract and its code, which gets the admitted user and the parsed body. */
export type Endpoint<A, C extends Contract> = C & {
  run: (args: A & { user: Admitted<C["who"]>; input: InputOf<C>; body: unknown }) => unknown | Promise<unknown>;
};

/** Declares one method of a JSON endpoint (gives `run` its types from the contract). */
export function endpoint<const C extends Contract, A extends Args = Args>(c: C, run: Endpoint<A, C>["run"]): Endpoint<A, C> {
  return { ...c, run };
}

// biome-ignore lint: a map of endpoints of any contract; each was typed by `endpoint`.
type AnyEndpoint = Contract & { run: (args: any) => unknown };

/**
 * The action of a JSON resource route: dispatches on the method (405 with Allow otherwise), reads
 * the JSON body (400 when it is not JSON), admits the caller under the method's contract
 * (contract.server.ts: who acts, a body naming another userId, a suspended member's write, the demo
 * account, the budget), parses the body with its schema, answers a returned value as JSON (a
 * Response as it is), and maps any Problem to its status and {message}. `alsoAllow` names the
 * methods the loader answers (GET).
 */
export function apiAction<A extends Args>(
  handlers: Partial<Record<WriteMethod, AnyEndpoint>>,
  { alsoAllow = [] as string[], status = {} as Partial<Record<WriteMethod, number>> } = {},
) {
  const allow = [...alsoAllow, ...Object.keys(handlers)].join(", ");
  const action = async (args: A): Promise<Response> => {
    const method = args.request.method as WriteMethod;
    const handler = handlers[method];
    if (!handler) return problemJson(notAllowed(allow));
    return answer(async () => {
      // Who acts first (a visitor is asked to sign in whatever the body), then the body.
      let reading: Promise<unknown> | undefined;
      const readBody = () => (reading ??= readJson(args.request));
      const user = await admit(handler, args.request, "json", {
        clientIp: args.context?.clientIp,
        signIn: apiSignIn,
        claimed: async () => claimedUserId(await readBody()),
        form: async () => bodyFields(await readBody()),
      });
      const body = await readBody();
      return handler.run(withInput({ ...args, user, body }, handler, () => body));
    }, status[method]);
  };
  const contracts: Partial<Record<Method, Contract>> = {};
  for (const [method, handler] of Object.entries(handlers)) contracts[method as Method] = handler;
  return withContracts(action, contracts, "json");
}

/** The loader or action of an endpoint for the methods it does not answer: 405 with Allow, to anyone. */
export function onlyMethods(allowed: string) {
  const anyone = { who: "anyone", whileSuspended: true, inert: true } as const;
  return withContracts(() => methodNotAllowed(allowed), { GET: anyone, POST: anyone }, "json");
}

/** Runs `run` and answers JSON: its value (status `status`), or the Problem it threw. */
async function answer(run: () => unknown, status = 200): Promise<Response> {
  try {
    const value = await run();
    return value instanceof Response ? value : json(value, status);
  } catch (error) {
    if (isProblem(error)) return problemJson(error);
    throw error;
  }
}

/** Reads a JSON body (at most 64 KB): Problem too_large (413) or invalid (400) for anything else. */
async function readJson(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text.length > 64 * 1024) throw new Problem("too_large", "Request body is too large.");
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw invalid("Request body must be valid JSON.");
  }
}

/** The `userId` a JSON body names (for `requireSelf`), or undefined. */
function claimedUserId(body: unknown): unknown {
  return body && typeof body === "object" ? (body as { userId?: unknown }).userId : undefined;
}

/** A JSON body's fields as a contract's bot trap reads them (null for a field not sent). */
function bodyFields(body: unknown) {
  const fields = body && typeof body === "object" ? (body as Record<string, unknown>) : {};
  return { get: (name: string) => (Object.hasOwn(fields, name) ? fields[name] : null) };
}

/**
 * The loader of a JSON resource route (GET) under its contract: admits the caller, parses the query
 * with the contract's schema, answers its value as JSON, or the Problem it threw.
 */
export function apiLoader<A extends Args, const C extends Contract>(
  c: C,
  handler: (args: A & { user: Admitted<C["who"]>; input: InputOf<C> }) => unknown | Promise<unknown>,
) {
  const loader = (args: A): Promise<Response> =>
    answer(async () => {
      const user = await admit(c, args.request, "json", { clientIp: args.context?.clientIp, signIn: apiSignIn });
      return handler(withInput({ ...args, user }, c, () => searchParamsObject(new URL(args.request.url))) as A & { user: Admitted<C["who"]>; input: InputOf<C> });
    });
  return withContracts(loader, { GET: c }, "json");
}
