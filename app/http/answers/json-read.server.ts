import { internal, isProblem } from "~/lib/problem.ts";
import { noStore, problemJson } from "./json-api.server.ts";

/**
 * A JSON read: the value with no-store; a Problem is its status and {message}; anything else a
 * logged 500 with docs/product.md §8's message instead of a stack.
 */
export function jsonRead(failure: string, read: () => unknown): Response {
  return jsonAnswer(failure, () => Response.json(read(), { headers: noStore }));
}

/**
 * A page of a JSON list read by offset (docs/product.md §7): the array, and where the next page
 * starts as `Link: <the same URL with offset=next>; rel="next"` (RFC 8288), none where the list ended.
 */
export function jsonPage(failure: string, request: Request, read: () => { items: unknown[]; next: number | null }): Response {
  return jsonAnswer(failure, () => {
    const { items, next } = read();
    const headers = new Headers(noStore);
    if (next !== null) {
      const url = new URL(request.url);
      url.searchParams.set("offset", String(next));
      headers.set("Link", `<${url.href}>; rel="next"`);
    }
    return Response.json(items, { headers });
  });
}

function jsonAnswer(failure: string, answer: () => Response): Response {
  try {
    return answer();
  } catch (error) {
    if (isProblem(error)) return problemJson(error);
    console.error(`${failure}:`, error);
    return problemJson(internal(failure));
  }
}
