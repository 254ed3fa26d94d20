import { data } from "react-router";
import { isProblem } from "~/lib/problem.ts";

/**
 * Runs an admin page's read: a Problem keeps its status and message; anything else is logged and
 * becomes a 500 with the screen's docs/product.md §8 text ('Failed to load dashboard data. Please try again.').
 */
export function loadOrFail<T>(message: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (isProblem(error)) throw data({ message: error.message }, { status: error.status });
    console.error(`${message}:`, error);
    throw data({ message }, { status: 500, headers: { "Cache-Control": "no-store" } });
  }
}
