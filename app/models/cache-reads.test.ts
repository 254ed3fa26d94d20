// Every cache says what it reads, and this test checks it: each declared cache (cacheRegistry) is made
// to compute on this worker's real database while every SQL statement it runs is recorded, and SQLite
// is asked which tables, and which of their columns, each statement reads. A table the declaration
// does not name, or a column outside a column-restricted declaration ("users:username" watches only
// that column's updates), fails: a write there would not drop the cache's entries.
//
// SQLite's authorizer (sqlite3_set_authorizer) would say the same while the statement is prepared, but
// better-sqlite3 has no binding for it (docs/decisions/0045). So: the statements are recorded by wrapping
// better-sqlite3's Statement methods, and read with EXPLAIN: every OpenRead cursor's root page is a
// table, or an index of one (sqlite_schema); its Column opcodes name the columns (an index's through
// index_xinfo). A virtual table (VOpen) is named by the statement's text: the two word indexes are
// filled from posts and users by the triggers of db/migrations/0001_search.sql, so they count as
// reading what those triggers copy.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server.ts";
import { setMemoForTests } from "~/integrations/env.server.ts";
import { makePost, makeUser } from "../../tests/support/unit-factories.ts";
import { blockedBy, blockUser } from "./block.server.ts";
import { mutingFor } from "./mute/mute.server.ts";
import { getPostThread } from "./comment-thread.server.ts";
import { createComment } from "./comment.server.ts";
import { cacheClock } from "./data-version.server.ts";
import { cacheRegistry, traceComputations, type CacheName } from "./cache-registry.server.ts";
import { getPost, listCategoryPosts, listFeedPosts, listPostsByIds } from "./post/read.server.ts";
import { searchPosts, searchUsers } from "./post/search.server.ts";
import { topContributorsThisWeek, topPostsThisWeek } from "./post/week-sidebar.server.ts";
import { ROLLUP_LAG_MS } from "./rollup.server.ts";
import { createSession, getSessionUser } from "./session.server.ts";

/** What the word indexes hold, per column, as their triggers copy it (rowid is the post's id). */
const WORD_INDEX_COLUMNS: Record<string, string> = {
  title: "posts.title",
  comment: "posts.comment",
  comment_author: "posts.comment_author",
  video_title: "posts.video_title",
  username: "users.username",
};
const WORD_INDEX_ROWID = ["posts.id", "posts.user_id"]; // a post's username follows its user_id
const WORD_INDEXES = new Set(["posts_search", "posts_fts"]);
/** Virtual tables that are functions, not data. */
const NOT_DATA = new Set(["json_each"]);

type Op = { opcode: string; p1: number; p2: number; p3: number; p4: string | null };
const sqlite = () => getDb().$client;

function schema() {
  const rows = sqlite().prepare("SELECT type, name, tbl_name AS tableName, rootpage AS root FROM sqlite_schema").all() as {
    type: string;
    name: string;
    tableName: string;
    root: number;
  }[];
  const byRoot = new Map(rows.filter((r) => r.root > 0).map((r) => [r.root, r]));
  const columns = (name: string) => (sqlite().prepare(`PRAGMA table_xinfo(${name})`).all() as { cid: number; name: string }[]).map((c) => c.name);
  // An index's columns by position: a table column, the rowid (-1), or an expression (-2: the
  // table's columns its definition names, e.g. lower(username)).
  const indexColumns = (index: { name: string; tableName: string }) => {
    // A key's own index (sqlite_autoindex_…) has no definition, and no expression.
    const definition = ((sqlite().prepare("SELECT sql FROM sqlite_schema WHERE name = ?").pluck().get(index.name) as string | null) ?? "").split(/ ON /i)[1] ?? "";
    const tableColumns = columns(index.tableName);
    const named = tableColumns.filter((c) => new RegExp(`\\b${c}\\b`).test(definition));
    return (sqlite().prepare(`PRAGMA index_xinfo(${index.name})`).all() as { cid: number }[]).map(({ cid }) =>
      cid === -1 ? ["id"] : cid === -2 ? named : [tableColumns[cid]],
    );
  };
  return { byRoot, columns, indexColumns, virtual: rows.filter((r) => r.type === "table" && r.root === 0).map((r) => r.name) };
}

/** Nulls for a statement's parameters (EXPLAIN runs nothing, but better-sqlite3 wants every one bound). */
function unbound(source: string): unknown[] {
  const code = source.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"|`[^`]*`/g, "");
  const anonymous = (code.match(/\?(?!\d)/g) ?? []).length;
  const named = Object.fromEntries([...code.matchAll(/[@:$]([A-Za-z_]\w*)/g)].map((m) => [m[1], null]));
  return [...Array<null>(anonymous).fill(null), ...(Object.keys(named).length > 0 ? [named] : [])];
}

/** "table.column" for every column one statement reads (and "table.*" when only its rows are used). */
function readsOf(source: string, db = schema()): Set<string> {
  const ops = sqlite().prepare(`EXPLAIN ${source}`).all(...unbound(source)) as Op[];
  const reads = new Set<string>();
  const cursors = new Map<number, { table: string; column: (n: number) => string[] }>();
  let virtualCursor = false;
  for (const op of ops) {
    if ((op.opcode === "OpenRead" || op.opcode === "OpenWrite" || op.opcode === "ReopenIdx") && op.p3 === 0) {
      const object = db.byRoot.get(op.p2);
      if (!object) throw new Error(`Root page ${op.p2} of no table, in: ${source}`);
      if (object.name === "sqlite_schema" || object.name === "sqlite_master") continue;
      const table = object.tableName;
      reads.add(`${table}.*`);
      const byPosition = object.type === "index" ? db.indexColumns(object) : db.columns(table).map((c) => [c]);
      cursors.set(op.p1, { table, column: (n) => byPosition[n] });
    } else if (op.opcode === "OpenRead" || op.opcode === "OpenWrite") {
      throw new Error(`A cursor on attached or temp schema ${op.p3}, in: ${source}`);
    } else if (op.opcode === "VOpen") {
      virtualCursor = true;
    } else if (op.opcode === "Column") {
      const cursor = cursors.get(op.p1);
      for (const column of cursor?.column(op.p2) ?? []) reads.add(`${cursor!.table}.${column}`);
    }
  }
  if (virtualCursor) {
    const named = db.virtual.filter((name) => new RegExp(`\\b${name}\\b`).test(source) && !NOT_DATA.has(name));
    for (const name of named) {
      if (!WORD_INDEXES.has(name)) throw new Error(`A virtual table this test cannot read for: ${name}`);
      for (const column of [...Object.values(WORD_INDEX_COLUMNS), ...WORD_INDEX_ROWID]) reads.add(column);
      reads.add("posts.*").add("users.*");
    }
  }
  return reads;
}

/** Which of `reads` a declaration does not cover. The id is never updated: reading it needs no column named. */
function undeclared(reads: Iterable<string>, tables: readonly string[]): string[] {
  const declared = new Map(
    tables.map((spec) => {
      const [table, columns] = spec.split(":");
      return [table, columns ? new Set([...columns.split(","), "id", "*"]) : null] as const;
    }),
  );
  return [...reads].filter((read) => {
    const [table, column] = read.split(".");
    if (!declared.has(table)) return true;
    const columns = declared.get(table);
    return columns !== null && columns !== undefined && !columns.has(column);
  });
}

// What the caches read, by name: every statement run while one computes (a cache computed inside
// another's computation counts for both: the outer one's value is made from the inner one's tables).
const recorded = new Map<CacheName, Set<string>>();
const computed = new Map<CacheName, number>();
const open: CacheName[] = [];
type Method = (...args: unknown[]) => unknown;
const METHODS = ["all", "get", "run", "iterate"] as const;
let restore = () => {};

beforeAll(() => {
  setMemoForTests(false); // every read computes
  const proto = Object.getPrototypeOf(sqlite().prepare("SELECT 1")) as Record<(typeof METHODS)[number], Method>;
  const originals = Object.fromEntries(METHODS.map((name) => [name, proto[name]])) as Record<(typeof METHODS)[number], Method>;
  for (const name of METHODS) {
    proto[name] = function (this: { source: string }, ...args: unknown[]) {
      for (const cache of open) recorded.get(cache)!.add(this.source);
      return originals[name].apply(this, args);
    };
  }
  traceComputations((name, compute) => {
    if (!recorded.has(name)) recorded.set(name, new Set());
    computed.set(name, (computed.get(name) ?? 0) + 1);
    open.push(name);
    try {
      return compute();
    } finally {
      open.pop();
    }
  });
  restore = () => Object.assign(proto, originals);
});
afterAll(() => {
  traceComputations(null);
  restore();
  setMemoForTests(undefined);
});

/** Runs every shape of each cache's computation (each statement a cache may prepare). */
const EXERCISES: Record<CacheName, () => void> = {
  "post-lists": () => {
    for (const sort of ["hot", "new", "top"] as const) {
      listFeedPosts({ sort, limit: 5 });
      listFeedPosts({ sort, timeframe: "week", category: "Music", limit: 5 });
      listFeedPosts({ sort, q: "cats", limit: 5 }); // the word index (a rare phrase)
      listFeedPosts({ sort, q: "ca", limit: 5 }); // a scan (too short for the index)
    }
    for (const sort of ["newest", "oldest", "most_upvoted", "most_commented"] as const) listCategoryPosts({ sort, category: "Music", limit: 5 });
  },
  post: () => getPost({ id: fixture.post }),
  "posts-by-ids": () => listPostsByIds({ ids: [fixture.post, fixture.post + 1_000] }),
  "search-text": () => {
    for (const sort of ["newest", "oldest"] as const) for (const timeframe of ["all", "week"] as const) searchPosts({ q: "cats", sort, timeframe, limit: 5 });
  },
  "search-counts": () => {
    for (const sort of ["most_upvoted", "most_commented"] as const) for (const timeframe of ["all", "week"] as const) searchPosts({ q: "cats", sort, timeframe, limit: 5 });
  },
  "member-search": () => {
    searchUsers({ q: "", limit: 5 });
    searchUsers({ q: "rea", limit: 5 });
  },
  thread: () => getPostThread({ postId: fixture.post }),
  blocked: () => blockedBy(fixture.blocker),
  mutes: () => mutingFor(fixture.blocker),
  session: () => getSessionUser({ token: fixture.token }),
  "week-sidebar": () => topPostsThisWeek(),
  "top-contributors": () => {
    cacheClock.now = () => Date.now() + ROLLUP_LAG_MS * 10; // its row (if any) is old: made again
    try {
      topContributorsThisWeek(5);
    } finally {
      cacheClock.now = () => Date.now();
    }
  },
};

const fixture = { post: 0, blocker: 0, token: "" };

describe("every cache reads only what it declares", () => {
  beforeAll(() => {
    const author = makeUser({ username: "reader_of_cats" });
    const other = makeUser();
    const post = makePost({ userId: author.id, title: "Cats and their opinions", category: "Music" });
    createComment({ postId: post.id, userId: other.id, content: "A reply that mentions @reader_of_cats" });
    blockUser({ blockerId: other.id, blockedId: author.id });
    fixture.post = post.id;
    fixture.blocker = other.id;
    fixture.token = createSession({ userId: author.id }).token;
    for (const exercise of Object.values(EXERCISES)) exercise();
  });

  it("knows every cache the code makes (each versionedCache and declareRollup in app/ is declared here)", () => {
    const texts = sourceFiles(path.resolve(__dirname, "..")).map((file) => fs.readFileSync(file, "utf8"));
    const made = texts.flatMap((text) => [...text.matchAll(/\b(?:versionedCache|declareRollup)(?:<[^(]*>)?\(\{\s*name: "([a-z-]+)"/g)].map((m) => m[1]));
    // Every call, named in place or not (the definitions aside).
    const calls = texts.flatMap((text) => [...text.matchAll(/(?<!function )\b(?:versionedCache|declareRollup)(?:<[^(]*>)?\(/g)]);
    expect(made.length).toBeGreaterThan(0);
    expect(calls.length).toBe(made.length);
    expect([...new Set(made)].sort()).toEqual(made.sort()); // unique
    expect([...cacheRegistry.keys()].sort()).toEqual(made.sort());
  });

  it.each([...Object.keys(EXERCISES)] as CacheName[])("%s", (name) => {
    const declaration = cacheRegistry.get(name);
    expect(declaration, `${name} is not declared (its module was not loaded?)`).toBeDefined();
    expect(computed.get(name) ?? 0, `${name} was never computed by its exercise`).toBeGreaterThan(0);
    expect(recorded.get(name)!.size, `${name} ran no statement`).toBeGreaterThan(0);
    const db = schema();
    const problems = [...recorded.get(name)!].flatMap((source) => undeclared(readsOf(source, db), declaration!.tables).map((read) => `${read} in: ${source.slice(0, 160)}`));
    expect(problems, `${name} reads what it does not declare (${declaration!.tables.join(" ")})`).toEqual([]);
  });

  it("fails a computation that reads a table it does not declare", () => {
    const reads = readsOf("SELECT p.title, u.username, u.email FROM posts p JOIN users u ON u.id = p.user_id");
    expect(undeclared(reads, ["posts", "users:username"])).toEqual(["users.email"]);
    expect(undeclared(reads, ["posts:title"])).toEqual(["users.*", "posts.user_id", "users.username", "users.email"]);
    expect(undeclared(readsOf("SELECT rowid FROM posts_search WHERE posts_search MATCH 'cats'"), ["posts:title"])).toContain("users.username");
  });
});

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}
