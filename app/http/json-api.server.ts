import { data } from "react-router";
import type { z } from "zod";
import { isProblem, type Problem } from "~/lib/problem.ts";
import { parseOrThrow } from "~/lib/schemas/parse.ts";
import { limitWrite, type WriteKind } from "../integrations/rate-limit.server.ts";
import { getUser } from "./session-cookie.server.ts";

/** docs/product.md §7: every API call disables caching. */
export const noStore = { "Cache-Control": "no-store" } as const;

export function jsonError(message: string, status: number, headers?: HeadersInit) {
  return Response.json({ message }, { status, headers: { ...noStore, ...Object.fromEntries(new Headers(headers)) } });
}

export function json(body: unknown, status = 200) {
  return Response.json(body, { status, headers: noStore });
}

/** 405 for a method an endpoint does not answer. */
export function methodNotAllowed(allowed: string) {
  return jsonError(`Method not allowed: use ${allowed}.`, 405, { Allow: allowed });
}

// ---- The JSON mapper: a Problem is its status and {message}. ----

export function problemJson(problem: Problem): Response {
  return jsonError(problem.message, problem.status, problem.headers);
}

type Method = "POST" | "PUT" | "PATCH" | "DELETE";
type Handler<A> = (args: A) => unknown | Promise<unknown>;

/**
 * The action of a JSON resource route: dispatches on the method (405 with Allow otherwise), spends
 * one write of `limit` from the member's and the address's budget (null: the route has a budget of
 * its own, like sign-in), answers a returned value as JSON (a Response as it is), and maps any
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
    if (!handler) return methodNotAllowed(allow);
    return answer(async () => {
      if (limit) await limitWrite(limit, { userId: (await getUser(args.request))?.id, ip: args.context?.clientIp });
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

/** A page loader's mapper: a Problem becomes the route's error (status + {message}) for its ErrorBoundary. */
export function pageProblem(error: unknown): never {
  if (isProblem(error)) throw data({ message: error.message }, { status: error.status });
  throw error;
}

/** Reads a JSON body (at most 64 KB), answering 400 with a message for anything else. */
export async function readJson(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text.length > 64 * 1024) throw jsonError("Request body is too large.", 413);
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw jsonError("Request body must be valid JSON.", 400);
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
