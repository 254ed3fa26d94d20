// Every foreign key's column leads an index: a delete of the parent (a post, a comment, an account)
// and the lookups by that column then seek instead of scanning the child table. A notification
// withdrawn by each vote scanned the whole table (16 ms per vote with 500k notifications) until
// migration 0007 (docs/decisions/0051-notification-indexes.md).
import { describe, expect, it } from "vitest";
import { getDb } from "./client.server.ts";

/** Child columns left without an index, and why. */
const UNINDEXED: Record<string, string> = {
  // Who made an edit is cleared only when their account goes; revisions are read by item.
  "revisions.editor_id": "set null on account deletion only",
};

type ForeignKey = { table: string; from: string };

function childColumns(): string[] {
  const db = getDb().$client;
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND sql NOT LIKE 'CREATE VIRTUAL%'")
    .pluck()
    .all() as string[];
  return tables.flatMap((table) => (db.pragma(`foreign_key_list("${table}")`) as ForeignKey[]).map((fk) => `${table}.${fk.from}`));
}

/** Does an index (or the integer primary key) of `table` start with `column`? */
function leadsAnIndex(table: string, column: string): boolean {
  const db = getDb().$client;
  const pk = (db.pragma(`table_info("${table}")`) as { name: string; pk: number }[]).find((c) => c.pk === 1);
  if (pk?.name === column) return true;
  const indexes = db.pragma(`index_list("${table}")`) as { name: string }[];
  return indexes.some((index) => (db.pragma(`index_info("${index.name}")`) as { seqno: number; name: string }[])[0]?.name === column);
}

describe("foreign keys", () => {
  it("each child column leads an index, but the listed exceptions", () => {
    const columns = childColumns();
    expect(columns.length).toBeGreaterThan(10);
    const missing = columns.filter((c) => !leadsAnIndex(c.split(".")[0], c.split(".")[1]));
    expect(missing.sort()).toEqual(Object.keys(UNINDEXED).sort());
  });

  it("the vote's notice withdrawal and the post and comment cascades seek by index", () => {
    const db = getDb().$client;
    const plan = (sql: string) => (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((r) => r.detail).join("; ");
    for (const sql of [
      "DELETE FROM notifications WHERE actor_id = 1 AND post_id = 2 AND is_read = 0 AND type IN ('post_upvote', 'post_downvote')",
      "DELETE FROM notifications WHERE actor_id = 1 AND comment_id = 2 AND is_read = 0 AND type IN ('comment_upvote', 'comment_downvote')",
      "DELETE FROM notifications WHERE post_id = 2",
      "DELETE FROM votes WHERE post_id = 2",
      "DELETE FROM votes WHERE comment_id = 2",
      "SELECT id FROM votes WHERE user_id = 1 AND post_id = 2",
      "SELECT id FROM votes WHERE user_id = 1 AND comment_id = 2",
    ]) {
      expect(plan(sql), sql).toMatch(/USING (COVERING )?INDEX/);
      expect(plan(sql), sql).not.toMatch(/\bSCAN\b/);
    }
  });
});
