import { expect } from "vitest";
import { isProblem, type Problem } from "~/lib/problem.ts";

/** A JSON error answer: its status, a JSON body with a string `message` (matching `message` if given). */
export async function expectError(res: Response, status: number, message?: string | RegExp) {
  expect(res.status).toBe(status);
  expect(res.headers.get("content-type")).toMatch(/application\/json/);
  const body = (await res.json()) as { message: string };
  expect(typeof body.message).toBe("string");
  if (message !== undefined) expect(body.message).toMatch(message);
}

/** The Problem `run` throws (the test fails if it throws anything else, or nothing). */
export function problemOf(run: () => unknown): Problem {
  try {
    run();
  } catch (error) {
    if (isProblem(error)) return error;
    throw error;
  }
  throw new Error("expected a Problem");
}
