// category_counts under concurrency: two processes write posts into one database file at once
// (inserts, category moves, deletes of one post or of an author's posts, each in its own
// BEGIN IMMEDIATE transaction, as the models write them) and every counter ends equal to COUNT(*) of
// its category's posts. The counters are kept by triggers, so plain SQL exercises them as every
// model path does.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { migrate, openDatabase } from "./client.server.ts";
import { counterMismatches, counterTotals } from "./integrity.ts";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "chortle-category-counts-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

// One writer process: WRITES transactions on its own connection, each a random step of its own.
// It opens the file as a worker does, with the SQL functions the posts' triggers call (db/words.ts).
const WRITER = `
import Database from "better-sqlite3";
const { withSqlFunctions } = await import(${JSON.stringify(path.join(import.meta.dirname, "client.server.ts"))});
const [file, seedText, writesText, authorsText] = process.argv.slice(1);
const db = withSqlFunctions(new Database(file));
db.pragma("journal_mode = WAL");
db.pragma("synchronous = NORMAL");
db.pragma("foreign_keys = ON");
db.pragma("busy_timeout = 10000");
const CATEGORIES = ["Comedy", "Music", "Gaming", "DIY", "Kids"];
let seed = Number(seedText);
const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
const pick = (list) => list[Math.floor(random() * list.length)];
const authors = JSON.parse(authorsText);
const insert = db.prepare("INSERT INTO posts (user_id, title, category, comment, comment_author, video_id, video_title, video_channel, video_thumbnail) VALUES (?, 'A post', ?, 'A comment', '@a', 'vid00000001', 'A video', 'A channel', 'https://i.ytimg.com/vi/vid00000001/hqdefault.jpg')");
const someone = db.prepare("SELECT id FROM posts WHERE user_id = ? ORDER BY random() LIMIT 1").pluck();
const move = db.prepare("UPDATE posts SET category = ? WHERE id = ?");
const remove = db.prepare("DELETE FROM posts WHERE id = ?");
const removeAll = db.prepare("DELETE FROM posts WHERE user_id = ?");
const did = { inserted: 0, moved: 0, deleted: 0, authorsCleared: 0 };
const step = db.transaction(() => {
  const author = pick(authors);
  const r = random();
  const id = someone.get(author);
  if (r < 0.5 || id === undefined) for (let i = 0; i < 1 + Math.floor(random() * 3); i++) did.inserted += insert.run(author, pick(CATEGORIES)).changes;
  else if (r < 0.75) did.moved += move.run(pick(CATEGORIES), id).changes;
  else if (r < 0.98) did.deleted += remove.run(id).changes;
  else did.authorsCleared += removeAll.run(author).changes;
});
process.stdout.write("ready\\n");
process.stdin.once("data", () => {
  for (let i = 0; i < Number(writesText); i++) step.immediate();
  db.close();
  process.stdout.write(JSON.stringify(did) + "\\n", () => process.exit(0));
});
`;

function writer(file: string, seed: number, writes: number, authors: number[]) {
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", WRITER, file, String(seed), String(writes), JSON.stringify(authors)], {
    cwd: process.cwd(),
    stdio: ["pipe", "pipe", "inherit"],
  });
  let output = "";
  const ready = new Promise<void>((resolve) =>
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.startsWith("ready\n")) resolve();
    }),
  );
  const done = new Promise<{ code: number | null; did: Record<string, number> }>((resolve) =>
    child.on("close", (code) => resolve({ code, did: code === 0 ? JSON.parse(output.slice("ready\n".length)) : {} })),
  );
  return { child, ready, done };
}

describe("category counts under concurrency", () => {
  it("two processes writing posts at once keep every counter equal to COUNT(*)", async () => {
    const file = path.join(dir, "counts.db");
    const db = openDatabase(file);
    migrate(db);
    const sqlite = db.$client;
    const addUser = sqlite.prepare("INSERT INTO users (username, email, password_hash) VALUES (?, ?, 'x')");
    const authors = Array.from({ length: 6 }, (_, i) => Number(addUser.run(`writer${i}`, `writer${i}@example.com`).lastInsertRowid));

    const writers = [writer(file, 11, 1000, authors), writer(file, 23, 1000, authors)];
    await Promise.all(writers.map((w) => w.ready));
    for (const w of writers) w.child.stdin.end("go\n"); // both start together
    // Meanwhile this connection writes too, and reads the counters mid-storm.
    for (let i = 0; i < 100; i++) {
      db.transaction(() => sqlite.prepare("INSERT INTO posts (user_id, title, category, comment, comment_author, video_id, video_title, video_channel, video_thumbnail) VALUES (?, 'Mine', 'Music', 'c', '@a', 'v', 'v', 'v', 'v')").run(authors[0]), { behavior: "immediate" });
      await new Promise((resolve) => setImmediate(resolve));
    }
    const outcomes = await Promise.all(writers.map((w) => w.done));
    expect(outcomes.map((o) => o.code)).toEqual([0, 0]);
    // Each writer really inserted, moved and deleted posts, one and many at a time.
    for (const { did } of outcomes) for (const kind of ["inserted", "moved", "deleted", "authorsCleared"]) expect(did[kind]).toBeGreaterThan(0);

    const counts = sqlite
      .prepare(
        `SELECT c.category, c.posts_count AS counter, (SELECT count(*) FROM posts p WHERE p.category = c.category) AS rows
         FROM category_counts c ORDER BY c.category`,
      )
      .all() as { category: string; counter: number; rows: number }[];
    expect(counts.map((c) => c.category)).toEqual(["Comedy", "DIY", "Gaming", "Kids", "Music"]);
    for (const c of counts) expect(c.counter).toBe(c.rows);
    // The integrity check says the same (users' posts_count is the models' to keep, not plain SQL's).
    expect(counterMismatches(sqlite).filter((line) => line.startsWith("category"))).toEqual([]);
    sqlite.close();
  });
});

describe("the integrity checks", () => {
  it("find a wrong category counter, and pass a backup made before the counters existed", () => {
    const file = path.join(dir, "checks.db");
    const db = openDatabase(file);
    migrate(db);
    const sqlite = db.$client;
    sqlite.prepare("INSERT INTO users (username, email, password_hash) VALUES ('checker', 'checker@example.com', 'x')").run();
    sqlite.prepare("INSERT INTO posts (user_id, title, category, comment, comment_author, video_id, video_title, video_channel, video_thumbnail) VALUES (1, 't', 'DIY', 'c', '@a', 'v', 'v', 'v', 'v')").run();
    sqlite.prepare("UPDATE users SET posts_count = 1").run();
    expect(counterMismatches(sqlite)).toEqual([]);
    expect(counterTotals(sqlite).category_posts).toBe(1);
    sqlite.prepare("UPDATE category_counts SET posts_count = 3 WHERE category = 'DIY'").run();
    expect(counterMismatches(sqlite)).toEqual(["category DIY: 3 vs rows 1"]);
    sqlite.prepare("DELETE FROM category_counts").run();
    expect(counterMismatches(sqlite)).toEqual(["category DIY: 0 vs rows 1"]);
    // As a backup from before migration 0015 looks: no such table, and no complaint about it.
    sqlite.exec("DROP TABLE category_counts");
    expect(counterMismatches(sqlite)).toEqual([]);
    expect(counterTotals(sqlite)).not.toHaveProperty("category_posts");
    sqlite.close();
  });
});
