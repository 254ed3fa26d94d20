import type { Toast } from "../../lib/toast.ts";

/** The hidden field a hydrated fetcher form adds: "answer me data, not a redirect". */
export const JS_FIELD = "_js";

/** One-shot URL state of the thread (an open reply box, a no-JS validation message, its draft). */
export const TRANSIENT_PARAMS = ["replyTo", "commentError", "draft", "confirm", "report", "edit", "editError"] as const;

/** What an interaction action answers a fetcher. */
export type ActionReply<T extends object = object> =
  | ({ ok: true; toast?: Toast } & T)
  | { ok: false; message: string; toast?: Toast; authRequired?: boolean; redirectTo?: string };
