import { and, count, desc, eq } from "drizzle-orm";
import { getDb } from "#db/client.server.ts";
import { posts, users } from "#db/schema.ts";
import { pageWindow, type Page } from "../moderation-log.server.ts";
import { containsText } from "./users.server.ts";
import { reachWhere, type Staff } from "../moderation/roles.server.ts";

export type AdminPostRow = {
  id: number;
  title: string;
  userId: number | null;
  username: string;
  category: string;
  upvotes: number;
  commentsCount: number;
  createdAt: string;
};

/** Posts newest first, 50 a page, optionally those whose title contains `q`; a category moderator's categories only. */
export function listAdminPosts({ q, page = 1, reach }: { q?: string; page?: number; reach?: Staff }): Page<AdminPostRow> {
  const db = getDb();
  const where = and(q ? containsText(posts.title, q) : undefined, reachWhere(reach, posts.category));
  const total = db.select({ n: count() }).from(posts).where(where).get()?.n ?? 0;
  const { pageCount, limit, offset } = pageWindow(page, total);
  const rows = db
    .select({
      id: posts.id,
      title: posts.title,
      userId: posts.userId,
      username: users.username,
      category: posts.category,
      upvotes: posts.upvotes,
      commentsCount: posts.commentsCount,
      createdAt: posts.createdAt,
    })
    .from(posts)
    .leftJoin(users, eq(users.id, posts.userId))
    .where(where)
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(limit)
    .offset(offset)
    .all();
  return {
    items: rows.map((r) => ({ ...r, username: r.username ?? "Unknown", createdAt: r.createdAt.toISOString() })),
    page,
    pageCount,
    total,
  };
}
