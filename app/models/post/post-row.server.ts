// A post as lists and pages read it: the columns, the row SQLite returns for them and its JSON shape
// (as a visitor sees it). Shared by the lists (read.server.ts) and posts by id (by-ids.server.ts).
import { eq } from "drizzle-orm";
import { getDb } from "#db/client.server.ts";
import { posts, users } from "#db/schema.ts";
import { postAuthor, type PostView } from "~/lib/browse.ts";
import { commentUrl } from "~/lib/comment-link.ts";

/** The YouTube comment's facts a post keeps (decision 0153), in `youtubeComment`'s order: the lists' and the feeds'. */
export function youtubeColumns() {
  return {
    youtubeCommentId: posts.youtubeCommentId,
    commentLikeCount: posts.commentLikeCount,
    commentReplyCount: posts.commentReplyCount,
    commentPublishedAt: posts.commentPublishedAt,
    youtubeCheckedAt: posts.youtubeCheckedAt,
    commentGoneAt: posts.commentGoneAt,
    videoGoneAt: posts.videoGoneAt,
  };
}

// The columns of a post as lists and pages show it. Read as arrays (Drizzle's `.values()`) and mapped
// by `toView` in this order: on a page of posts Drizzle's own row mapping cost as much again as the SQL.
const postColumns = {
  id: posts.id,
  userId: posts.userId,
  title: posts.title,
  content: posts.content,
  category: posts.category,
  comment: posts.comment,
  commentAuthor: posts.commentAuthor,
  videoId: posts.videoId,
  videoTitle: posts.videoTitle,
  videoChannel: posts.videoChannel,
  videoThumbnail: posts.videoThumbnail,
  videoViewCount: posts.videoViewCount,
  videoPublishedAt: posts.videoPublishedAt,
  upvotes: posts.upvotes,
  downvotes: posts.downvotes,
  commentsCount: posts.commentsCount,
  createdAt: posts.createdAt,
  editedAt: posts.editedAt,
  username: users.username,
  displayName: users.displayName,
  videoStart: posts.videoStart,
  ...youtubeColumns(),
};

export function selectPosts() {
  return getDb().select(postColumns).from(posts).leftJoin(users, eq(users.id, posts.userId));
}

/** One row of `selectPosts()` as SQLite returns it: postColumns' values in order, times in ms. */
export type PostRow = [
  id: number,
  userId: number | null,
  title: string,
  content: string,
  category: string,
  comment: string,
  commentAuthor: string,
  videoId: string,
  videoTitle: string,
  videoChannel: string,
  videoThumbnail: string,
  videoViewCount: number | null,
  videoPublishedAt: number | null,
  upvotes: number,
  downvotes: number,
  commentsCount: number,
  createdAt: number,
  editedAt: number | null,
  username: string | null,
  displayName: string | null,
  videoStart: number | null,
  youtubeCommentId: string | null,
  commentLikeCount: number | null,
  commentReplyCount: number | null,
  commentPublishedAt: number | null,
  youtubeCheckedAt: number | null,
  commentGoneAt: number | null,
  videoGoneAt: number | null,
];

const iso = (ms: number) => new Date(ms).toISOString();
const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));

/** The quoted comment as YouTube's (null: typed by hand, or gone from YouTube: no link, no numbers). */
export function youtubeComment(videoId: string, id: string | null, likes: number | null, replies: number | null, published: number | null, checked: number | null, gone: boolean): PostView["youtubeComment"] {
  if (id === null || gone) return null;
  return { id, url: commentUrl(videoId, id), likeCount: likes, replyCount: replies, publishedAt: isoOrNull(published), checkedAt: isoOrNull(checked) };
}

/** A row → the JSON shape, as a visitor sees it (no vote, not saved). */
export function toView(r: PostRow): PostView {
  const [
    id, userId, title, content, category, comment, commentAuthor, videoId, videoTitle, videoChannel, videoThumbnail,
    videoViewCount, videoPublishedAt, upvotes, downvotes, commentsCount, createdAt, editedAt, name, displayName,
    videoStart,
    commentId, commentLikes, commentReplies, commentPublished, checkedAt, commentGoneAt, videoGoneAt,
  ] = r;
  const author = postAuthor(userId, name, displayName);
  return {
    id,
    userId: author.id,
    username: author.username,
    title,
    content,
    category,
    comment,
    commentAuthor,
    videoId,
    videoTitle,
    videoChannel,
    videoThumbnail,
    videoViewCount,
    videoPublishedAt: videoPublishedAt === null ? null : iso(videoPublishedAt),
    videoStart,
    upvotes,
    downvotes,
    score: upvotes - downvotes,
    commentsCount,
    createdAt: iso(createdAt),
    editedAt: editedAt === null ? null : iso(editedAt),
    author,
    myVote: null,
    isSaved: false,
    youtubeComment: youtubeComment(videoId, commentId, commentLikes, commentReplies, commentPublished, checkedAt, commentGoneAt !== null || videoGoneAt !== null),
    enteredByHand: commentId === null,
    commentGone: commentId !== null && (commentGoneAt !== null || videoGoneAt !== null),
    videoGone: videoGoneAt !== null,
  };
}

