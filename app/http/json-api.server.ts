import type { z } from "zod";
import { invalid, isProblem, Problem } from "~/lib/problem.ts";
import { parseOrThrow } from "~/lib/schemas/parse.ts";
import { limitWrite, type WriteKind } from "../integrations/rate-limit.server.ts";
import { getUser } from "./session-cookie.server.ts";

/** docs/product.md §7: every API call disables caching. */
export const noStore = { "Cache-Control": "no-store" } as const;

export function json(body: unknown, status = 200) {
  return Response.json(body, { status, headers: noStore });
}

/** The Problem of a method an endpoint does not answer: 405 with Allow. */
export function notAllowed(allowed: string): Problem {
  return new Problem("method_not_allowed", `Method not allowed: use ${allowed}.`, { headers: { Allow: allowed } });
}

/** A resource route's loader for an endpoint that answers only `allowed` (405 with Allow). */
export function methodNotAllowed(allowed: string): Response {
  return problemJson(notAllowed(allowed));
}

// ---- The JSON renderer: a Problem is its status and {message}, no-store. ----

export function problemJson(problem: Problem): Response {
  const headers = { ...noStore, ...problem.headers };
  return Response.json({ ...problem.details, message: problem.message }, { status: problem.status, headers });
}

type Method = "POST" | "PUT" | "PATCH" | "DELETE";
type Handler<A> = (args: A) => unknown | Promise<unknown>;

/**
 * The action of a JSON resource route: dispatches on the method (405 with Allow otherwise), spends
 * one write of `limit` from a member's and their address's budget (a visitor's write, refused by the
 * handler's guard, spends nothing; null: the route has a budget of its own, like sign-in), answers a returned value as JSON (a Response as it is), and maps any
 * Problem a model, a schema, a guard or the limiter threw to its status and {message}. `alsoAllow`
 * names the methods the loader answers (GET).
 */
export function apiAction<A extends { request: Request; context?: { clientIp?: string } }>(
  handlers: Partial<Record<Method, Handler<A>>>,
  {
    alsoAllow = [] as string[],
    status = {} as Partial<Record<Method, number>>,
    limit = "toggle" as WriteKind | null,
  } = {},
) {
  const allow = [...alsoAllow, ...Object.keys(handlers)].join(", ");
  return async (args: A): Promise<Response> => {
    const method = args.request.method as Method;
    const handler = handlers[method];
    if (!handler) return problemJson(notAllowed(allow));
    return answer(async () => {
      // Who acts is decided before any budget is spent: a visitor's write is refused by the
      // handler's guard (401) and costs the address nothing.
      const user = limit ? await getUser(args.request) : null;
      if (limit && user) await limitWrite(limit, { userId: user.id, ip: args.context?.clientIp });
      return handler(args);
    }, status[method]);
  };
}

/** Runs `run` and answers JSON: its value (status `status`), or the Problem it threw. */
export async function answer(run: () => unknown, status = 200): Promise<Response> {
  try {
    const value = await run();
    return value instanceof Response ? value : json(value, status);
  } catch (error) {
    if (isProblem(error)) return problemJson(error);
    throw error;
  }
}

/** Reads a JSON body (at most 64 KB): Problem too_large (413) or invalid (400) for anything else. */
export async function readJson(request: Request): Promise<unknown> {
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
export function claimedUserId(body: unknown): unknown {
  return body && typeof body === "object" ? (body as { userId?: unknown }).userId : undefined;
}

/** Parses a JSON body with a shared schema; a failure is Problem("invalid") with the first message. */
export async function parseJsonBody<T extends z.ZodType>(request: Request, schema: T): Promise<z.output<T>> {
  return parseOrThrow(schema, await readJson(request));
}

/** The loader of a JSON resource route: its value as JSON, or the Problem it threw. */
export function apiLoader<A extends { request: Request }>(handler: Handler<A>) {
  return (args: A): Promise<Response> => answer(() => handler(args));
}
