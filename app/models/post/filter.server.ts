// The feed's text filter (?q=): read from the trigram index when the matches are few, else a scan.
import { or, sql, type SQL } from "drizzle-orm";
import { getDb } from "#db/client.server.ts";
import { posts, users } from "#db/schema.ts";
import { preparedFor } from "../db.server.ts";
import { phraseQuery, searchableText, type FtsQuery } from "./fts.server.ts";

/** A feed text filter with fewer matches than this is read from the search index, else by scanning. */
const SPARSE_MATCHES = 1000;

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const FILTER_COLUMNS = [posts.title, posts.comment, posts.commentAuthor, users.username, posts.videoTitle];

export type TextMatch = { kind: "none" } | { kind: "index"; phrase: FtsQuery } | { kind: "scan"; pattern: string };

/**
 * docs/product.md §5's feed filter: the text appears, ignoring case, in the title, the comment, its author, the
 * poster's username or the video title. A rare text (3+ characters) is looked up in the trigram index
 * (posts_fts) and only its few posts are sorted; a common or short one is checked row by row along the
 * sort's index, where matches are dense and the page fills after a few rows.
 */
export function textMatch(q: string): TextMatch {
  // Cleaned once for both ways (a NUL, a control or bidi character is never part of the filter).
  const needle = searchableText(q);
  const phrase = [...needle].length >= 3 ? phraseQuery(needle) : null;
  if (phrase) {
    const count = preparedFor("sparse-count", () =>
      getDb().$client.prepare<[FtsQuery, number], { n: number }>(
        "SELECT count(*) AS n FROM (SELECT rowid FROM posts_fts WHERE posts_fts MATCH ? LIMIT ?)",
      ),
    );
    if ((count.get(phrase, SPARSE_MATCHES)?.n ?? 0) < SPARSE_MATCHES) return { kind: "index", phrase };
  }
  return needle ? { kind: "scan", pattern: likePattern(needle) } : { kind: "none" };
}

/** The filter's condition, with placeholders for the prepared statement. */
export function textCondition(match: TextMatch): SQL | undefined {
  if (match.kind === "index") {
    return sql`${posts.id} IN (SELECT rowid FROM posts_fts WHERE posts_fts MATCH ${sql.placeholder("phrase")})`;
  }
  if (match.kind === "scan") {
    return or(...FILTER_COLUMNS.map((column) => sql`${column} LIKE ${sql.placeholder("pattern")} ESCAPE '\\'`));
  }
  return undefined;
}
