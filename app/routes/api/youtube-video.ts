// GET /api/youtube/video/{videoId}?sortBy=relevance|time&maxResults=1..100&pageToken=…&searchTerms=…&lc=…
// (docs/product.md §7). `videoId` may be a pasted link: one with &lc={commentId} picks that comment
// (looked up by id, replies too) and answers it as `pickedComment`.
import { z } from "zod";
import { COMMENT_ORDERS, COMMENTS_PAGE_SIZE } from "~/lib/video.ts";
import { parseVideoId } from "~/lib/video-url.ts";
import { invalid } from "~/lib/problem.ts";
import { apiLoader, noStore } from "~/http/answers/json-api.server.ts";
import { findComment, lookupClient } from "~/integrations/video-resolver.server.ts";
import type { CommentPage } from "~/integrations/youtube/client.server.ts";
import { YouTubeError } from "~/integrations/youtube/errors.server.ts";
import { CommentIdSchema, SearchTermsSchema } from "~/rules/schemas/post-input.ts";
import { parseCommentLink } from "~/lib/comment-link.ts";
import { sharedComments } from "~/models/post/quote.server.ts";

const QuerySchema = z.object({
  sortBy: z.enum(COMMENT_ORDERS, { error: "sortBy must be 'relevance' or 'time'." }).default("relevance"),
  maxResults: z.coerce
    .number({ error: "maxResults must be a whole number from 1 to 100." })
    .int("maxResults must be a whole number from 1 to 100.")
    .min(1, "maxResults must be a whole number from 1 to 100.")
    .max(100, "maxResults must be a whole number from 1 to 100.")
    .default(COMMENTS_PAGE_SIZE),
  pageToken: z.string().max(300, "pageToken is too long.").optional(),
  searchTerms: SearchTermsSchema.optional(),
  /** A comment to pick by its id (what a link's &lc= carries). */
  lc: CommentIdSchema.optional(),
});

// Members only: every lookup spends the site's daily YouTube quota.
export const loader = apiLoader({ who: "member", input: QuerySchema }, async ({ params, user, input }) => {
  const videoId = parseVideoId(params.videoId);
  if (!videoId) throw invalid("Please enter a valid YouTube video URL");
  // Not a write budget: the member's lookup budget, the one every path to YouTube spends (lookupClient).
  const client = await lookupClient(user.id);
  if (!client.keyConfigured) {
    // The client can still post by hand: it gets what oEmbed (or the fallback) knows.
    const error = new YouTubeError("keyNotConfigured");
    return Response.json(
      { message: error.message, videoDetails: await client.getKeylessDetails(videoId), comments: [], nextPageToken: null },
      { status: error.status, headers: noStore },
    );
  }

  const { sortBy, maxResults, pageToken, searchTerms } = input;
  const commentId = input.lc ?? parseCommentLink(params.videoId)?.commentId ?? null;
  const [video, page, linked] = await Promise.allSettled([
    client.getVideo(videoId),
    client.getComments({ videoId, order: sortBy, maxResults, pageToken, searchTerms }),
    commentId ? findComment(client, commentId) : Promise.resolve(null),
  ]);
  const failure = video.status === "rejected" ? video.reason : page.status === "rejected" ? page.reason : null;
  // Disabled comments are a property of the video, not a failure: the details still answer.
  const commentsDisabled = failure instanceof YouTubeError && failure.reason === "commentsDisabled";
  if (failure && !commentsDisabled) {
    // YouTube's own failures keep the status the integration gives them (502, 504 …).
    if (failure instanceof YouTubeError) return Response.json({ message: failure.message }, { status: failure.status, headers: noStore });
    throw failure;
  }
  const comments: CommentPage = page.status === "fulfilled" ? page.value : { comments: [], nextPageToken: null };
  // The linked comment, when YouTube has it under this video (null: gone, elsewhere or none asked).
  const found = linked.status === "fulfilled" ? linked.value : null;
  const pickedComment = found && (found.videoId === null || found.videoId === videoId) ? found.comment : null;
  const shared = sharedComments([...comments.comments.map((c) => c.id), ...(pickedComment ? [pickedComment.id] : [])]);
  return Response.json(
    {
      videoDetails: video.status === "fulfilled" ? video.value : null,
      comments: comments.comments,
      nextPageToken: comments.nextPageToken,
      ...(commentId ? { pickedComment } : {}),
      // The listed (and picked) comments already on the site: their post's id and score.
      alreadyShared: Object.fromEntries(shared),
      ...(commentsDisabled ? { commentsDisabled: true, commentsMessage: (failure as YouTubeError).message } : {}),
    },
    { headers: noStore },
  );
});
