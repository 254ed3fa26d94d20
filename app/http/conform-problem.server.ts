import { parse, type SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import { isProblem, PROBLEM_STATUS, type Problem } from "~/lib/problem.ts";

// The Conform renderer: a form that re-renders with its messages (sign-in, sign-up, password,
// profile, admin's new user) answers a Problem as the submission's reply with the Problem's status
// (and headers: Retry-After on a 429). A Problem about a field is that field's error; any other is
// the form's error. A submission that did not parse is Problem("invalid") with zod's messages.

/** Fields never echoed back (passwords), and how the page wraps its result (e.g. with the intent). */
type ReplyOptions<T> = { hideFields?: string[]; wrap?: (result: SubmissionResult<string[]>) => T };
const asResult = <T>(result: SubmissionResult<string[]>) => ({ result }) as T;

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
  { hideFields, wrap = asResult }: ReplyOptions<T> = {},
) {
  if (!isProblem(error)) throw error;
  const result = submission.reply({ ...problemErrors(error), ...(hideFields ? { hideFields } : {}) });
  return data(wrap(result), { status: error.status, headers: error.headers });
}

/** A submission that did not parse: its own (zod) messages, as Problem("invalid")'s 400. */
export function invalidReply<T = { result: SubmissionResult<string[]> }>(
  submission: Reply,
  { hideFields, wrap = asResult }: ReplyOptions<T> = {},
) {
  return data(wrap(submission.reply(hideFields ? { hideFields } : undefined)), { status: PROBLEM_STATUS.invalid });
}

/**
 * The same for a form parsed once elsewhere (by a shared schema, not Conform): its values are echoed
 * back as they were sent, the Problem is its error.
 */
export function formProblemReply<T = { result: SubmissionResult<string[]> }>(
  form: FormData,
  error: unknown,
  options: ReplyOptions<T> = {},
) {
  return problemReply(parse(form, { resolve: () => ({ error: {} }) }), error, options);
}
