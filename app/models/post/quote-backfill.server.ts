// The quote keys of posts from before them (decision 0153): at start, once per process, each post
// typed by hand without a key gets "t:{videoId}:{normalised text}", oldest first; a later post of the
// same quote (a legacy duplicate) keeps none, so the oldest holds the key. Idempotent: a post with a
// key is never read again, and a run over keyed posts changes nothing. Bounded: batches of 500 rows,
// one transaction each, and only rows without a key are read (after the first run: the duplicates).
import type { Db } from "#db/client.server.ts";
import { UNKNOWN_VIDEO_ID } from "~/lib/video-url.ts";
import { quoteKey } from "~/rules/quote-key.ts";

const BATCH = 500;

/** Gives keys to the posts that have none; returns how many got one. */
export function backfillQuoteKeys(db: Db): number {
  const sqlite = db.$client;
  const next = sqlite.prepare<[string, number, number, number], { id: number; videoId: string; comment: string; createdAt: number }>(
    `SELECT id, video_id AS videoId, comment, created_at AS createdAt FROM posts
     WHERE quote_key IS NULL AND youtube_comment_id IS NULL AND video_id != ?
       AND (created_at > ? OR (created_at = ? AND id > ?))
     ORDER BY created_at, id LIMIT ${BATCH}`,
  );
  const give = sqlite.prepare<[string, number, string]>(
    "UPDATE posts SET quote_key = ? WHERE id = ? AND NOT EXISTS (SELECT 1 FROM posts WHERE quote_key = ?)",
  );
  let given = 0;
  let after = { createdAt: -Infinity, id: 0 };
  for (;;) {
    const rows = next.all(UNKNOWN_VIDEO_ID, after.createdAt, after.createdAt, after.id);
    if (rows.length === 0) return given;
    sqlite.transaction(() => {
      for (const row of rows) {
        const key = quoteKey({ videoId: row.videoId, text: row.comment });
        given += give.run(key, row.id, key).changes;
      }
    })();
    const last = rows.at(-1)!;
    after = { createdAt: last.createdAt, id: last.id };
  }
}
