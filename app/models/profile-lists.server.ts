// The lists of a profile's tabs and of GET /api/users/:id/{posts,comments,upvoted,saved}: each a
// page (limit/offset) in the tab's order, the order read from the table that decides it.
import { and, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { comments, posts, saves, users, votes } from "#db/schema.ts";
import type { PostView } from "~/lib/browse.ts";
import { Problem, forbidden } from "~/lib/problem.ts";
import type { ProfileComment } from "~/rules/profile-rules.ts";
import type { VisitorMutes } from "~/rules/mute-rules.ts";
import { prepared } from "./db.server.ts";
import { isMuting, mutingFor } from "./mute/mute.server.ts";
import { mutedPostCondition, mutedParams, mutesWords, withMuteFunction } from "./mute/muted-sql.server.ts";
import type { Db } from "#db/client.server.ts";
import { listPostsByIds } from "./post/index.server.ts";
import { requireProfileUser } from "./profile.server.ts";
import { commentColumns } from "./comment.server.ts";

type Page = { userId: number; limit: number; offset?: number; viewerId?: number | null; visitorMutes?: VisitorMutes | null };

export const SAVED_SIGN_IN = "Authentication required to view saved posts";
export const SAVED_PRIVATE = "This user's saved posts are private";

// One statement per tab, prepared once per connection; each reads a page of ids (the posts themselves
// come from listPostsByIds) or, for comments, the page itself.
const p = sql.placeholder;

/** A page of a member's comments; for a muting viewer (`muted`) without what they muted. */
function commentsPage(db: Db, muted: "" | "muted" | "words") {
  return withMuteFunction(db)
    .select({ ...commentColumns, postTitle: posts.title })
    .from(comments)
    .innerJoin(posts, eq(posts.id, comments.postId))
    .innerJoin(users, eq(users.id, comments.userId))
    .where(
      and(
        eq(comments.userId, p("userId")),
        isNull(comments.deletedAt),
        muted ? mutedPostCondition(muted === "words") : undefined,
        muted ? sql`${comments.userId} NOT IN (SELECT value FROM json_each(${p("mutedMembers")}))` : undefined,
        muted === "words" ? sql`NOT holds_muted_word(${comments.content}, ${p("mutedWordKeys")})` : undefined,
      ),
    )
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(p("limit"))
    .offset(p("offset"))
    .prepare();
}
const statements = prepared((db) => ({
  posts: db
    .select({ id: posts.id })
    .from(posts)
    .where(eq(posts.userId, p("userId")))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(p("limit"))
    .offset(p("offset"))
    .prepare(),
  comments: commentsPage(db, ""),
  mutedComments: commentsPage(db, "muted"),
  mutedCommentsWithWords: commentsPage(db, "words"),
  upvoted: db
    .select({ id: votes.postId })
    .from(votes)
    .where(and(eq(votes.userId, p("userId")), eq(votes.isUpvote, true), isNotNull(votes.postId)))
    .orderBy(desc(votes.createdAt), desc(votes.id))
    .limit(p("limit"))
    .offset(p("offset"))
    .prepare(),
  saved: db
    .select({ id: saves.postId })
    .from(saves)
    .where(eq(saves.userId, p("userId")))
    .orderBy(desc(saves.createdAt), desc(sql`${saves}.rowid`))
    .limit(p("limit"))
    .offset(p("offset"))
    .prepare(),
}));

/** The member's posts, newest first. */
export function listUserPosts({ userId, limit, offset = 0, viewerId, visitorMutes }: Page): PostView[] {
  requireProfileUser(userId);
  const ids = statements().posts.all({ userId, limit, offset });
  return listPostsByIds({ ids: ids.map((r) => r.id), viewerId, visitorMutes });
}

/**
 * The member's comments (deleted ones left out), newest first, each with its post's title. For a
 * muting viewer, none of a muted member, none holding a muted word, none under a post they muted.
 */
export function listUserComments({ userId, limit, offset = 0, viewerId, visitorMutes }: Page): ProfileComment[] {
  requireProfileUser(userId);
  const muting = mutingFor(viewerId, visitorMutes);
  const all = statements();
  const rows = !isMuting(muting)
    ? all.comments.all({ userId, limit, offset })
    : (mutesWords(muting) ? all.mutedCommentsWithWords : all.mutedComments).all({
        userId,
        limit,
        offset,
        ...mutedParams(muting),
        mutedWordKeys: JSON.stringify(muting.words),
      });
  return rows
    .map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), editedAt: r.editedAt?.toISOString() ?? null }));
}

/** The posts the member upvoted, the latest vote first. */
export function listUpvotedPosts({ userId, limit, offset = 0, viewerId, visitorMutes }: Page): PostView[] {
  requireProfileUser(userId);
  const ids = statements().upvoted.all({ userId, limit, offset });
  return listPostsByIds({ ids: ids.map((r) => r.id!), viewerId, visitorMutes });
}

/**
 * Who may see a member's saved posts: only the member. A visitor is Problem(unauthorized) 'Authentication
 * required to view saved posts', another member Problem(forbidden). A missing member is not_found.
 */
export function requireSavedAccess({ userId, viewerId }: { userId: number; viewerId?: number | null }): void {
  requireProfileUser(userId);
  if (!viewerId) throw new Problem("unauthorized", SAVED_SIGN_IN);
  if (viewerId !== userId) throw forbidden(SAVED_PRIVATE);
}

/** The member's saved posts, the latest save first; only for the member (requireSavedAccess). */
export function listSavedPosts({ userId, limit, offset = 0, viewerId, visitorMutes }: Page): PostView[] {
  requireSavedAccess({ userId, viewerId });
  const ids = statements().saved.all({ userId, limit, offset });
  return listPostsByIds({ ids: ids.map((r) => r.id), viewerId, visitorMutes });
}

export const PROFILE_LISTS = {
  posts: listUserPosts,
  comments: listUserComments,
  upvoted: listUpvotedPosts,
  saved: listSavedPosts,
} as const;
export type ProfileList = keyof typeof PROFILE_LISTS;
