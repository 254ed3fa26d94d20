// Sharing a comment: the one path behind the share dialog's form (app/routes/share.tsx) and
// POST /api/posts. The client's submission is checked with SharePostSchema, the video is resolved
// by the server, and one model call stores the post. Every failure is a Problem for the caller's
// mapper (JSON status + {message}, or the dialog's field error / toast); too many shares is 429.
import type { PostRow } from "#db/schema.ts";
import { SharePostSchema } from "~/lib/schemas/post.ts";
import { parseOrThrow } from "~/lib/schemas/parse.ts";
import { createPost } from "~/models/post/index.server.ts";
import { limitWrite } from "../../integrations/rate-limit.server.ts";
import { resolveVideo } from "../../integrations/video-resolver.server.ts";

export async function sharePost({ userId, ip, submission }: { userId: number; ip: string | undefined; submission: unknown }): Promise<PostRow> {
  // The 'post' write budget (10 shares an hour), spent before YouTube is asked anything.
  await limitWrite("post", { userId, ip });
  const { videoId, ...text } = parseOrThrow(SharePostSchema, submission);
  const video = await resolveVideo(videoId);
  return createPost({ userId, ...text, ...video });
}
