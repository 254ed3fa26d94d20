import type { CommentView } from "./types.ts";

/**
 * The post page's thread as its loader sends it: every comment as one JSON text, made once per
 * version of the data and shared by every request (React Router would otherwise serialise the
 * 200 objects of a long thread anew for each page), plus the viewer's own votes by comment id.
 */
export type ThreadData = { json: string; myVotes: Record<number, "up" | "down"> };

/** The thread's comments, oldest first, with the viewer's votes. */
export function threadComments(thread: ThreadData): CommentView[] {
  const list = JSON.parse(thread.json) as CommentView[];
  for (const comment of list) comment.myVote = thread.myVotes[comment.id] ?? null;
  return list;
}
