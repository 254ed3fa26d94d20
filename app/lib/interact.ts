import type { Toast } from "./toast.ts";

/** The hidden field a hydrated fetcher form adds: "answer me data, not a redirect". */
export const JS_FIELD = "_js";

/** One-shot URL state (an open reply box, a no-JS validation message, its draft, a confirmation step). */
export const TRANSIENT_PARAMS = ["replyTo", "commentError", "draft", "confirm"] as const;

/** What an interaction action answers a fetcher. */
export type ActionReply<T extends object = object> =
  | ({ ok: true; toast?: Toast } & T)
  | { ok: false; message: string; toast?: Toast; authRequired?: boolean; redirectTo?: string };
