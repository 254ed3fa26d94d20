import type { z } from "zod";
import { invalid } from "../../lib/problem.ts";

/** Parses with a shared schema; a failure is a Problem("invalid") with the first message and its field. */
export function parseOrThrow<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = typeof issue?.path[0] === "string" ? issue.path[0] : undefined;
  throw invalid(issue?.message ?? "Invalid request.", field);
}
