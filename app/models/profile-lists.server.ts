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
import { commentHoldsMutedWord, mutedPostCondition, mutedParams, mutedShape, nextOffset, readPaged, windowKeys, withinMutedWindow, type MutedShape as Muted } from "./mute/muted-sql.server.ts";
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

// Each tab's own rows: its condition, its order, the table its window is read from, and what
// identifies a row of its page (a post's id, a comment's).
const TABS = {
  posts: () => ({ where: eq(posts.userId, p("userId")), order: [desc(posts.createdAt), desc(posts.id)], source: {}, column: posts.id }),
  upvoted: () => ({
    where: and(eq(votes.userId, p("userId")), eq(votes.isUpvote, true), isNotNull(votes.postId)),
    order: [desc(votes.createdAt), desc(votes.id)],
    source: { key: votes.id, from: sql`${votes}` },
    column: votes.postId,
  }),
  saved: () => ({
    where: eq(saves.userId, p("userId")),
    order: [desc(saves.createdAt), desc(sql`${saves}.rowid`)],
    source: { key: sql`${saves}.rowid`, from: sql`${saves}` },
    column: saves.postId,
  }),
  comments: () => ({
    where: and(eq(comments.userId, p("userId")), isNull(comments.deletedAt)),
    order: [desc(comments.createdAt), desc(comments.id)],
    source: { key: comments.id, from: sql`${comments}` },
    column: comments.id,
  }),
};

/** A page of a member's comments; for a muting viewer (`muted`) without what they muted, read from a window of theirs (decision 0160). */
function commentsPage(db: Db, muted: Muted) {
  const { where: own, order, source } = TABS.comments();
  return db
    .select({ ...commentColumns, postTitle: posts.title })
    .from(comments)
    .innerJoin(posts, eq(posts.id, comments.postId))
    .innerJoin(users, eq(users.id, comments.userId))
    .where(
      muted
        ? and(
            withinMutedWindow(own, order, source),
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
  const { where: own, order, source } = TABS[tab]();
  if (tab === "posts") {
    return db
      .select({ id: posts.id })
      .from(posts)
      .where(muted ? and(withinMutedWindow(own, order), without) : own)
      .orderBy(...order)
      .limit(p("limit"))
      .offset(p("offset"))
      .prepare();
  }
  const table = tab === "upvoted" ? votes : saves;
  const query = db.select({ id: sql<number>`${table.postId}` }).from(table).$dynamic();
  // Only a muting viewer's page reads the posts themselves here (their author, category, words).
  return (muted ? query.innerJoin(posts, eq(posts.id, table.postId)) : query)
    .where(muted ? and(withinMutedWindow(own, order, source), without) : own)
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

type Paged<T> = { items: T[]; next: number | null };

/**
 * A page of a tab's rows and where the next one starts (nextOffset): `read` gives the page's rows,
 * `id` what identifies each (the same as the tab's window column). A muting viewer's page and its
 * window's keys are read in one transaction.
 */
function readTab<R>(list: ProfileList, { userId, limit, offset = 0, viewerId, visitorMutes }: Page, read: (shape: Muted, params: Record<string, unknown>) => R[], id: (row: R) => number): Paged<R> {
  const { shape, params } = mutedFor(viewerId, visitorMutes, { offset, limit });
  const all = { userId, limit, offset, ...params };
  if (!shape) {
    const items = read(shape, all);
    return { items, next: nextOffset({ offset, limit }, items.map(id), null) };
  }
  const keys = windowKeys(`profile ${list}`, TABS[list]);
  return readPaged(() => {
    const items = read(shape, all);
    return { items, next: nextOffset({ offset, limit }, items.map(id), keys.values(all).map(([key]) => key as number)) };
  });
}

/** A page of a tab's posts: its ids read in one statement that already leaves out what the viewer muted. */
function postsOfTab(tab: "posts" | "upvoted" | "saved", page: Page): Paged<PostView> {
  const { items: ids, next } = readTab(tab, page, (shape, params) => statements()[tab][shape].all(params).map((r) => r.id), (postId) => postId);
  // The mutes are read once: the posts need not be filtered again.
  return { items: listPostsByIds({ ids, viewerId: page.viewerId, visitorMutes: page.visitorMutes, muted: false }), next };
}

/** The member's posts, newest first. */
function userPosts(page: Page): Paged<PostView> {
  requireProfileUser(page.userId);
  return postsOfTab("posts", page);
}
export const listUserPosts = (page: Page) => userPosts(page).items;

/**
 * The member's comments (deleted ones left out), newest first, each with its post's title. For a
 * muting viewer, none of a muted member, none holding a muted word, none under a post they muted.
 */
function userComments(page: Page): Paged<ProfileComment> {
  requireProfileUser(page.userId);
  const { items, next } = readTab(
    "comments",
    page,
    (shape, params) => statements().comments[shape].all(params),
    (r) => r.id,
  );
  return { items: items.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), editedAt: r.editedAt?.toISOString() ?? null })), next };
}
export const listUserComments = (page: Page) => userComments(page).items;

/** The posts the member upvoted, the latest vote first. */
function upvotedPosts(page: Page): Paged<PostView> {
  requireProfileUser(page.userId);
  return postsOfTab("upvoted", page);
}
export const listUpvotedPosts = (page: Page) => upvotedPosts(page).items;

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
function savedPosts(page: Page): Paged<PostView> {
  requireSavedAccess(page);
  return postsOfTab("saved", page);
}
export const listSavedPosts = (page: Page) => savedPosts(page).items;

// GET /api/users/:id/{posts,comments,upvoted,saved}: a page of the tab and where the next starts.
const PAGES = { posts: userPosts, comments: userComments, upvoted: upvotedPosts, saved: savedPosts } as const;
export type ProfileList = keyof typeof PAGES;
export const profileListPage = (list: ProfileList, page: Page): Paged<PostView | ProfileComment> => PAGES[list](page);
