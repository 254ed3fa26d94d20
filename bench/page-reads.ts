// What each page read costs in process, with MEMO=off (every cache computes): the function's total
// time against the time SQLite spent in its statements (better-sqlite3's Statement run/get/all/iterate,
// timed). The rest is building queries and mapping rows in JavaScript.
//
//   cp bench/.data/large.db /tmp/page-reads.db   # never the dataset itself: this adds sessions
//   DATABASE_PATH=/tmp/page-reads.db node --import tsx bench/page-reads.ts [calls]
//
// Each function runs `calls` times (default 50) over varying ids after a warm-up round, ROUNDS times
// (default 5); the best round is printed.
export {};

process.env.MEMO = "off";
process.env.SEED_DEMO = "false";
const fs = await import("node:fs");
if (!process.env.DATABASE_PATH) throw new Error("Set DATABASE_PATH to a copy of the large dataset.");
if (fs.existsSync("bench/.data/large.db") && fs.realpathSync(process.env.DATABASE_PATH) === fs.realpathSync("bench/.data/large.db")) {
  throw new Error("DATABASE_PATH is the dataset itself: this script writes sessions, give it a copy.");
}

const Database = (await import("better-sqlite3")).default;
const probe = new Database(":memory:");
const Statement = Object.getPrototypeOf(probe.prepare("SELECT 1")) as Record<string, (...args: unknown[]) => unknown>;
probe.close();
let sqlNs = 0n;
for (const method of ["run", "get", "all", "iterate"]) {
  const original = Statement[method];
  Statement[method] = function (this: unknown, ...args: unknown[]) {
    const start = process.hrtime.bigint();
    try {
      return original.apply(this, args);
    } finally {
      sqlNs += process.hrtime.bigint() - start;
    }
  };
}

const { getDb } = await import("#db/client.server.ts");
const { createSession, getSessionUser } = await import("~/models/session.server.ts");
const { countUnread } = await import("~/models/notification.server.ts");
const { activeSuspension } = await import("~/models/moderation/suspension.server.ts");
const { getPost, listFeedPosts, listCategoryPosts, listPostsByIds, searchEverything } = await import("~/models/post/index.server.ts");
const { getViewerPostStates } = await import("~/models/post/viewer-state.server.ts");
const { getPostThread } = await import("~/models/comment-thread.server.ts");
const { getProfile, getUserStats } = await import("~/models/profile.server.ts");
const { listUserPosts, listUserComments, listUpvotedPosts, listSavedPosts } = await import("~/models/profile-lists.server.ts");
const { hasBlocked, blockedBy } = await import("~/models/block.server.ts");
const { editablePostIds } = await import("~/models/edit.server.ts");
const { isFollowing } = await import("~/models/follow.server.ts");

const CALLS = Number(process.argv[2] ?? 50);
const sqlite = getDb().$client;
const pick = (sql: string, n: number) => sqlite.prepare(sql).pluck().all(n) as number[];
// Busy members and posts with comments, so every list has something to map.
const members = pick("SELECT id FROM users ORDER BY posts_count DESC LIMIT ?", CALLS);
const threads = pick("SELECT id FROM posts WHERE comments_count > 0 ORDER BY id DESC LIMIT ?", CALLS);
const postIds = pick("SELECT id FROM posts ORDER BY id DESC LIMIT ?", CALLS * 20);
const tokens = members.map((userId) => createSession({ userId }).token);
const words = ["grandma", "cat", "dance", "music", "fail", "dog", "baby", "prank", "news", "song"];
const categories = sqlite.prepare("SELECT DISTINCT category FROM posts").pluck().all() as string[];
const viewer = (i: number) => members[(i + 7) % members.length];
const page = (i: number) => postIds.slice((i % CALLS) * 20, (i % CALLS) * 20 + 20);
const feedSorts = ["hot", "new", "top"] as const;
const newest = listFeedPosts({ sort: "new", limit: 20 });

const cases: [string, (i: number) => unknown][] = [
  ["getSessionUser", (i) => getSessionUser({ token: tokens[i % tokens.length] })],
  ["countUnread", (i) => countUnread({ userId: members[i % members.length] })],
  ["activeSuspension", (i) => activeSuspension(members[i % members.length])],
  ["getPost", (i) => getPost({ id: threads[i % threads.length], viewerId: viewer(i) })],
  ["getPostThread", (i) => getPostThread({ postId: threads[i % threads.length], viewerId: viewer(i) })],
  ["getViewerPostStates", (i) => getViewerPostStates({ viewerId: viewer(i), postIds: page(i) })],
  ["listFeedPosts", (i) => listFeedPosts({ sort: feedSorts[i % 3], limit: 20, offset: (i % 5) * 20, viewerId: viewer(i) })],
  ["listCategoryPosts", (i) => listCategoryPosts({ sort: "newest", category: categories[i % categories.length], limit: 20, viewerId: viewer(i) })],
  ["searchEverything", (i) => searchEverything({ q: words[i % words.length], limits: { posts: 10, users: 5 }, viewerId: viewer(i) })],
  ["listPostsByIds", (i) => listPostsByIds({ ids: page(i), viewerId: viewer(i) })],
  ["getProfile", (i) => getProfile({ id: members[i % members.length], viewerId: viewer(i) })],
  ["getUserStats", (i) => getUserStats({ userId: members[i % members.length] })],
  ["listUserPosts", (i) => listUserPosts({ userId: members[i % members.length], limit: 20, viewerId: viewer(i) })],
  ["listUserComments", (i) => listUserComments({ userId: members[i % members.length], limit: 20 })],
  ["listUpvotedPosts", (i) => listUpvotedPosts({ userId: members[i % members.length], limit: 20, viewerId: viewer(i) })],
  ["listSavedPosts", (i) => listSavedPosts({ userId: members[i % members.length], limit: 20, viewerId: members[i % members.length] })],
  ["hasBlocked", (i) => hasBlocked({ blockerId: viewer(i), blockedId: members[i % members.length] })],
  ["blockedBy", (i) => blockedBy(viewer(i))],
  ["isFollowing", (i) => isFollowing({ followerId: viewer(i), followingId: members[i % members.length] })],
  ["editablePostIds", (i) => editablePostIds(newest, { id: viewer(i), isAdmin: false })],
];

const only = process.env.ONLY?.split(",");
// On a shared machine another process's burst lands in some rounds: each function's best round counts.
const ROUNDS = Number(process.env.ROUNDS ?? 5);
console.log(`| function | total ms/call | SQL ms/call | JS ms/call |`);
console.log(`| --- | ---: | ---: | ---: |`);
for (const [name, call] of cases) {
  if (only && !only.includes(name)) continue;
  for (let i = 0; i < CALLS; i++) call(i + 1000); // warm-up: statements prepared, code optimised
  let best = { total: Infinity, sql: 0 };
  for (let round = 0; round < ROUNDS; round++) {
    sqlNs = 0n;
    const start = process.hrtime.bigint();
    for (let i = 0; i < CALLS; i++) call(i);
    const total = Number(process.hrtime.bigint() - start) / 1e6 / CALLS;
    if (total < best.total) best = { total, sql: Number(sqlNs) / 1e6 / CALLS };
  }
  console.log(`| ${name} | ${best.total.toFixed(3)} | ${best.sql.toFixed(3)} | ${(best.total - best.sql).toFixed(3)} |`);
}
