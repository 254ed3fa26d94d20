import { internal, isProblem } from "~/lib/problem.ts";
import { noStore, problemJson } from "./json-api.server.ts";

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
