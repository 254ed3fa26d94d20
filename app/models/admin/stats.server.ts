import { count, desc, eq, gte, isNull, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { getDb } from "#db/client.server.ts";
import { comments, posts, users, votes } from "#db/schema.ts";
import type { DayCount } from "~/lib/types.ts";

// The dashboard's numbers (docs/product.md §3 'Admin dashboard data') and its daily activity series.

const RECENT_USERS = 5;
const TOP_POSTS = 5;
const ACTIVITY_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export type DashboardStats = {
  totalUsers: number;
  totalPosts: number;
  /** Live comments ('[deleted]' placeholders are not counted). */
  totalComments: number;
  /** Every upvote cast, on posts and on comments. */
  totalUpvotes: number;
  recentUsers: { id: number; username: string; isAdmin: boolean; joinDate: string }[];
  topPosts: { id: number; title: string; category: string; upvotes: number }[];
};

export function getDashboardStats(): DashboardStats {
  const db = getDb();
  return {
    totalUsers: db.select({ n: count() }).from(users).get()?.n ?? 0,
    totalPosts: db.select({ n: count() }).from(posts).get()?.n ?? 0,
    totalComments: db.select({ n: count() }).from(comments).where(isNull(comments.deletedAt)).get()?.n ?? 0,
    totalUpvotes: db.select({ n: count() }).from(votes).where(eq(votes.isUpvote, true)).get()?.n ?? 0,
    recentUsers: db
      .select({ id: users.id, username: users.username, isAdmin: users.isAdmin, createdAt: users.createdAt })
      .from(users)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(RECENT_USERS)
      .all()
      .map(({ createdAt, ...u }) => ({ ...u, joinDate: createdAt.toISOString() })),
    topPosts: db
      .select({ id: posts.id, title: posts.title, category: posts.category, upvotes: posts.upvotes })
      .from(posts)
      .orderBy(desc(posts.upvotes), desc(posts.createdAt))
      .limit(TOP_POSTS)
      .all(),
  };
}

export type DailyActivity = { signUps: DayCount[]; posts: DayCount[]; comments: DayCount[] };

/** The UTC days (YYYY-MM-DD) of the last `days` days, oldest first, ending today. */
export function lastDays(now: Date, days = ACTIVITY_DAYS): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) => new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

function perDay(table: SQLiteTable, createdAt: SQLiteColumn, days: string[]): DayCount[] {
  const day = sql<string>`date(${createdAt} / 1000, 'unixepoch')`;
  const since = new Date(`${days[0]}T00:00:00Z`);
  const rows = getDb()
    .select({ day, n: count() })
    .from(table)
    .where(gte(createdAt, since))
    .groupBy(day)
    .all();
  const byDay = new Map(rows.map((r) => [r.day, r.n]));
  return days.map((d) => ({ day: d, count: byDay.get(d) ?? 0 }));
}

/** Sign-ups, posts and comments per UTC day over the last 30 days (zeros included). */
export function getDailyActivity({ now = new Date() }: { now?: Date } = {}): DailyActivity {
  const days = lastDays(now);
  return {
    signUps: perDay(users, users.createdAt, days),
    posts: perDay(posts, posts.createdAt, days),
    comments: perDay(comments, comments.createdAt, days),
  };
}
