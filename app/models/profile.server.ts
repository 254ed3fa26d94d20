// A member's profile: the view with docs/product.md §3's defaults, badges by the rules of rules/profile-rules.ts, the
// owner's edit, the side panel's stats and the about tab's weekly activity.
import { and, count, eq, gte, isNull, sql, sum } from "drizzle-orm";
import { getDb } from "#db/client.server.ts";
import { comments, posts, users, votes, type UserRow } from "#db/schema.ts";
import { forbidden, notFound, NOT_FOUND } from "~/lib/problem.ts";
import { ACTIVITY_WEEKS, BADGE_RULES, type ActivityWeek, type BadgeMeasure, type EarnedBadge, type ProfileFields, type ProfileView, type UserStats } from "~/rules/profile-rules.ts";
import type { ProfileUpdate } from "~/rules/schemas/profile-input.ts";
import { prepared } from "./db.server.ts";
import { isFollowing } from "./follow.server.ts";
import { getUserById, toPublicUser } from "./user.server.ts";

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

// Every profile page and tab reads these: prepared once per connection.
const p = sql.placeholder;
const statements = prepared((db) => {
  const week = (column: typeof posts.createdAt | typeof comments.createdAt) =>
    sql<number>`cast((${column} - ${p("start")}) / ${p("weekMs")} as integer)`;
  return {
    liveComments: db
      .select({ n: count() })
      .from(comments)
      .where(and(eq(comments.userId, p("userId")), isNull(comments.deletedAt)))
      .prepare(),
    upvotesGiven: db
      .select({ n: count() })
      .from(votes)
      // A literal 1, so SQLite can read the count from votes_user_up_idx (a partial index on it).
      .where(and(eq(votes.userId, p("userId")), sql`${votes.isUpvote} = 1`))
      .prepare(),
    upvotesReceived: db.select({ n: sum(posts.upvotes) }).from(posts).where(eq(posts.userId, p("userId"))).prepare(),
    postsByWeek: db
      .select({ week: week(posts.createdAt), n: count() })
      .from(posts)
      .where(and(eq(posts.userId, p("userId")), gte(posts.createdAt, p("since"))))
      .groupBy(sql`1`)
      .prepare(),
    commentsByWeek: db
      .select({ week: week(comments.createdAt), n: count() })
      .from(comments)
      .where(and(eq(comments.userId, p("userId")), gte(comments.createdAt, p("since")), isNull(comments.deletedAt)))
      .groupBy(sql`1`)
      .prepare(),
  };
});

/** The member, or Problem(not_found) 'User not found'. */
export function requireProfileUser(id: number): UserRow {
  const row = getUserById({ id });
  if (!row) throw notFound(NOT_FOUND.user);
  return row;
}

function countLiveComments(userId: number): number {
  return statements().liveComments.get({ userId })?.n ?? 0;
}

function countUpvotesGiven(userId: number): number {
  return statements().upvotesGiven.get({ userId })?.n ?? 0;
}

/** Each badge with whether the member has earned it (BADGE_RULES: one count against a threshold). */
function listBadges(row: UserRow): EarnedBadge[] {
  const measures: Record<BadgeMeasure, () => number> = {
    joined: () => 0,
    comments: () => countLiveComments(row.id),
    upvotesGiven: () => countUpvotesGiven(row.id),
    posts: () => row.postsCount,
  };
  return BADGE_RULES.map(({ name, icon, measure, threshold, rule }) => ({
    name,
    icon,
    rule,
    earned: measures[measure]() >= threshold,
  }));
}

/**
 * GET /api/users/:id and the profile page: docs/product.md §3's fields with their defaults, the badges, and
 * whether the viewer follows this member. The e-mail only for the member themself.
 */
export function getProfile({ id, viewerId }: { id: number; viewerId?: number | null }): ProfileView {
  const row = requireProfileUser(id);
  const { badges: _plain, ...base } = toPublicUser(row, { withEmail: viewerId === id });
  return { ...base, badges: listBadges(row), isFollowingUser: isFollowing({ followerId: viewerId, followingId: id }) };
}

/** The owner's own values for the edit form. */
export function getProfileFields(row: UserRow): ProfileFields {
  return {
    bio: row.bio ?? "",
    displayName: row.displayName ?? "",
    location: row.location ?? "",
    occupation: row.occupation ?? "",
    website: row.website ?? "",
  };
}

/**
 * Whether the actor may edit this profile: the member exists (not_found), it is the actor's own
 * (forbidden). Routes ask it before parsing the input, so a stranger hears 403 whatever they sent.
 */
export function mayEditProfile({ actorId, userId }: { actorId: number; userId: number }): void {
  requireProfileUser(userId);
  if (actorId !== userId) throw forbidden("You can only edit your own profile");
}

/** Saves the member's own profile fields (parsed by the route with ProfileUpdateSchema). Absent fields stay. */
export function updateProfile({ actorId, userId, changes }: { actorId: number; userId: number; changes: ProfileUpdate }): ProfileView {
  mayEditProfile({ actorId, userId });
  const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  if (Object.keys(set).length > 0) getDb().update(users).set(set).where(eq(users.id, userId)).run();
  return getProfile({ id: userId, viewerId: actorId });
}

/** The side panel: posts, live comments, and upvotes the member's posts received. */
export function getUserStats({ userId }: { userId: number }): UserStats {
  const row = requireProfileUser(userId);
  const upvotes = statements().upvotesReceived.get({ userId })?.n;
  return { posts: row.postsCount, comments: countLiveComments(userId), upvotesReceived: Number(upvotes ?? 0) };
}

/**
 * Posts and comments per week since joining, at most the last ACTIVITY_WEEKS weeks, oldest first.
 * Weeks are counted back from `now`, so the last one ends now.
 */
export function getWeeklyActivity({ userId, now = Date.now() }: { userId: number; now?: number }): ActivityWeek[] {
  const row = requireProfileUser(userId);
  const joined = row.createdAt.getTime();
  const weeks = Math.min(ACTIVITY_WEEKS, Math.max(1, Math.ceil((now - joined) / WEEK_MS)));
  const start = now - weeks * WEEK_MS;
  const result: ActivityWeek[] = Array.from({ length: weeks }, (_, i) => ({
    start: new Date(start + i * WEEK_MS).toISOString(),
    posts: 0,
    comments: 0,
  }));
  const tally = (key: "posts" | "comments", rows: { week: number; n: number }[]) => {
    // Anything written after `now` (a page clock rounded to the minute) belongs to the last week.
    for (const r of rows) if (r.week >= 0) result[Math.min(r.week, weeks - 1)][key] += r.n;
  };
  const params = { userId, start, since: start, weekMs: WEEK_MS };
  tally("posts", statements().postsByWeek.all(params));
  tally("comments", statements().commentsByWeek.all(params));
  return result;
}
