// YouTube's failures as one error type: the reason, our message (docs/product.md §8's where it has one) and
// the status our own API answers with. `errorFromEnvelope` reads YouTube's error body.
export type YouTubeErrorReason =
  | "keyNotConfigured"
  | "videoNotFound"
  | "commentsDisabled"
  | "quotaExceeded"
  | "keyInvalid"
  | "invalidPageToken"
  | "badRequest"
  | "timeout"
  | "unavailable";

const MESSAGES: Record<YouTubeErrorReason, string> = {
  keyNotConfigured: "YouTube API key not configured.",
  videoNotFound: "Video not found. It may be private or deleted.",
  commentsDisabled: "Comments are disabled for this video.",
  quotaExceeded: "The YouTube API quota has been used up for today. Please try again later.",
  keyInvalid: "The YouTube API key is not valid. Please ask the site administrator to check it.",
  invalidPageToken: "Those comments are no longer available. Please load the comments again.",
  badRequest: "YouTube rejected the request.",
  timeout: "YouTube did not answer in time. Please try again.",
  unavailable: "Failed to fetch video details",
};

// The HTTP status our own API answers with for each failure.
const STATUS: Record<YouTubeErrorReason, number> = {
  keyNotConfigured: 503,
  videoNotFound: 404,
  commentsDisabled: 403,
  quotaExceeded: 503,
  keyInvalid: 502,
  invalidPageToken: 400,
  badRequest: 502,
  timeout: 504,
  unavailable: 502,
};

export class YouTubeError extends Error {
  readonly status: number;
  constructor(
    readonly reason: YouTubeErrorReason,
    message: string = MESSAGES[reason],
  ) {
    super(message);
    this.name = "YouTubeError";
    this.status = STATUS[reason];
  }
}

type ErrorEnvelope = { error?: { code?: number; message?: string; errors?: { reason?: string; message?: string }[] } };

/** Maps YouTube's error envelope `{error:{code,message,errors:[{reason}]}}` to one of our reasons. */
export function errorFromEnvelope(status: number, body: unknown): YouTubeError {
  const error = (body as ErrorEnvelope | null)?.error;
  const reasons = new Set((error?.errors ?? []).map((e) => e?.reason).filter(Boolean));
  const message = typeof error?.message === "string" ? error.message : "";
  if (reasons.has("commentsDisabled")) return new YouTubeError("commentsDisabled");
  if (reasons.has("quotaExceeded") || reasons.has("dailyLimitExceeded") || reasons.has("rateLimitExceeded")) {
    return new YouTubeError("quotaExceeded");
  }
  if (reasons.has("keyInvalid") || reasons.has("keyExpired") || /API key not valid|API key expired/i.test(message)) {
    return new YouTubeError("keyInvalid");
  }
  if (reasons.has("videoNotFound") || status === 404) return new YouTubeError("videoNotFound");
  if (reasons.has("invalidPageToken")) return new YouTubeError("invalidPageToken");
  if (status === 400) return new YouTubeError("badRequest", message ? `YouTube rejected the request: ${message}` : undefined);
  return new YouTubeError("unavailable", message || `Error: ${status}`);
}
