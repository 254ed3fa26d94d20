import { z } from "zod";
import { CATEGORIES } from "../../lib/category-list.ts";
import { MAX_MOMENT_SECONDS, UNKNOWN_VIDEO_ID, VIDEO_ID_PATTERN } from "../../lib/video-url.ts";
import { COMMENT_ID_PATTERN } from "../../lib/comment-link.ts";
import { POST_LIMITS, SHARE_MESSAGES } from "../post-rules.ts";
import { COMMENT_SEARCH_MAX, PICK_MESSAGES } from "../comment-pick-rules.ts";
import { isoDateField } from "./date-field.ts";
import { textField, tokenField } from "./text-fields.ts";

export { POST_LIMITS, SHARE_MESSAGES };

const VIEW_COUNT = "Video view count must be a whole number.";
const VIDEO_DATE = "Video date must be an ISO 8601 date and time.";

/**
 * What the person sharing writes (docs/product.md §3 / §5): the post's title, the comment, its author and a
 * category. The title rule lives here and only here (the dialog's step 1, its submit and the API).
 */
export const PostTextSchema = z.object({
  title: textField({
    type: SHARE_MESSAGES.missingTitle,
    required: SHARE_MESSAGES.missingTitle,
    min: { length: POST_LIMITS.titleMin, message: `Title must be at least ${POST_LIMITS.titleMin} characters.` },
    max: { length: POST_LIMITS.titleMax, message: `Title must be at most ${POST_LIMITS.titleMax} characters.` },
  }),
  comment: textField({
    type: SHARE_MESSAGES.missingFields,
    required: SHARE_MESSAGES.missingFields,
    max: { length: POST_LIMITS.commentMax, message: `Comment must be at most ${POST_LIMITS.commentMax} characters.` },
  }),
  commentAuthor: textField({
    type: SHARE_MESSAGES.missingFields,
    required: SHARE_MESSAGES.missingFields,
    max: { length: POST_LIMITS.authorMax, message: `Comment author must be at most ${POST_LIMITS.authorMax} characters.` },
  }),
  category: textField({ type: SHARE_MESSAGES.missingFields, required: SHARE_MESSAGES.missingFields }).pipe(
    z.enum(CATEGORIES, { error: "Please choose one of the categories." }),
  ),
});

/**
 * An edit of a post (PATCH /api/posts/:id, the /post/:id/edit form): any of the title, the category and
 * the quoted comment's author, with the rules of sharing. The video and the quote stay as shared.
 */
export const PostEditSchema = PostTextSchema.pick({ title: true, category: true, commentAuthor: true })
  .partial()
  .refine((v) => v.title !== undefined || v.category !== undefined || v.commentAuthor !== undefined, {
    message: "Give a title, a category or a comment author to change.",
  });
export type PostEditInput = z.output<typeof PostEditSchema>;

/** The share dialog's step 1 → 2 check of the title: the same rule, alone. */
export const PostTitleSchema = PostTextSchema.pick({ title: true });

/** What is wrong with a post title (the one rule, PostTitleSchema), or null when it is fine. */
export function postTitleError(title: string): string | null {
  return PostTitleSchema.safeParse({ title }).error?.issues[0]?.message ?? null;
}

/** An 11-character YouTube id, or 'unknown' (docs/product.md §5's no-key fallback when no id could be read). */
export const VideoIdSchema = tokenField(SHARE_MESSAGES.invalidVideo, SHARE_MESSAGES.invalidVideo).refine((id) => id === UNKNOWN_VIDEO_ID || VIDEO_ID_PATTERN.test(id), SHARE_MESSAGES.invalidVideo);

const VIDEO_START = `Video start must be a whole number of seconds from 0 to ${MAX_MOMENT_SECONDS}.`;

/**
 * The moment of the video a post starts at (the shared link's t=, docs/product.md §3), in whole
 * seconds; absent, null or 0 is the start (null).
 */
export const VideoStartSchema = z
  .number({ error: VIDEO_START })
  .int(VIDEO_START)
  .min(0, VIDEO_START)
  .max(MAX_MOMENT_SECONDS, VIDEO_START)
  .nullish()
  .transform((v) => v || null);

/**
 * What a client submits to share (the dialog's form and `POST /api/posts`): the text, which video and
 * the moment of it. Anything else a client sends about the video (title, channel, thumbnail, counts)
 * is dropped here: the server looks the video up itself (app/integrations/video-resolver.server.ts).
 */
export const SharePostSchema = PostTextSchema.extend({ videoId: VideoIdSchema, videoStart: VideoStartSchema });

/** A YouTube comment id (a reply's holds a dot): what a member picked. */
export const CommentIdSchema = tokenField(PICK_MESSAGES.invalidCommentId, PICK_MESSAGES.invalidCommentId).regex(
  COMMENT_ID_PATTERN,
  PICK_MESSAGES.invalidCommentId,
);

/**
 * A share of a picked comment (the dialog's pick, `POST /api/posts` with `youtubeCommentId`): the
 * title, the category, the video and the comment's id. Its text, author and numbers are YouTube's,
 * looked up by the server; a text, author or count the client sends beside it is dropped.
 */
export const SharePickSchema = PostTextSchema.pick({ title: true, category: true }).extend({
  videoId: VideoIdSchema,
  youtubeCommentId: CommentIdSchema,
});

/** The words of a search over a video's comments (the dialog's box and GET /api/youtube/video/{id}). */
export const SearchTermsSchema = textField({
  type: PICK_MESSAGES.searchTooLong,
  max: { length: COMMENT_SEARCH_MAX, message: PICK_MESSAGES.searchTooLong },
}).transform((v) => v.replace(/\s+/g, " "));

/** The words to search for (the one rule, SearchTermsSchema): "" for none, null when they are too long. */
export function searchTermsOf(value: string): string | null {
  const parsed = SearchTermsSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** What the server found out about the video (YouTube's Data API, oEmbed or the docs/product.md §5 fallback). */
export const VideoFactsSchema = z.object({
  videoId: VideoIdSchema,
  videoTitle: textField({
    type: "Video title is required.",
    required: "Video title is required.",
    max: { length: 300, message: "Video title must be at most 300 characters." },
  }),
  videoChannel: textField({
    type: "Video channel is required.",
    required: "Video channel is required.",
    max: { length: 200, message: "Video channel must be at most 200 characters." },
  }),
  videoThumbnail: tokenField("Video thumbnail must be an https URL.", "Video thumbnail must be an https URL.")
    .max(2000, "Video thumbnail must be at most 2000 characters.")
    .pipe(z.url({ protocol: /^https$/, error: "Video thumbnail must be an https URL." }))
    // Only YouTube's own image hosts: a thumbnail is shown to every visitor (and in link previews).
    .refine((url) => /^(i\d?\.ytimg\.com|img\.youtube\.com)$/.test(new URL(url).hostname), {
      message: "Video thumbnail must be a YouTube image (i.ytimg.com).",
    }),
  // YouTube sends statistics as strings: both "123" and 123 are fine.
  videoViewCount: z
    .union([z.number(), tokenField(VIEW_COUNT, VIEW_COUNT).regex(/^\d+$/, VIEW_COUNT)], { error: VIEW_COUNT })
    .transform(Number)
    .pipe(z.number().int(VIEW_COUNT).min(0, VIEW_COUNT).max(Number.MAX_SAFE_INTEGER, VIEW_COUNT))
    .nullish()
    .transform((v) => v ?? null),
  videoPublishedAt: isoDateField("date-time", VIDEO_DATE)
    .nullish()
    .transform((v) => v ?? null),
});

const COUNT = "A YouTube count must be a whole number.";
const count = z.number({ error: COUNT }).int(COUNT).min(0, COUNT).max(Number.MAX_SAFE_INTEGER, COUNT).nullish().transform((v) => v ?? null);

/**
 * What the server found out about a picked comment (comments.list by its id), with the quote's key
 * (app/rules/quote-key.ts). A quote typed by hand has only its key.
 */
export const CommentFactsSchema = z.object({
  youtubeCommentId: CommentIdSchema.nullish().transform((v) => v ?? null),
  commentLikeCount: count,
  commentReplyCount: count,
  commentPublishedAt: isoDateField("date-time", VIDEO_DATE)
    .nullish()
    .transform((v) => v ?? null),
  youtubeCheckedAt: isoDateField("date-time", VIDEO_DATE)
    .nullish()
    .transform((v) => v ?? null),
  quoteKey: textField({ type: "A quote key is text.", max: { length: 1000, message: "A quote key is at most 1000 characters." } })
    .nullish()
    .transform((v) => v || null),
});

/** A new post as the model stores it: the person's text, the moment, the server's video facts and the comment's. */
export const NewPostSchema = PostTextSchema.extend({ ...VideoFactsSchema.shape, videoStart: VideoStartSchema }).extend(CommentFactsSchema.partial().shape);

export type SharePostInput = z.output<typeof SharePostSchema>;
export type VideoFacts = z.input<typeof VideoFactsSchema>;
export type CommentFacts = z.input<typeof CommentFactsSchema>;
export type NewPostInput = z.input<typeof NewPostSchema>;
