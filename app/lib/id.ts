// The one id parser of the site (no zod here: the browser bundles it too). Every route parameter and
// every body id goes through it, directly or through IdSchema (app/rules/schemas/id-field.ts).
// A positive whole number up to 2^53 − 1, written plainly: "42" or 42, never "007", "1e3", "1.5" or true.

/** A route param (or form field, or JSON value) as an id, or null for anything else. */
export function parseId(value: unknown): number | null {
  if (typeof value === "number") return Number.isSafeInteger(value) && value > 0 ? value : null;
  if (typeof value !== "string" || !/^[1-9]\d{0,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}
