import { z } from "zod";
import { parseId } from "../../lib/id.ts";
import { notFound } from "../../lib/problem.ts";
import { parsedToken } from "./text-fields.ts";

export { parseId };

const ID_MESSAGE = "Invalid id";

/** The id parser as a schema, for bodies and forms: the same rule, with zod's error reporting. */
export const IdSchema = parsedToken(
  z.unknown().transform((value, ctx) => {
    const id = parseId(value);
    if (id === null) {
      ctx.addIssue({ code: "custom", message: ID_MESSAGE });
      return z.NEVER;
    }
    return id;
  }),
);

/** A route param that must be an id; anything else names nothing, so it is Problem("not_found"). */
export function requireId(value: unknown, message: string): number {
  const id = parseId(value);
  if (id === null) throw notFound(message);
  return id;
}
