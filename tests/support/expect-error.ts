import { expect } from "vitest";

/** A JSON error answer: its status, a JSON body with a string `message` (matching `message` if given). */
export async function expectError(res: Response, status: number, message?: string | RegExp) {
  expect(res.status).toBe(status);
  expect(res.headers.get("content-type")).toMatch(/application\/json/);
  const body = (await res.json()) as { message: string };
  expect(typeof body.message).toBe("string");
  if (message !== undefined) expect(body.message).toMatch(message);
}
