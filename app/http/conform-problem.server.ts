import { parse, type SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import { isProblem, Problem } from "~/lib/problem.ts";

// The Conform renderer: a form that re-renders with its messages (sign-in, sign-up, password,
// profile, admin's new user) answers a Problem as the submission's reply with the Problem's status
// (and headers: Retry-After on a 429). A Problem about a field is that field's error; any other is
// the form's error. A submission that did not parse is Problem("invalid") with zod's messages.

type Reply = { reply(options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] }): SubmissionResult<string[]> };

/** The reply options that put `problem`'s message where it belongs. */
export function problemErrors(problem: Problem): { formErrors?: string[]; fieldErrors?: Record<string, string[]> } {
  return problem.field ? { fieldErrors: { [problem.field]: [problem.message] } } : { formErrors: [problem.message] };
}

/**
 * The answer of a Conform form to `error`: its reply (wrapped by `wrap`, e.g. with the form's
 * intent) and the Problem's status. Anything that is not a Problem is thrown on.
 */
export function problemReply<T = { result: SubmissionResult<string[]> }>(
  submission: Reply,
  error: unknown,
  {
    hideFields,
    wrap = (result) => ({ result }) as T,
  }: { hideFields?: string[]; wrap?: (result: SubmissionResult<string[]>) => T } = {},
) {
  if (!isProblem(error)) throw error;
  const result = submission.reply({ ...problemErrors(error), ...(hideFields ? { hideFields } : {}) });
  return data(wrap(result), { status: error.status, headers: error.headers });
}

/** A submission that did not parse: its own (zod) messages, as Problem("invalid")'s 400. */
export function invalidReply<T = { result: SubmissionResult<string[]> }>(
  submission: Reply,
  {
    hideFields,
    wrap = (result) => ({ result }) as T,
  }: { hideFields?: string[]; wrap?: (result: SubmissionResult<string[]>) => T } = {},
) {
  const problem = new Problem("invalid", "Invalid form.");
  return data(wrap(submission.reply(hideFields ? { hideFields } : undefined)), { status: problem.status });
}

/**
 * The same for a form parsed once elsewhere (by a shared schema, not Conform): its values are echoed
 * back as they were sent, the Problem is its error.
 */
export function formProblemReply<T = { result: SubmissionResult<string[]> }>(
  form: FormData,
  error: unknown,
  options: { hideFields?: string[]; wrap?: (result: SubmissionResult<string[]>) => T } = {},
) {
  return problemReply(parse(form, { resolve: () => ({ error: {} }) }), error, options);
}
