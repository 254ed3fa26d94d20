import type { z } from "zod";
import { invalid } from "~/lib/problem.ts";
import { parseOrThrow } from "~/rules/schemas/parse.ts";
import type { Contract } from "./contract.server.ts";

// A route's input, as the contract wrappers read it: the body once (a form, or 400), and the value the
// contract's schema parses, handed to the route as `input` (app/http/contract.server.ts).

/** Parses `value` with the contract's schema (its output), or passes `undefined` when it declares none. */
function parseInput<C extends Contract>(contract: C, value: unknown): InputOf<C> {
  return (contract.input ? parseOrThrow(contract.input, value) : undefined) as InputOf<C>;
}

/**
 * `args` with `input`: the value parsed by the contract's schema when the route first reads it, so a
 * route that must first say "not found" or "not yours" (a member's profile, an id) says that before
 * a malformed body is reported. Every route reads it (the schema is declared to be used).
 */
export function withInput<T extends object, C extends Contract>(args: T, contract: C, value: () => unknown): T & { readonly input: InputOf<C> } {
  let parsed: { value: InputOf<C> } | undefined;
  return Object.defineProperty(args, "input", {
    enumerable: true,
    get: () => (parsed ??= { value: parseInput(contract, value()) }).value,
  }) as T & { readonly input: InputOf<C> };
}

export type InputOf<C> = C extends { input: infer S extends z.ZodType } ? z.output<S> : undefined;

/** A form's fields as an object for its schema: each name's last value (files are not taken). */
export function formFields(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string") fields[name] = value;
  return fields;
}

const FORM_UNREADABLE = "The form could not be read.";

/** The request's form: Problem invalid (400) when the body is not a form (JSON, plain text, cut short). */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw invalid(FORM_UNREADABLE);
  }
}
