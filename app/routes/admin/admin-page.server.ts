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

/**
 * How an admin page's loader (`page({ who: "admin" }, …, ADMIN_SIGN_IN)`) sends a visitor to sign
 * in: back to this page, with no toast (the sign-in page is enough; a member gets 403 Access Denied).
 */
export const ADMIN_SIGN_IN = { signIn: () => ({ toast: null }) };
