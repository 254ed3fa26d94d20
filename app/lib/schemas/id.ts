import { z } from "zod";
import { notFound } from "../problem.ts";

// The one id parser of the site: every route parameter and every body id goes through it.
// A positive whole number up to 2^53 − 1, written plainly: "42" or 42, never "007", "1e3", "1.5" or true.

const ID_MESSAGE = "Invalid id";

export const IdSchema = z.union([
  z.number({ error: ID_MESSAGE }).int(ID_MESSAGE).positive(ID_MESSAGE).max(Number.MAX_SAFE_INTEGER, ID_MESSAGE),
  z
    .string({ error: ID_MESSAGE })
    .regex(/^[1-9]\d{0,15}$/, ID_MESSAGE)
    .transform(Number)
    .refine((n) => n <= Number.MAX_SAFE_INTEGER, ID_MESSAGE),
], { error: ID_MESSAGE });

/** A route param (or form field) as an id, or null for anything else ("abc", "0", "007", "-1"). */
export function parseId(value: unknown): number | null {
  const result = IdSchema.safeParse(value ?? "");
  return result.success ? result.data : null;
}

/** A route param that must be an id; anything else names nothing, so it is Problem("not_found"). */
export function requireId(value: unknown, message: string): number {
  const id = parseId(value);
  if (id === null) throw notFound(message);
  return id;
}
