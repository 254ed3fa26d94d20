// What mutes cost a list that no memo answers: `node --import tsx bench/mutes.ts [db]`. On a copy of
// the large dataset (bench/.data/large.db is never written: it is copied to bench/.data/mutes.db
// unless a file is given), migrated, with MEMO=off: the CPU time per call of a feed page (10 posts)
// for one member with nothing muted and for one with 3 words, 2 members, 2 categories, 50 hidden
// posts and 'Hide what I've read' over 500 read posts (decision 0125), the mean of CALLS (50) after
// five to warm up; the profile's posts and upvoted tabs and search read their page of ids with the
// mutes in the statement. Words: MUTED_WORDS (default "funny,cat,the video", common in the dataset).
// Then the worst a member or a visitor can set (decision 0160): MAX_MUTES words, the dataset's most
// common words alone and in phrases of MAX_MUTE_WORDS, most of the posts hidden, so each page reads
// its whole window; each row with its CPU ratio to the same page with nothing muted, and the rows
// the mutes were tested on per call (the bound: mutedWindow(limit) from the offset on, search too).
// The JSON rows read what GET /api/posts reads (pageOfFeedPosts: the page and where the next starts).
import fs from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const source = path.join(ROOT, "bench/.data/large.db");
const file = process.argv[2] ?? path.join(ROOT, "bench/.data/mutes.db");
if (!process.argv[2]) {
  for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(file + suffix, { force: true });
  fs.copyFileSync(source, file);
}
process.env.DATABASE_PATH = file;
process.env.MEMO = "off";
process.env.SEED_DEMO = "false";
const CALLS = Number(process.env.CALLS ?? 50);

const { getDb, migrate } = await import("#db/client.server.ts");
migrate(getDb());
const { listFeedPosts, listCategoryPosts, pageOfFeedPosts, searchPosts } = await import("~/models/post/index.server.ts");
const { addMute, cleanVisitorMutes, mutingFor } = await import("~/models/mute/mute.server.ts");
const { MAX_MUTES, MAX_MUTE_WORDS } = await import("~/rules/mute-rules.ts");
const { mutedRowChecks, mutedWordsHandle } = await import("#db/words.ts");
const { hidePost, recordPostRead, setHideRead } = await import("~/models/mute/hide.server.ts");
const { listPostComments } = await import("~/models/comment-thread.server.ts");
const { listUserPosts, listUpvotedPosts } = await import("~/models/profile-lists.server.ts");

const ids = (sql: string) => (getDb().$client.prepare(sql).all() as { id: number }[]).map((r) => r.id);
const [plain, muter] = ids("SELECT id FROM users ORDER BY id LIMIT 2");
const busiest = ids("SELECT id FROM users ORDER BY posts_count DESC LIMIT 2");
// MUTED_WORDS="a,b c": the words muted (common ones cost most: the word index gives every post that has one).
const words = (process.env.MUTED_WORDS ?? "funny,cat,the video").split(",");
for (const value of words) addMute({ userId: muter, kind: "word", value });
for (const value of busiest) if (value !== muter) addMute({ userId: muter, kind: "member", value });
for (const value of ["Music", "Gaming"]) addMute({ userId: muter, kind: "category", value });
for (const postId of ids("SELECT id FROM posts ORDER BY hot DESC LIMIT 50")) hidePost({ userId: muter, postId });
for (const postId of ids("SELECT id FROM posts ORDER BY created_at DESC LIMIT 500")) recordPostRead({ userId: muter, postId });
setHideRead({ userId: muter, on: true });
// A profile with many posts, of an author the muter did not mute, and a member who upvoted many.
const author = ids("SELECT id FROM users ORDER BY posts_count DESC LIMIT 3 OFFSET 2")[0];
const voter = ids("SELECT user_id AS id FROM votes WHERE is_upvote = 1 GROUP BY user_id ORDER BY count(*) DESC LIMIT 1")[0];
const thread = ids("SELECT post_id AS id FROM comments GROUP BY post_id ORDER BY count(*) DESC LIMIT 1")[0];

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
function perCall(call: () => unknown, calls = CALLS) {
  for (let i = 0; i < 5; i++) call();
  const cpu = cpuMs();
  for (let i = 0; i < calls; i++) call();
  return (cpuMs() - cpu) / calls;
}

const cases: [string, (viewerId: number) => unknown][] = [
  ["home, hot", (viewerId) => listFeedPosts({ sort: "hot", limit: 11, viewerId })],
  ["home, new", (viewerId) => listFeedPosts({ sort: "new", limit: 11, viewerId })],
  ["home, top of the week", (viewerId) => listFeedPosts({ sort: "top", timeframe: "week", limit: 11, viewerId })],
  ["home, hot, offset 500", (viewerId) => listFeedPosts({ sort: "hot", limit: 11, offset: 500, viewerId })],
  ["category Comedy, newest", (viewerId) => listCategoryPosts({ sort: "newest", category: "Comedy", limit: 11, viewerId })],
  ["search 'video'", (viewerId) => searchPosts({ q: "video", limit: 20, viewerId })],
  ["profile posts tab", (viewerId) => listUserPosts({ userId: author, limit: 11, viewerId })],
  ["profile upvoted tab", (viewerId) => listUpvotedPosts({ userId: voter, limit: 11, viewerId })],
  [`thread of post ${thread} (200 comments)`, (viewerId) => listPostComments({ postId: thread, viewerId })],
];
// MUTES_TABLES=most: only the table of the most mutes (what `npm run bench` prints).
if (process.env.MUTES_TABLES !== "most") {
  console.log("| list | nothing muted (ms CPU) | with mutes (ms CPU) |\n| --- | ---: | ---: |");
  for (const [name, call] of cases) {
    console.log(`| ${name} | ${perCall(() => call(plain)).toFixed(2)} | ${perCall(() => call(muter)).toFixed(2)} |`);
  }
}

// The most mutes: the commonest words of the posts' folded words (a sample of 20,000), the first alone,
// the rest in phrases of MAX_MUTE_WORDS made of them.
const counts = new Map<string, number>();
for (const { words: text } of getDb().$client.prepare("SELECT words FROM post_words ORDER BY post_id DESC LIMIT 20000").all() as { words: string }[]) {
  for (const w of text.split(" ")) if (w !== "|") counts.set(w, (counts.get(w) ?? 0) + 1);
}
const common = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([w]) => w);
const SINGLE = 40;
const worst = [
  ...common.slice(0, SINGLE),
  ...Array.from({ length: MAX_MUTES - SINGLE }, (_, i) => Array.from({ length: MAX_MUTE_WORDS }, (_, j) => common[(i + j * 7) % 60]).join(" ")),
];
const [mostMuter] = ids(`SELECT id FROM users WHERE id NOT IN (${plain}, ${muter}) ORDER BY id LIMIT 1`);
for (const value of worst) addMute({ userId: mostMuter, kind: "word", value });
const visitorMutes = cleanVisitorMutes({ words: worst, categories: [] });
const hiddenShare = (getDb().$client.prepare("SELECT avg(holds_muted_word(w.words, ?)) AS share FROM (SELECT id FROM posts ORDER BY hot DESC LIMIT 2000) p JOIN post_words w ON w.post_id = p.id").get(mutedWordsHandle(visitorMutes.words)) as { share: number }).share;
const checksPerCall = (call: () => unknown) => {
  const before = mutedRowChecks.count;
  call();
  return mutedRowChecks.count - before;
};
const mostCases: [string, (viewer: { viewerId: number | null; visitorMutes?: typeof visitorMutes }) => unknown][] = [
  ["home, hot", (v) => listFeedPosts({ sort: "hot", limit: 11, ...v })],
  ["home, new", (v) => listFeedPosts({ sort: "new", limit: 11, ...v })],
  ["home, top of the week", (v) => listFeedPosts({ sort: "top", timeframe: "week", limit: 11, ...v })],
  ["home, hot, limit 201 (the longest page)", (v) => listFeedPosts({ sort: "hot", limit: 201, ...v })],
  ["GET /api/posts, offset 150", (v) => pageOfFeedPosts({ sort: "hot", limit: 10, offset: 150, ...v })],
  ["GET /api/posts, offset 500", (v) => pageOfFeedPosts({ sort: "hot", limit: 10, offset: 500, ...v })],
  ["GET /api/posts, offset 10000, limit 100 (the deepest)", (v) => pageOfFeedPosts({ sort: "hot", limit: 100, offset: 10_000, ...v })],
  // A client paging by the Link header: pages 1 to 7 of 10, each from the last one's next (per call: all 7).
  [
    "GET /api/posts, following next from page 1 to page 7",
    (v) => {
      let offset: number | null = 0;
      for (let page = 0; page < 7 && offset !== null; page++) offset = pageOfFeedPosts({ sort: "hot", limit: 10, offset, ...v }).next;
    },
  ],
  ["category Comedy, newest", (v) => listCategoryPosts({ sort: "newest", category: "Comedy", limit: 11, ...v })],
  ["search 'video'", (v) => searchPosts({ q: "video", limit: 20, ...v })],
  ["profile posts tab", (v) => listUserPosts({ userId: author, limit: 11, ...v })],
  ["profile upvoted tab", (v) => listUpvotedPosts({ userId: voter, limit: 11, ...v })],
];
console.log(
  `\nThe most mutes: ${worst.length} words (${SINGLE} of the commonest alone, ${worst.length - SINGLE} phrases of ${MAX_MUTE_WORDS}), hiding ${(hiddenShare * 100).toFixed(0)} % of the 2,000 hottest posts.\n`,
);
// Each side beside its own page without mutes: a member who muted nothing, a visitor without the cookie.
console.log(
  "| list | member, nothing muted (ms CPU) | member, most mutes | ÷ | visitor, no cookie (ms CPU) | visitor, most mutes | ÷ | rows tested per call (bound) |\n| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
);
const ratios: number[] = [];
// A shared machine's speed drifts within a run: the four sides in turn, ROUNDS times, each side's median.
const ROUNDS = 7;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
function sides(...calls: (() => unknown)[]): number[] {
  const times: number[][] = calls.map(() => []);
  for (let r = 0; r < ROUNDS; r++) calls.forEach((call, i) => times[i].push(perCall(call, Math.ceil(CALLS / 2))));
  return times.map(median);
}
for (const [name, call] of mostCases) {
  const [memberNone, member, visitorNone, visitor] = sides(
    () => call({ viewerId: plain }),
    () => call({ viewerId: mostMuter }),
    () => call({ viewerId: null }),
    () => call({ viewerId: null, visitorMutes }),
  );
  const rows = checksPerCall(() => call({ viewerId: mostMuter }));
  ratios.push(member / memberNone, visitor / visitorNone);
  console.log(
    `| ${name} | ${memberNone.toFixed(2)} | ${member.toFixed(2)} | ${(member / memberNone).toFixed(2)}× | ${visitorNone.toFixed(2)} | ${visitor.toFixed(2)} | ${(visitor / visitorNone).toFixed(2)}× | ${rows} |`,
  );
}
// With MEMO=off a member's mutes are read from their table at every call (kept per member otherwise).
const [readNone, readMost] = sides(() => mutingFor(plain), () => mutingFor(mostMuter));
console.log(`\nReading the member's mutes (part of each member row): ${readNone.toFixed(3)} ms with none, ${readMost.toFixed(3)} ms with ${worst.length}.`);
console.log(
  `\nPage with the most mutes ÷ same page without mutes (every row, member and visitor): median ${median(ratios).toFixed(2)}×, highest ${Math.max(...ratios).toFixed(2)}×.`,
);
