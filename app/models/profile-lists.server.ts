// The lists of a profile's tabs and of GET /api/users/:id/{posts,comments,upvoted,saved}: each a
// page (limit/offset) in the tab's order, the order read from the table that decides it.
import { and, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { comments, posts, saves, users, votes } from "#db/schema.ts";
import type { PostView } from "~/lib/browse.ts";
import { Problem, forbidden } from "~/lib/problem.ts";
import type { ProfileComment } from "~/rules/profile-rules.ts";
import type { VisitorMutes } from "~/rules/mute-rules.ts";
import { prepared } from "./db.server.ts";
import { mutingFor } from "./mute/mute.server.ts";
import { commentHoldsMutedWord, mutedPostCondition, mutedParams, mutedShape, withinMutedWindow, type MutedShape as Muted } from "./mute/muted-sql.server.ts";
import type { Db } from "#db/client.server.ts";
import { listPostsByIds } from "./post/index.server.ts";
import { requireProfileUser } from "./profile.server.ts";
import { commentColumns } from "./comment.server.ts";

type Page = { userId: number; limit: number; offset?: number; viewerId?: number | null; visitorMutes?: VisitorMutes | null };

const SAVED_SIGN_IN = "Authentication required to view saved posts";
const SAVED_PRIVATE = "This user's saved posts are private";

// One statement per tab and shape of muting, prepared once per connection; each reads a page of ids
// (the posts themselves come from listPostsByIds) or, for comments, the page itself. A muting viewer's
// page leaves out what they muted in that statement, so it fills up to its limit (decision 0125).
const p = sql.placeholder;

/** A page of a member's comments; for a muting viewer (`muted`) without what they muted, read from a window of theirs (decision 0160). */
function commentsPage(db: Db, muted: Muted) {
  const own = and(eq(comments.userId, p("userId")), isNull(comments.deletedAt));
  const order = [desc(comments.createdAt), desc(comments.id)];
  return db
    .select({ ...commentColumns, postTitle: posts.title })
    .from(comments)
    .innerJoin(posts, eq(posts.id, comments.postId))
    .innerJoin(users, eq(users.id, comments.userId))
    .where(
      muted
        ? and(
            withinMutedWindow(own, order, { key: comments.id, from: sql`${comments}` }),
            mutedPostCondition(muted),
            sql`${comments.userId} NOT IN (SELECT value FROM json_each(${p("mutedMembers")}))`,
            muted === "words" ? sql`NOT ${commentHoldsMutedWord(p("mutedWords"))}` : undefined,
          )
        : own,
    )
    .orderBy(...order)
    .limit(p("limit"))
    .offset(p("offset"))
    .prepare();
}
/** A page of a tab's post ids, in the tab's order; for a muting viewer without what they muted, read from a window of the tab. */
function idsPage(db: Db, tab: "posts" | "upvoted" | "saved", muted: Muted) {
  const without = mutedPostCondition(muted);
  if (tab === "posts") {
    const own = eq(posts.userId, p("userId"));
    const order = [desc(posts.createdAt), desc(posts.id)];
    return db
      .select({ id: posts.id })
      .from(posts)
      .where(muted ? and(withinMutedWindow(own, order), without) : own)
      .orderBy(...order)
      .limit(p("limit"))
      .offset(p("offset"))
      .prepare();
  }
  const [table, key, owner, order, where] =
    tab === "upvoted"
      ? [votes, votes.id, votes.userId, [desc(votes.createdAt), desc(votes.id)], and(eq(votes.isUpvote, true), isNotNull(votes.postId))]
      : [saves, sql`${saves}.rowid`, saves.userId, [desc(saves.createdAt), desc(sql`${saves}.rowid`)], undefined];
  const own = and(eq(owner, p("userId")), where);
  const query = db.select({ id: sql<number>`${table.postId}` }).from(table).$dynamic();
  // Only a muting viewer's page reads the posts themselves here (their author, category, words).
  return (muted ? query.innerJoin(posts, eq(posts.id, table.postId)) : query)
    .where(muted ? and(withinMutedWindow(own, order, { key, from: sql`${table}` }), without) : own)
    .orderBy(...order)
    .limit(p("limit"))
    .offset(p("offset"))
    .prepare();
}

const SHAPES: readonly Muted[] = ["", "muted", "words"];
const shapes = <T>(make: (muted: Muted) => T) => Object.fromEntries(SHAPES.map((muted) => [muted, make(muted)])) as Record<Muted, T>;

const statements = prepared((db) => ({
  posts: shapes((muted) => idsPage(db, "posts", muted)),
  upvoted: shapes((muted) => idsPage(db, "upvoted", muted)),
  saved: shapes((muted) => idsPage(db, "saved", muted)),
  comments: shapes((muted) => commentsPage(db, muted)),
}));

/** What a viewer has muted, as the shape of the statement that leaves it out, and its placeholders for this page. */
function mutedFor(viewerId: number | null | undefined, visitorMutes: VisitorMutes | null | undefined, page: { offset: number; limit: number }) {
  const muting = mutingFor(viewerId, visitorMutes);
  const shape = mutedShape(muting);
  return { shape, params: shape ? mutedParams(muting, page) : {} };
}

/** A page of a tab's posts: its ids read in one statement that already leaves out what the viewer muted. */
function postsOfTab(tab: "posts" | "upvoted" | "saved", { userId, limit, offset = 0, viewerId, visitorMutes }: Page): PostView[] {
  const { shape, params } = mutedFor(viewerId, visitorMutes, { offset, limit });
  const ids = statements()[tab][shape].all({ userId, limit, offset, ...params });
  // The mutes are read once: the posts need not be filtered again.
  return listPostsByIds({ ids: ids.map((r) => r.id), viewerId, visitorMutes, muted: false });
}

/** The member's posts, newest first. */
export function listUserPosts(page: Page): PostView[] {
  requireProfileUser(page.userId);
  return postsOfTab("posts", page);
}

/**
 * The member's comments (deleted ones left out), newest first, each with its post's title. For a
 * muting viewer, none of a muted member, none holding a muted word, none under a post they muted.
 */
export function listUserComments({ userId, limit, offset = 0, viewerId, visitorMutes }: Page): ProfileComment[] {
  requireProfileUser(userId);
  const { shape, params } = mutedFor(viewerId, visitorMutes, { offset, limit });
  return statements()
    .comments[shape].all({ userId, limit, offset, ...params })
    .map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), editedAt: r.editedAt?.toISOString() ?? null }));
}

/** The posts the member upvoted, the latest vote first. */
export function listUpvotedPosts(page: Page): PostView[] {
  requireProfileUser(page.userId);
  return postsOfTab("upvoted", page);
}

/**
 * Who may see a member's saved posts: only the member. A visitor is Problem(unauthorized) 'Authentication
 * required to view saved posts', another member Problem(forbidden). A missing member is not_found.
 */
function requireSavedAccess({ userId, viewerId }: { userId: number; viewerId?: number | null }): void {
  requireProfileUser(userId);
  if (!viewerId) throw new Problem("unauthorized", SAVED_SIGN_IN);
  if (viewerId !== userId) throw forbidden(SAVED_PRIVATE);
}

/** The member's saved posts, the latest save first; only for the member (requireSavedAccess). */
export function listSavedPosts(page: Page): PostView[] {
  requireSavedAccess(page);
  return postsOfTab("saved", page);
}

export const PROFILE_LISTS = {
  posts: listUserPosts,
  comments: listUserComments,
  upvoted: listUpvotedPosts,
  saved: listSavedPosts,
} as const;
export type ProfileList = keyof typeof PROFILE_LISTS;
