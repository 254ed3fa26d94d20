import { parse, type SubmissionResult } from "@conform-to/react";
import { data, redirect } from "react-router";
import { isProblem, PROBLEM_STATUS, type GoTo, type Problem } from "~/lib/problem.ts";
import { redirectWithToast } from "../cookies/toast-cookie.server.ts";

// The Conform renderer: a form that re-renders with its messages (sign-in, sign-up, password,
// profile, admin's new user) answers a Problem as the submission's reply with the Problem's status
// (and headers: Retry-After on a 429). A Problem about a field is that field's error; any other is
// the form's error. A submission that did not parse is Problem("invalid") with zod's messages.
// A Problem that says where to put it right (`goTo`; e.g. a two-factor step whose sign-in ended
// sends its visitor back to the password) is no re-rendered form but a 303 there, with its toast
// and its headers (the Set-Cookie that forgets what the form no longer needs).

/** Fields never echoed back (passwords, codes), and how the page wraps its result (e.g. with the intent). */
type ReplyOptions<T> = { hideFields?: string[]; wrap?: (result: SubmissionResult<string[]>) => T };
const asResult = <T>(result: SubmissionResult<string[]>) => ({ result }) as T;

type Reply = { reply(options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] }): SubmissionResult<string[]> };

/** The reply options that put `problem`'s message where it belongs. */
function problemErrors(problem: Problem): { formErrors?: string[]; fieldErrors?: Record<string, string[]> } {
  return problem.field ? { fieldErrors: { [problem.field]: [problem.message] } } : { formErrors: [problem.message] };
}

/** A Problem that says where to put it right. */
export type GoToProblem = Problem & { readonly goTo: GoTo };

/** A `GoToProblem`'s answer: 303 to its path with its toast and its headers (cookies appended). */
export async function goToReply(problem: GoToProblem): Promise<Response> {
  const { path, toast } = problem.goTo;
  const headers = new Headers(problem.headers);
  return toast ? redirectWithToast(path, toast, { headers }) : redirect(path, { status: 303, headers });
}

/**
 * The answer of a Conform form to `error`: its reply (wrapped by `wrap`, e.g. with the form's
 * intent) and the Problem's status, or `goToReply` for a Problem with `goTo`. Anything that is not a
 * Problem is thrown on.
 */
export async function problemReply<T = { result: SubmissionResult<string[]> }>(
  submission: Reply,
  error: unknown,
  { hideFields, wrap = asResult }: ReplyOptions<T> = {},
) {
  if (!isProblem(error)) throw error;
  if (error.goTo) return goToReply(error as GoToProblem);
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
