// The post page's thread: every comment of a post as every viewer sees it, kept while nothing it is
// read from changed (data-version.server.ts): a new comment, a deletion, a vote on a comment or a
// renamed author shows at the next request, in this worker and in any other (lag 0). Bounded to
// about 20,000 comments (a few MB) across threads.
import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import { comments, users, votes } from "#db/schema.ts";
import type { ThreadData } from "~/lib/comment-thread.ts";
import type { CommentView } from "~/lib/types.ts";
import { commentColumns, DELETED_TEXT } from "./comment.server.ts";
import { BLOCKED_COMMENT_TEXT } from "~/rules/interactions/block-member.ts";
import { MUTED_COMMENT_TEXT, type VisitorMutes } from "~/rules/mute-rules.ts";
import { blockedBy } from "./block.server.ts";
import { mutingFor } from "./mute/mute.server.ts";
import { mutedCommentIds } from "./mute/muted-sql.server.ts";
import { versionedCache } from "./data-version.server.ts";
import { prepared } from "./db.server.ts";
import { knownMembers } from "./mention.server.ts";
import { mentionedNames } from "~/lib/mentions.ts";

// A thread's comments, read as arrays (Drizzle's `.values()`) and mapped by position in readThread, in
// this order (a comment's columns, then when it was deleted): on a long thread Drizzle's own row
// mapping cost about as much as the SQL.
const threadColumns = { ...commentColumns, deletedAt: comments.deletedAt };
type ThreadRow = [
  id: number,
  postId: number,
  userId: number | null,
  username: string | null,
  parentId: number | null,
  content: string,
  upvotes: number,
  downvotes: number,
  createdAt: number,
  editedAt: number | null,
  deletedAt: number | null,
];
const CONTENT = 5;
const DELETED_AT = 10;

const threadStatements = prepared((db) => ({
  rows: db
    .select(threadColumns)
    .from(comments)
    .leftJoin(users, eq(users.id, comments.userId))
    .where(eq(comments.postId, sql.placeholder("postId")))
    .orderBy(asc(comments.createdAt), asc(comments.id))
    .prepare(),
  viewerVotes: db
    .select({ commentId: votes.commentId, isUpvote: votes.isUpvote })
    .from(votes)
    .innerJoin(comments, eq(comments.id, votes.commentId))
    .where(
      and(eq(votes.userId, sql.placeholder("viewerId")), eq(comments.postId, sql.placeholder("postId")), isNotNull(votes.commentId)),
    )
    .prepare(),
}));

const threads = versionedCache<number, readonly CommentView[]>({
  name: "thread",
  tables: ["comments", "users:username"],
  maxWeight: 20_000,
  weigh: (list) => list.length * 2 + 1,
  freeze: true,
});
// Each kept thread as JSON, made on first use by the page.
const threadJson = new WeakMap<readonly CommentView[], string>();

function readThread(postId: number): readonly CommentView[] {
  return threads.get(postId, () => {
    const rows = threadStatements().rows.values({ postId }) as ThreadRow[];
    // The members the thread's @mentions name, in one query (a new or renamed member moves the version).
    const names = new Set<string>();
    for (const r of rows) if (r[DELETED_AT] === null) for (const name of mentionedNames(r[CONTENT])) names.add(name);
    const known = knownMembers([...names]);
    return rows.map(([id, postId, userId, username, parentId, content, upvotes, downvotes, createdAt, editedAt, deletedAt]): CommentView => {
      const deleted = deletedAt !== null;
      const mentions = deleted ? {} : mentionsIn(content, known);
      return {
        id,
        postId,
        userId: deleted ? null : userId,
        username: deleted ? DELETED_TEXT : (username ?? "Unknown"),
        parentId,
        content: deleted ? DELETED_TEXT : content,
        upvotes,
        downvotes,
        createdAt: new Date(createdAt).toISOString(),
        isDeleted: deleted,
        editedAt: deleted || editedAt === null ? null : new Date(editedAt).toISOString(),
        ...(Object.keys(mentions).length > 0 ? { mentions } : {}),
        myVote: null,
      };
    });
  });
}

/** The known members one comment names. */
function mentionsIn(content: string, known: Record<string, number>): Record<string, number> {
  const mine: Record<string, number> = {};
  for (const name of mentionedNames(content)) if (known[name] !== undefined) mine[name] = known[name];
  return mine;
}

function viewerVotes(postId: number, viewerId: number | null | undefined): Map<number, "up" | "down"> {
  const mine = new Map<number, "up" | "down">();
  if (viewerId) {
    for (const v of threadStatements().viewerVotes.all({ viewerId, postId })) mine.set(v.commentId!, v.isUpvote ? "up" : "down");
  }
  return mine;
}

/**
 * A blocked member's comment as their blocker sees it, or a muted one as its muter does: no name, no
 * text, the same place in the tree.
 */
function collapsed(c: CommentView, text: string): CommentView {
  return { ...c, userId: null, username: text, content: text, isBlocked: true };
}

/**
 * The thread as this viewer sees it: the shared list, or a copy with the blocked members' comments
 * and the muted ones (by a muted member or holding a muted word: asked of the database, one statement
 * when the viewer mutes any) collapsed.
 */
function viewerThread(postId: number, viewerId: number | null | undefined, visitorMutes?: VisitorMutes | null): readonly CommentView[] {
  const thread = readThread(postId);
  const hidden = blockedBy(viewerId);
  const muted = thread.length === 0 ? new Set<number>() : mutedCommentIds(postId, mutingFor(viewerId, visitorMutes));
  const isHidden = (c: CommentView) => c.userId !== null && hidden.has(c.userId);
  if (muted.size === 0 && (hidden.size === 0 || !thread.some(isHidden))) return thread;
  return thread.map((c) => (isHidden(c) ? collapsed(c, BLOCKED_COMMENT_TEXT) : muted.has(c.id) ? collapsed(c, MUTED_COMMENT_TEXT) : c));
}

/**
 * Every comment of a post, oldest first, flat with parentId, with the viewer's own votes (one
 * query). Without any, the list is the shared one: read it, never change it.
 */
export function listPostComments({ postId, viewerId, visitorMutes }: { postId: number; viewerId?: number | null; visitorMutes?: VisitorMutes | null }): CommentView[] {
  const thread = viewerThread(postId, viewerId, visitorMutes) as CommentView[];
  if (thread.length === 0) return thread;
  const mine = viewerVotes(postId, viewerId);
  if (mine.size === 0) return thread;
  return thread.map((c) => (mine.has(c.id) ? { ...c, myVote: mine.get(c.id)! } : c));
}

/** The post page's thread: the shared JSON (made once per data version) and the viewer's votes. */
export function getPostThread({ postId, viewerId, visitorMutes }: { postId: number; viewerId?: number | null; visitorMutes?: VisitorMutes | null }): ThreadData {
  const thread = viewerThread(postId, viewerId, visitorMutes);
  let json = threadJson.get(thread);
  if (json === undefined) {
    // A blocker's own copy is made per request: only the shared list is worth keeping as JSON.
    if (thread !== readThread(postId)) return { json: JSON.stringify(thread), myVotes: Object.fromEntries(viewerVotes(postId, viewerId)) };
    json = JSON.stringify(thread);
    threadJson.set(thread, json);
  }
  return { json, myVotes: Object.fromEntries(viewerVotes(postId, viewerId)) };
}
