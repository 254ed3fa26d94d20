import type { z } from "zod";
import { internal, invalid, isProblem } from "~/lib/problem.ts";
import { searchParamsObject } from "~/lib/schemas/browse.ts";
import { noStore, problemJson } from "./json-api.server.ts";

/** Parses a request's query string with a schema; a failure is Problem("invalid") with the first message. */
export function parseQuery<T extends z.ZodType>(request: Request, schema: T): z.infer<T> {
  const result = schema.safeParse(searchParamsObject(new URL(request.url)));
  if (!result.success) throw invalid(result.error.issues[0]?.message ?? "Invalid request.");
  return result.data;
}

/**
 * A JSON read: the value with no-store; a Problem is its status and {message}; anything else a
 * logged 500 with docs/product.md §8's message instead of a stack.
 */
export function jsonRead(failure: string, read: () => unknown): Response {
  try {
    return Response.json(read(), { headers: noStore });
  } catch (error) {
    if (isProblem(error)) return problemJson(error);
    console.error(`${failure}:`, error);
    return problemJson(internal(failure));
  }
}
