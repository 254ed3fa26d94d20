import type { Toast } from "./toast.ts";

// The one way anything (a model, a schema, a guard, a request helper) says why a request cannot be
// done. Routes never pick a failure's status by hand: PROBLEM_STATUS is the only mapping, and one
// renderer per kind of answer in app/http/ turns a Problem into what its client reads:
// - JSON (json-api.server.ts, `problemJson`): the status and {message}, no-store;
// - form (form-action.server.ts, `failWith`): a fetcher's reply with the status, or 303 back with
//   an error toast, or the redirect to /auth for a visitor;
// - page (page-problem.server.ts, `pageProblem`): the route's thrown error data for its ErrorBoundary
//   (a visitor is sent to /auth instead);
// - Conform (conform-problem.server.ts, `problemReply`): a Problem about a field is that field's
//   error in the re-rendered form, any other its form error; one with `goTo` is the 303 there.

export const PROBLEM_STATUS = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  /** A request no honest form sends (a body naming another user): refused plainly, no way back. */
  tampered: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  too_large: 413,
  too_many: 429,
  /** Something broke that the person cannot fix: the screen's "Failed to …" text, logged. */
  internal: 500,
  unavailable: 503,
} as const;

export type ProblemKind = keyof typeof PROBLEM_STATUS;

/** Where an `unauthorized` page or form sends its visitor: /auth?redirectTo=…, with a toast (or none). */
export type SignIn = { redirectTo: string; toast: Toast | null };

/** Where a page or form sends its member to put the problem right (a setup page …), with a toast. */
export type GoTo = { path: string; toast: Toast | null };

export type ProblemOptions = {
  field?: string;
  headers?: Record<string, string>;
  signIn?: SignIn;
  goTo?: GoTo;
  /** More fields of the JSON answer beside its message ({success: false} …). */
  details?: Record<string, unknown>;
};

export class Problem extends Error {
  readonly kind: ProblemKind;
  /** The form field the message belongs to, when it is about one field. */
  readonly field?: string;
  /** HTTP headers the answer carries (Retry-After on a 429, Allow on a 405). */
  readonly headers?: Record<string, string>;
  /** For `unauthorized` from a page or form guard: where to sign in and come back. */
  readonly signIn?: SignIn;
  /** For a page or form: where the member can put it right (JSON answers the status and message). */
  readonly goTo?: GoTo;
  /** More fields of the JSON answer beside its message. */
  readonly details?: Record<string, unknown>;
  constructor(kind: ProblemKind, message: string, options: ProblemOptions = {}) {
    super(message);
    this.name = "Problem";
    this.kind = kind;
    this.field = options.field;
    this.headers = options.headers;
    this.signIn = options.signIn;
    this.goTo = options.goTo;
    this.details = options.details;
  }
  get status(): number {
    return PROBLEM_STATUS[this.kind];
  }
}

export const invalid = (message: string, field?: string) => new Problem("invalid", message, { field });
export const forbidden = (message: string) => new Problem("forbidden", message);
export const notFound = (message: string) => new Problem("not_found", message);

/** The one message for each kind of thing an id or a name may fail to find, on every path that looks. */
export const NOT_FOUND = {
  post: "Post not found",
  comment: "Comment not found",
  user: "User not found",
  category: "Category not found",
  version: "Version not found",
  sitemap: "Sitemap not found",
  notification: "Notification not found",
} as const;
export const conflict = (message: string, field?: string) => new Problem("conflict", message, { field });
export const unavailable = (message: string) => new Problem("unavailable", message);
export const internal = (message: string) => new Problem("internal", message);

export function isProblem(error: unknown): error is Problem {
  return error instanceof Problem;
}
