import { z } from "zod";
import { CATEGORIES } from "../categories.ts";
import { UNKNOWN_VIDEO_ID, VIDEO_ID_PATTERN } from "../video-url.ts";

export const POST_LIMITS = { titleMin: 3, titleMax: 200, commentMax: 500, authorMax: 100 } as const;

/** SPEC §5 / §8 texts of the share flow. */
export const SHARE_MESSAGES = {
  invalidVideo: "Please enter a valid YouTube video URL.",
  missingTitle: "Please enter a post title.",
  missingFields: "Please fill out all fields.",
  failed: "Failed to share the comment.",
} as const;

const VIEW_COUNT = "Video view count must be a whole number.";
const required = (message: string) => z.string({ error: message }).trim().min(1, message);

/**
 * SPEC §3 post creation payload (the author comes from the session, never from here). One schema
 * for the share dialog's action and `POST /api/posts`.
 */
export const CreatePostSchema = z.object({
  title: required(SHARE_MESSAGES.missingTitle)
    .min(POST_LIMITS.titleMin, `Title must be at least ${POST_LIMITS.titleMin} characters.`)
    .max(POST_LIMITS.titleMax, `Title must be at most ${POST_LIMITS.titleMax} characters.`),
  comment: required(SHARE_MESSAGES.missingFields).max(
    POST_LIMITS.commentMax,
    `Comment must be at most ${POST_LIMITS.commentMax} characters.`,
  ),
  commentAuthor: required(SHARE_MESSAGES.missingFields).max(
    POST_LIMITS.authorMax,
    `Comment author must be at most ${POST_LIMITS.authorMax} characters.`,
  ),
  category: required(SHARE_MESSAGES.missingFields).pipe(
    z.enum(CATEGORIES, { error: "Please choose one of the categories." }),
  ),
  videoId: z
    .string({ error: SHARE_MESSAGES.invalidVideo })
    .trim()
    .refine((id) => id === UNKNOWN_VIDEO_ID || VIDEO_ID_PATTERN.test(id), SHARE_MESSAGES.invalidVideo),
  videoTitle: required("Video title is required.").max(300, "Video title must be at most 300 characters."),
  videoChannel: required("Video channel is required.").max(200, "Video channel must be at most 200 characters."),
  videoThumbnail: z
    .string({ error: "Video thumbnail must be an https URL." })
    .trim()
    .max(2000, "Video thumbnail must be at most 2000 characters.")
    .pipe(z.url({ protocol: /^https$/, error: "Video thumbnail must be an https URL." }))
    // Only YouTube's own image hosts: a thumbnail is shown to every visitor (and in link previews).
    .refine((url) => /^(i\d?\.ytimg\.com|img\.youtube\.com)$/.test(new URL(url).hostname), {
      message: "Video thumbnail must be a YouTube image (i.ytimg.com).",
    }),
  // YouTube sends statistics as strings: both "123" and 123 are fine.
  videoViewCount: z
    .union([z.number(), z.string().trim().regex(/^\d+$/, VIEW_COUNT)], { error: VIEW_COUNT })
    .transform(Number)
    .pipe(z.number().int(VIEW_COUNT).min(0, VIEW_COUNT).max(Number.MAX_SAFE_INTEGER, VIEW_COUNT))
    .nullish()
    .transform((v) => v ?? null),
  videoPublishedAt: z.iso
    .datetime({ offset: true, error: "Video date must be an ISO 8601 date and time." })
    .nullish()
    .transform((v) => (v ? new Date(v) : null)),
});

export type CreatePostInput = z.output<typeof CreatePostSchema>;
export type CreatePostPayload = z.input<typeof CreatePostSchema>;
