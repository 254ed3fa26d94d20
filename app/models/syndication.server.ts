// What the Atom feeds and the sitemap read: plain rows, newest first (hot for the hot feed). A deleted
// post is gone from every read at once, since nothing here is cached.
import { and, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { getDb } from "#db/client.server.ts";
import { comments, follows, posts, revisions, users } from "#db/schema.ts";
import { postAuthor, type PostAuthor, type PostView } from "~/lib/browse.ts";
import { notFound, NOT_FOUND } from "~/lib/problem.ts";
import { mutingFor } from "./mute/mute.server.ts";
import { youtubeColumns, youtubeComment } from "./post/post-row.server.ts";
import { mutedParams, mutedPostCondition, mutedShape, withinMutedWindow } from "./mute/muted-sql.server.ts";

/** Entries per feed. */
const FEED_ENTRIES = 30;

export type FeedAuthor = PostAuthor;

export type FeedPost = {
  id: number;
  title: string;
  comment: string;
  commentAuthor: string;
  videoId: string;
  videoTitle: string;
  videoChannel: string;
  category: string;
  /** The moment of the video the post shares (seconds), or null. */
  videoStart: number | null;
  /** Where the quote comes from, as the card says it (decision 0153): YouTube's comment, or null. */
  youtubeComment: PostView["youtubeComment"];
  /** The quoted comment or its video is no longer on YouTube. */
  commentGone: boolean;
  createdAt: Date;
  /** The last edit, else createdAt: the entry's <updated>. */
  updatedAt: Date;
  author: FeedAuthor;
};

export type FeedSource =
  | { kind: "new" }
  | { kind: "hot" }
  | { kind: "category"; category: string }
  | { kind: "user"; userId: number }
  | { kind: "following"; userId: number };

function where(source: FeedSource): SQL | undefined {
  switch (source.kind) {
    case "category":
      return eq(posts.category, source.category);
    case "user":
      return eq(posts.userId, source.userId);
    case "following":
      return inArray(
        posts.userId,
        getDb().select({ id: follows.followingId }).from(follows).where(eq(follows.followerId, source.userId)),
      );
    default:
      return undefined;
  }
}

/** The entries of one feed; the private Following feed without what its member muted or hid. */
export function listFeedEntries({ source, limit = FEED_ENTRIES }: { source: FeedSource; limit?: number }): FeedPost[] {
  const order = source.kind === "hot" ? [desc(posts.hot), desc(posts.id)] : [desc(posts.createdAt), desc(posts.id)];
  const muting = source.kind === "following" ? mutingFor(source.userId) : null;
  const shape = mutedShape(muting);
  return getDb()
    .select({
      id: posts.id,
      title: posts.title,
      comment: posts.comment,
      commentAuthor: posts.commentAuthor,
      videoId: posts.videoId,
      videoTitle: posts.videoTitle,
      videoChannel: posts.videoChannel,
      category: posts.category,
      videoStart: posts.videoStart,
      ...youtubeColumns(),
      createdAt: posts.createdAt,
      editedAt: posts.editedAt,
      userId: posts.userId,
      username: users.username,
      displayName: users.displayName,
    })
    .from(posts)
    .leftJoin(users, eq(users.id, posts.userId))
    .where(shape ? and(withinMutedWindow(where(source), order), mutedPostCondition(shape)) : where(source))
    .orderBy(...order)
    .limit(limit)
    .prepare()
    .all(shape ? mutedParams(muting!, { offset: 0, limit }) : {})
    .map(({ userId, username, displayName, editedAt, youtubeCommentId, commentLikeCount, commentReplyCount, commentPublishedAt, youtubeCheckedAt, commentGoneAt, videoGoneAt, ...post }) => {
      const gone = commentGoneAt !== null || videoGoneAt !== null;
      const ms = (d: Date | null) => (d === null ? null : d.getTime());
      return {
        ...post,
        youtubeComment: youtubeComment(post.videoId, youtubeCommentId, commentLikeCount, commentReplyCount, ms(commentPublishedAt), ms(youtubeCheckedAt), gone),
        commentGone: youtubeCommentId !== null && gone,
        updatedAt: editedAt ?? post.createdAt,
        author: postAuthor(userId, username, displayName),
      };
    });
}

/** The member a profile feed is about; Problem not_found when there is none. */
export function getFeedMember({ userId }: { userId: number }): FeedAuthor & { id: number } {
  const row = getDb()
    .select({ id: users.id, username: users.username, displayName: users.displayName })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  if (!row) throw notFound(NOT_FOUND.user);
  return { id: row.id, username: row.username, displayName: row.displayName || row.username };
}

export type FeedComment = { id: number; content: string; createdAt: Date; updatedAt: Date; parentId: number | null; author: FeedAuthor };

/** A post's comments feed: the post, and its newest comments that are not deleted. */
export function listPostCommentEntries({ postId, limit = FEED_ENTRIES }: { postId: number; limit?: number }) {
  const db = getDb();
  const post = db.select({ id: posts.id, title: posts.title }).from(posts).where(eq(posts.id, postId)).get();
  if (!post) throw notFound(NOT_FOUND.post);
  const rows = db
    .select({
      id: comments.id,
      content: comments.content,
      createdAt: comments.createdAt,
      editedAt: comments.editedAt,
      parentId: comments.parentId,
      userId: comments.userId,
      username: users.username,
      displayName: users.displayName,
    })
    .from(comments)
    .leftJoin(users, eq(users.id, comments.userId))
    .where(and(eq(comments.postId, postId), isNull(comments.deletedAt)))
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(limit)
    .all();
  const entries: FeedComment[] = rows.map(({ userId, username, displayName, editedAt, ...c }) => ({
    ...c,
    updatedAt: editedAt ?? c.createdAt,
    author: postAuthor(userId, username, displayName),
  }));
  return { post, comments: entries };
}

// ---- The sitemap ----

export function countPosts(): number {
  return getDb().select({ n: sql<number>`count(*)` }).from(posts).get()?.n ?? 0;
}

/** A slice of every post id, newest first (the sitemap's order), with its date (its last edit, if any). */
export function listSitemapPosts({ offset, limit }: { offset: number; limit: number }) {
  if (limit <= 0) return [];
  return getDb()
    .select({ id: posts.id, createdAt: sql<Date>`coalesce(${posts.editedAt}, ${posts.createdAt})`.mapWith(posts.createdAt) })
    .from(posts)
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(limit)
    .offset(offset)
    .all();
}

/** How many members have at least one post: the profiles the sitemap lists. */
export function countSitemapProfiles(): number {
  return getDb().select({ n: sql<number>`count(DISTINCT ${posts.userId})` }).from(posts).where(isNotNull(posts.userId)).get()?.n ?? 0;
}

/**
 * A slice of the members with at least one post, the newest activity first, each with the date of
 * their newest post (its last edit, if any): what their profile's first tab shows changed then.
 */
export function listSitemapProfiles({ offset, limit }: { offset: number; limit: number }) {
  if (limit <= 0) return [];
  const lastmod = sql<Date>`max(coalesce(${posts.editedAt}, ${posts.createdAt}))`.mapWith(posts.createdAt);
  return getDb()
    .select({ id: sql<number>`${posts.userId}`.mapWith(Number), lastmod })
    .from(posts)
    .where(isNotNull(posts.userId))
    .groupBy(posts.userId)
    .orderBy(desc(lastmod), desc(posts.userId))
    .limit(limit)
    .offset(offset)
    .all();
}

/** The newest post's date (the sitemap index's lastmod), or null on an empty site. */
export function latestPostDate(): Date | null {
  const db = getDb();
  const created = db.select({ createdAt: posts.createdAt }).from(posts).orderBy(desc(posts.createdAt)).limit(1).get()?.createdAt ?? null;
  // The newest post edit is the newest post revision (ids grow with time): no scan of posts.
  const edited = db.select({ at: revisions.createdAt }).from(revisions).where(isNotNull(revisions.postId)).orderBy(desc(revisions.id)).limit(1).get()?.at ?? null;
  return created && edited ? (edited > created ? edited : created) : (created ?? edited);
}
