// Sharing a comment: the one path behind the share dialog's form (app/routes/share.tsx) and
// POST /api/posts. The client's submission is checked with SharePostSchema, the video is resolved
// by the server, and one model call stores the post. Every failure is a Problem for the caller's
// mapper (JSON status + {message}, or the dialog's field error / toast); too many shares is 429.
import type { PostRow } from "#db/schema.ts";
import { notFound } from "~/lib/problem.ts";
import { SharePostSchema } from "~/rules/schemas/post-input.ts";
import { parseOrThrow } from "~/rules/schemas/parse.ts";
import { submitPost, type Submitted } from "../spam/submit.server.ts";
import { spendWrite } from "../spam/trust.server.ts";
import { getUserById } from "../user.server.ts";
import { resolveVideo } from "../../integrations/video-resolver.server.ts";

export async function sharePost({ userId, ip, submission }: { userId: number; ip: string | undefined; submission: unknown }): Promise<Submitted<PostRow>> {
  const user = getUserById({ id: userId });
  if (!user) throw notFound("User not found");
  // The 'post' write budget (10 shares an hour; fewer for a new account), spent before YouTube is asked anything.
  await spendWrite("post", { user, ip });
  const { videoId, ...text } = parseOrThrow(SharePostSchema, submission);
  const video = await resolveVideo(videoId);
  // A new account's post may wait for a moderator (spam/submit.server.ts).
  return submitPost(user, { ...text, ...video });
}
