// A spam wave against the built server with open sign-ups (`npm run bench:spam`; issue 37, docs/product.md
// §11 "Spam"): hundreds of sign-ups from many addresses (the server trusts X-Forwarded-For from loopback,
// TRUST_PROXY=loopback, as behind a proxy), thousands of posts, comments, mentions and follows, beside a
// few real members who post as people do. Run once per mode (the defaults; NEWCOMER_POSTS_WAIT=true) on
// a fresh database each, and prints one table per mode: what got through (accounts made, items visitors
// can see, notifications real members got from bots) and what the real members lost.
//
// The waves:
// - form, bot speed: draws the sign-up form and sends it at once (half fill every field, the honeypot too);
// - form, human speed: waits 3.5 s on the form, as a person (or a careful bot) would;
// - JSON API: POST /api/register, which has no form to draw, from 10 networks;
// then every account made posts (repeated campaign texts and unique ones), comments (repeated, with
// links, with mentions of real members, plain), names three members at once and follows, at full speed.
// Visible = rows of posts and comments (what every page, feed, search and API reads; a waiting item is
// not there). BENCH_SPAM_SCALE (1) scales the wave.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { startServer } from "../tests/support/server.ts";
import { FAKE_VIDEOS, FAKE_YOUTUBE_KEY, startYouTubeFake } from "../tests/fixtures/youtube-fake.ts";
import { client, formSignUp, pool, sleep } from "./spam-client.ts";

const SCALE = Number(process.env.BENCH_SPAM_SCALE ?? 1);
const FORM_BOT_SPEED = Math.round(150 * SCALE);
const FORM_HUMAN_NETS = 3;
const FORM_HUMAN_PER_NET = Math.round(30 * SCALE);
const API_NETS = 10;
const API_PER_NET = Math.round(30 * SCALE);
const PASSWORD = "a-bot-password";

type Session = { id: number; username: string; cookie: string; ip: string; net: string };
type Outcome = "ok" | "waiting" | "refused";
type Counts = Record<string, number>;

const pick = <T>(list: readonly T[], i: number) => list[i % list.length];

const outcomeOf = (status: number): Outcome => (status === 202 ? "waiting" : status < 300 ? "ok" : "refused");

/** A few sensible rules an admin of a new site would write after the first wave (docs/product.md §11 "Rules"). */
const SENSIBLE_RULES = [
  { kind: "words", terms: ["500 dollars a day", "work from home"], action: "refuse", message: "Money-making offers are not allowed here." },
  { kind: "words", terms: ["cheap watches", "look at my profile"], action: "hold" },
  { kind: "domain", terms: ["deals.example"], action: "hold" },
  { kind: "account_age", days: 1, action: "flag", message: "A first-day account" },
];

async function runMode(label: string, env: Record<string, string>, rules: readonly object[] = []) {
  const youtube = await startYouTubeFake();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "chortle-spam-"));
  const server = await startServer({
    DATABASE_PATH: path.join(dir, "app.db"),
    SIGNUP_MODE: "open",
    TRUST_PROXY: "loopback",
    // The product's defaults, not the tests' (tests/support/server.ts turns these off).
    RATE_LIMIT: "10/60",
    SIGNUP_MIN_SECONDS: "3",
    ADMIN_USERNAME: "admin",
    ADMIN_PASSWORD: "admin-password",
    ADMIN_EMAIL: "admin@example.com",
    YOUTUBE_API_KEY: FAKE_YOUTUBE_KEY,
    YOUTUBE_API_BASE_URL: youtube.apiBaseUrl,
    YOUTUBE_OEMBED_URL: youtube.oembedUrl,
    ...env,
  });
  const { call, sessionOf } = client(server);
  const db = new Database(server.databasePath, { readonly: true });
  const real = { writes: { ok: 0, waiting: 0, refused: 0 } as Record<Outcome, number>, refusals: [] as string[] };
  const started = performance.now();
  try {
    // ---- The real members: three the admin made (trusted), one who signs up today as a person does.
    const admin = sessionOf(await call("/api/login", { method: "POST", json: { username: "admin", password: "admin-password" } }))!;
    for (const rule of rules) {
      const res = await call("/api/admin/rules", { method: "POST", cookie: admin, json: rule });
      if (res.status !== 201) throw new Error(`a rule was refused: ${res.status} ${await res.text()}`);
    }
    const members: Session[] = [];
    for (const name of ["alice", "bruno", "chiara"]) {
      await call("/api/admin/users", { method: "POST", cookie: admin, json: { username: name, email: `${name}@example.com`, password: "a-real-password", isAdmin: false } });
      const res = await call("/api/login", { method: "POST", json: { username: name, password: "a-real-password" } });
      const id = (db.prepare("select id from users where username = ?").get(name) as { id: number }).id;
      members.push({ id, username: name, cookie: sessionOf(res)!, ip: `198.51.100.${members.length + 1}`, net: "198.51.100.0/24" });
    }
    const newbie = await formSignUp(call, sessionOf, "dana", "198.51.100.9", 3500);
    if (!newbie.cookie) throw new Error("the real new member could not sign up");
    const dana: Session = { id: (db.prepare("select id from users where username = 'dana'").get() as { id: number }).id, username: "dana", cookie: newbie.cookie, ip: "198.51.100.9", net: "198.51.100.0/24" };
    const people = [...members, dana];
    const realIds = people.map((p) => p.id);

    const write = async (who: Session, what: string, p: string, json: unknown, method = "POST") => {
      const res = await call(p, { method, ip: who.ip, cookie: who.cookie, json });
      const outcome = outcomeOf(res.status);
      const body = await res.text();
      real.writes[outcome]++;
      if (outcome === "refused") real.refusals.push(`${who.username} ${what}: ${res.status} ${body.slice(0, 120)}`);
      return { status: res.status, body };
    };
    const share = (who: Session, title: string, comment: string) =>
      write(who, "share", "/api/posts", { title, comment, commentAuthor: "@someone", videoId: FAKE_VIDEOS.funny, category: "Comedy" });

    // Each real member shares a post first: the bots comment under them.
    const realPosts: number[] = [];
    for (const p of people) {
      const res = await share(p, `${p.username}'s favourite comment`, `The funniest thing ${p.username} read this week`);
      if (res.status === 201) realPosts.push((JSON.parse(res.body) as { id: number }).id);
    }
    if (realPosts.length === 0) throw new Error("no real post was published");

    // The real members go on at a person's pace while the wave runs.
    const people_ = (async () => {
      for (let round = 0; round < 4; round++) {
        for (const [i, p] of people.entries()) {
          const postId = pick(realPosts, i + round + 1);
          const others = people.filter((o) => o !== p);
          const texts = [
            `Ha, this made my day (${p.username}, round ${round})`,
            `@${pick(others, round).username} you have to see this one`,
            `Same joke in the original thread: https://www.youtube.com/watch?v=${FAKE_VIDEOS.funny}`,
            `Round ${round}: I keep coming back to this`,
          ];
          await write(p, "comment", "/api/comments", { postId, content: texts[round] });
          await write(p, "vote", "/api/votes", { postId, isUpvote: true });
          await sleep(400);
        }
      }
      await share(dana, "Dana's second find", "A second funny comment, a day later");
    })();

    // ---- The wave: sign-ups.
    const signups = { formBot: { tried: 0, made: 0 }, formHuman: { tried: 0, made: 0 }, api: { tried: 0, made: 0 } };
    const bots: (Session & { wave: "form-human" | "api" })[] = [];
    const formBotTasks = Array.from({ length: FORM_BOT_SPEED }, (_, i) => async () => {
      signups.formBot.tried++;
      const ip = `10.1.${i % 5}.${(i % 250) + 1}`;
      const r = await formSignUp(call, sessionOf, `fb${label[0]}${i}`, ip, 0, i % 2 === 0);
      if (r.cookie) signups.formBot.made++;
    });
    const formHumanTasks = Array.from({ length: FORM_HUMAN_NETS * FORM_HUMAN_PER_NET }, (_, i) => async () => {
      signups.formHuman.tried++;
      const net = `10.2.${i % FORM_HUMAN_NETS}`;
      const ip = `${net}.${Math.floor(i / FORM_HUMAN_NETS) + 1}`;
      const username = `fh${label[0]}${i}`;
      const r = await formSignUp(call, sessionOf, username, ip, 3500);
      if (r.cookie) {
        signups.formHuman.made++;
        const row = db.prepare("select id from users where username = ?").get(username) as { id: number };
        bots.push({ id: row.id, username, cookie: r.cookie, ip, net: `${net}.0/24`, wave: "form-human" });
      }
    });
    const apiTasks = Array.from({ length: API_NETS * API_PER_NET }, (_, i) => async () => {
      signups.api.tried++;
      const net = `172.16.${i % API_NETS}`;
      const ip = `${net}.${Math.floor(i / API_NETS) + 1}`;
      const username = `ap${label[0]}${i}`;
      const res = await call("/api/register", { method: "POST", ip, json: { username, email: `${username}@mail${i % 7}.example`, password: PASSWORD } });
      if (res.status === 201) {
        signups.api.made++;
        const { id } = (await res.json()) as { id: number };
        bots.push({ id, username, cookie: sessionOf(res)!, ip, net: `${net}.0/24`, wave: "api" });
      } else await res.arrayBuffer();
    });
    // Many form sign-ups wait on the form at once (each waits 3.5 s): more at a time than the writes.
    await Promise.all([pool(formBotTasks), pool(formHumanTasks, 30), pool(apiTasks)]);

    // ---- The wave: what every account made tries, at full speed.
    const tried: Counts = {};
    const answered: Record<string, Counts> = {};
    const count = (kind: string, status: number) => {
      tried[kind] = (tried[kind] ?? 0) + 1;
      const o = outcomeOf(status);
      (answered[kind] ??= {})[o] = (answered[kind]?.[o] ?? 0) + 1;
    };
    const botTasks = bots.flatMap((bot, b) => {
      const campaign = (n: number) => `${n % 2 ? "EARN" : "earn"} 500 dollars a day ${"!".repeat(n % 3)} from home,   ask me how ${n % 2 ? "😀" : ""}`;
      const send = async (kind: string, p: string, json: unknown) => {
        const res = await call(p, { method: "POST", ip: bot.ip, cookie: bot.cookie, json });
        count(kind, res.status);
        await res.arrayBuffer();
      };
      const post = (kind: string, title: string, comment: string) => send(kind, "/api/posts", { title, comment, commentAuthor: "@spam", videoId: FAKE_VIDEOS.funny, category: "Comedy" });
      const comment = (kind: string, content: string, i: number) => send(kind, "/api/comments", { postId: pick(realPosts, b + i), content });
      const names = people.map((p) => `@${p.username}`);
      return [
        () => post("post: repeated", "Work from home", campaign(b)),
        () => post("post: repeated", "Work from home", campaign(b + 1)),
        () => post("post: unique", `My honest review number ${bot.id}`, `I tried ${bot.id} things and number ${b} surprised me`),
        () => post("post: unique", `Another find ${bot.id}-2`, `Look at this one, reference ${bot.id}${b}`),
        () => comment("comment: repeated", campaign(b), 0),
        () => comment("comment: repeated", campaign(b + 2), 1),
        () => comment("comment: link", `cheap watches at http://watches${bot.id}.example/sale`, 2),
        () => comment("comment: link", `visit www.deals${bot.id}.example today`, 3),
        () => comment("comment: 2 mentions", `${pick(names, b)} ${pick(names, b + 1)} look at my profile ${bot.id}`, 4),
        () => comment("comment: 2 mentions", `${pick(names, b + 2)} ${pick(names, b + 3)} you will like this ${bot.id}`, 5),
        () => comment("comment: 3 mentions", `${names.slice(0, 3).join(" ")} hello from ${bot.id}`, 6),
        () => comment("comment: unique", `I laughed at this for ${bot.id} minutes`, 7),
        ...people.slice(0, 3).map((p) => () => send("follow", `/api/users/${p.id}/follow`, {})),
      ];
    });
    // Interleave the accounts so the wave is a crowd, not a queue.
    const byRound: (() => Promise<void>)[] = [];
    const per = bots.length ? botTasks.length / bots.length : 0;
    for (let r = 0; r < per; r++) for (let b = 0; b < bots.length; b++) byRound.push(botTasks[b * per + r]);
    await pool(byRound);
    await people_;

    // ---- What got through.
    const botIds = JSON.stringify(bots.map((b) => b.id));
    const visiblePosts = db.prepare(`select user_id as userId, comment as text from posts where user_id in (select value from json_each(?))`).all(botIds) as { userId: number; text: string }[];
    const visibleComments = db.prepare(`select user_id as userId, content as text from comments where deleted_at is null and user_id in (select value from json_each(?))`).all(botIds) as { userId: number; text: string }[];
    const notices = db
      .prepare(`select type, count(*) as n from notifications where user_id in (select value from json_each(?)) and actor_id in (select value from json_each(?)) group by type`)
      .all(JSON.stringify(realIds), botIds) as { type: string; n: number }[];
    const waiting = (db.prepare("select count(*) as n from held_items where user_id in (select value from json_each(?))").get(botIds) as { n: number }).n;
    const perAccount = new Map<number, number>();
    for (const item of [...visiblePosts, ...visibleComments]) perAccount.set(item.userId, (perAccount.get(item.userId) ?? 0) + 1);
    const netOf = new Map(bots.map((b) => [b.id, b.net]));
    const perNet = new Map<string, number>();
    for (const [id, n] of perAccount) perNet.set(netOf.get(id)!, (perNet.get(netOf.get(id)!) ?? 0) + n);
    const repeatedVisible = [...visiblePosts, ...visibleComments].filter((i) => /500dollarsaday/.test(i.text.toLowerCase().replace(/[^a-z0-9]/g, ""))).length;
    const linkVisible = visibleComments.filter((c) => /watches\d+\.example|deals\d+\.example/.test(c.text)).length;
    const accountsPerNet = new Map<string, number>();
    for (const b of bots) accountsPerNet.set(b.net, (accountsPerNet.get(b.net) ?? 0) + 1);

    const rows: [string, string][] = [
      ["sign-ups by form at bot speed: tried / accounts made", `${signups.formBot.tried} / ${signups.formBot.made}`],
      ["sign-ups by form at human speed (3 networks): tried / made", `${signups.formHuman.tried} / ${signups.formHuman.made}`],
      ["sign-ups by JSON API (10 networks): tried / made", `${signups.api.tried} / ${signups.api.made}`],
      ["most accounts made from one /24", String(Math.max(0, ...accountsPerNet.values()))],
      ...Object.keys(tried)
        .sort()
        .map((k): [string, string] => [`${k}: tried / published / waiting / refused`, `${tried[k]} / ${answered[k]?.ok ?? 0} / ${answered[k]?.waiting ?? 0} / ${answered[k]?.refused ?? 0}`]),
      ["spam posts visible to visitors", String(visiblePosts.length)],
      ["spam comments visible to visitors", String(visibleComments.length)],
      ["  of which repeated (campaign) text", String(repeatedVisible)],
      ["  of which with links", String(linkVisible)],
      ["spam items waiting in the queue", String(waiting)],
      // The stated limits (docs/product.md §9 defaults): a new account 5 posts and 30 comments a day;
      // a /24 makes 50 accounts a day (20 an hour).
      ["most visible items from one spam account (a day; limit 5 posts + 30 comments)", String(Math.max(0, ...perAccount.values()))],
      ["most visible items from one /24 (a day; limit 50 accounts × 35)", String(Math.max(0, ...perNet.values()))],
      ["notifications real members got from spam accounts", `${notices.reduce((s, n) => s + n.n, 0)}${notices.length ? ` (${notices.map((n) => `${n.type} ${n.n}`).join(", ")})` : ""}`],
      // The real new member is heard (a notice follows what it points to), unless something of hers waits.
      ["notifications real members got from the real new member (dana)", String((db.prepare("select count(*) as n from notifications where actor_id = ?").get(dana.id) as { n: number }).n)],
      ["real members' writes: published / waiting / refused", `${real.writes.ok} / ${real.writes.waiting} / ${real.writes.refused}`],
      ...(rules.length ? ruleRows(db, botIds, JSON.stringify(realIds)) : []),
      ["run time", `${((performance.now() - started) / 1000).toFixed(0)} s`],
    ];
    return { label, rows, refusals: real.refusals };
  } finally {
    db.close();
    await server.stop();
    await youtube.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** What the rules did (the moderation log's entries as the rules', and the cases they opened), to spam and to real members. */
function ruleRows(db: Database.Database, botIds: string, realIds: string): [string, string][] {
  const acted = (ids: string) => {
    const rows = db
      .prepare(
        `select action, count(*) as n from moderation_log where rule_id is not null and (
           (action = 'rule_hold' and target_id in (select id from held_items where user_id in (select value from json_each(?))))
           or (action = 'rule_flag' and target_kind = 'comment' and target_id in (select id from comments where user_id in (select value from json_each(?))))
           or (action = 'rule_flag' and target_kind = 'post' and target_id in (select id from posts where user_id in (select value from json_each(?))))
         ) group by action`,
      )
      .all(ids, ids, ids) as { action: string; n: number }[];
    const of = (a: string) => rows.find((r) => r.action === a)?.n ?? 0;
    return `${of("rule_hold")} / ${of("rule_flag")}`;
  };
  const refused = (db.prepare("select count(*) as n from moderation_log where action = 'rule_refuse'").get() as { n: number }).n;
  const cases = (db.prepare("select count(*) as n from report_cases where rule_id is not null and author_id in (select value from json_each(?))").get(botIds) as { n: number }).n;
  const realCases = (db.prepare("select count(*) as n from report_cases where rule_id is not null and author_id in (select value from json_each(?))").get(realIds) as { n: number }).n;
  return [
    ["rules: refusals logged (spam and real alike: a refused text names no item)", String(refused)],
    ["rules: spam items held / flagged (log entries)", acted(botIds)],
    // The age rule flags every account of the day: the admin-made members of this run too.
    ["rules: real members' items held / flagged (log entries)", acted(realIds)],
    ["rules: open cases flagged for spam accounts / for real members", `${cases} / ${realCases}`],
  ];
}

function table({ label, rows, refusals }: Awaited<ReturnType<typeof runMode>>): string {
  const width = Math.max(...rows.map(([k]) => k.length));
  const lines = [`### ${label}`, "", `| ${"what".padEnd(width)} | result |`, `| ${"-".repeat(width)} | --- |`, ...rows.map(([k, v]) => `| ${k.padEnd(width)} | ${v} |`)];
  if (refusals.length) lines.push("", "Real members' refused writes:", ...refusals.map((r) => `- ${r}`));
  return lines.join("\n");
}

const modes: [string, Record<string, string>, (readonly object[])?][] = [
  ["defaults", {}],
  ["first posts wait (NEWCOMER_POSTS_WAIT=true)", { NEWCOMER_POSTS_WAIT: "true" }],
  ["defaults and four sensible rules (SENSIBLE_RULES)", {}, SENSIBLE_RULES],
];
const out: string[] = [];
for (const [label, env, rules] of process.env.BENCH_SPAM_ONLY_RULES ? modes.slice(2) : modes) {
  const result = await runMode(label, env, rules);
  const text = table(result);
  console.log(`${text}\n`);
  out.push(text);
}
const cost = await rulesCost();
console.log(`${cost}\n`);
out.push(cost);
if (process.env.BENCH_SPAM_OUT) fs.writeFileSync(process.env.BENCH_SPAM_OUT, `${out.join("\n\n")}\n`);

/**
 * What a page of rules adds to one comment, in this process on a fresh database: MAX_RULES rules of
 * MAX_RULE_TERMS terms, each term beginning with the words of the text (every phrase grown as far as it
 * can: the worst case), against no rules; the work counted (rows read, lookups) beside the time.
 */
async function rulesCost(): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "chortle-rules-"));
  process.env.DATABASE_PATH = path.join(dir, "app.db");
  process.env.RATE_LIMIT = "off";
  const { getDb, migrate, closeDb } = await import("#db/client.server.ts");
  migrate(getDb());
  const { users } = await import("#db/schema.ts");
  const { MAX_RULES, MAX_RULE_TERMS, MAX_RULE_TERM_WORDS } = await import("~/rules/content-rules.ts");
  const { createRule } = await import("~/models/moderation/rule-set.server.ts");
  const { ruleVerdict, ruleWork } = await import("~/models/moderation/rule-check.server.ts");
  const { submitComment } = await import("~/models/spam/submit.server.ts");
  const { createPost } = await import("~/models/post/index.server.ts");
  const db = getDb();
  const admin = db.insert(users).values({ username: "ruler", email: "ruler@example.com", passwordHash: "x", isAdmin: true }).returning().get();
  const author = db.insert(users).values({ username: "writer", email: "writer@example.com", passwordHash: "x", createdAt: new Date(Date.now() - 400 * 86_400_000) }).returning().get();
  const post = createPost({ userId: author.id, title: "A post to comment on", comment: "A comment worth sharing", commentAuthor: "@someone", category: "Comedy", videoId: FAKE_VIDEOS.funny, videoTitle: "A video", videoChannel: "A channel", videoThumbnail: "https://i.ytimg.com/vi/chortleVid1/hqdefault.jpg" });
  const text = "a ".repeat(500).trim(); // the longest comment, every word the start of every term
  const N = 300;
  const perComment = async () => {
    const start = performance.now();
    for (let i = 0; i < N; i++) await submitComment(author, { postId: post.id, content: `${text.slice(0, 990)} ${i}`, parentId: null });
    return ((performance.now() - start) / N) * 1000;
  };
  const perCheck = () => {
    const start = performance.now();
    for (let i = 0; i < N; i++) ruleVerdict(db, author, { text, channel: "A channel" });
    return ((performance.now() - start) / N) * 1000;
  };
  await perComment(); // warm
  const bare = { comment: await perComment(), check: perCheck() };
  for (let r = 0; r < MAX_RULES; r++) {
    const terms = Array.from({ length: MAX_RULE_TERMS }, (_, t) => `${"a ".repeat(MAX_RULE_TERM_WORDS - 1)}t${r}x${t}`);
    createRule({ actorId: admin.id, input: { kind: "words", terms, action: "flag", message: null, enabled: true } });
  }
  const before = { ...ruleWork };
  const full = { comment: await perComment(), check: perCheck() };
  const checks = ruleWork.checks - before.checks;
  const lookups = (ruleWork.lookups - before.lookups) / checks;
  const rows = (ruleWork.rulesRead - before.rulesRead) / checks;
  const compiled = ruleWork.termsCompiled - before.termsCompiled;
  closeDb();
  fs.rmSync(dir, { recursive: true, force: true });
  const us = (n: number) => `${n.toFixed(0)} µs`;
  return [
    "### The cost of a page of rules (in process, worst case)",
    "",
    "| what | result |",
    "| --- | --- |",
    `| rules, terms each, words a term | ${MAX_RULES}, ${MAX_RULE_TERMS}, ${MAX_RULE_TERM_WORDS} |`,
    `| a 1,000-character comment: per comment with no rules / with ${MAX_RULES} rules | ${us(bare.comment)} / ${us(full.comment)} (+${us(full.comment - bare.comment)}) |`,
    `| the rules' check alone: no rules / ${MAX_RULES} rules | ${us(bare.check)} / ${us(full.check)} |`,
    `| work per check: rule rows read, phrase lookups (bound: 500 words × ${MAX_RULE_TERM_WORDS} + 1) | ${rows}, ${lookups.toFixed(0)} |`,
    `| terms compiled over ${checks} checks (once per version of the rules) | ${compiled} |`,
  ].join("\n");
}
