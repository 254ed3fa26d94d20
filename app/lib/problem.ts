// The one way a model (or a request helper) says why a request cannot be done. Routes never pick status
// codes for these by hand: `PROBLEM_STATUS` is the only mapping, used by the JSON mapper
// (status + {message}) and by the form mapper (toast, or the field error).

export const PROBLEM_STATUS = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_many: 429,
  unavailable: 503,
} as const;

export type ProblemKind = keyof typeof PROBLEM_STATUS;

export class Problem extends Error {
  readonly kind: ProblemKind;
  /** The form field the message belongs to, when it is about one field. */
  readonly field?: string;
  /** HTTP headers the answer carries (Retry-After on a 429). */
  readonly headers?: Record<string, string>;
  constructor(kind: ProblemKind, message: string, options: { field?: string; headers?: Record<string, string> } = {}) {
    super(message);
    this.name = "Problem";
    this.kind = kind;
    this.field = options.field;
    this.headers = options.headers;
  }
  get status(): number {
    return PROBLEM_STATUS[this.kind];
  }
}

export const invalid = (message: string, field?: string) => new Problem("invalid", message, { field });
export const forbidden = (message: string) => new Problem("forbidden", message);
export const notFound = (message: string) => new Problem("not_found", message);
export const unavailable = (message: string) => new Problem("unavailable", message);

export function isProblem(error: unknown): error is Problem {
  return error instanceof Problem;
}
