import { isProblem, Problem } from "~/lib/problem.ts";

/**
 * Runs an admin page's read: a Problem passes on as it is; anything else is logged and becomes the
 * `internal` Problem with the screen's docs/product.md §8 text ('Failed to load dashboard data. Please try
 * again.'), for the page renderer.
 */
export function loadOrFail<T>(message: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (isProblem(error)) throw error;
    console.error(`${message}:`, error);
    throw new Problem("internal", message, { headers: { "Cache-Control": "no-store" } });
  }
}
