// The soak: `node --import tsx bench/soak.ts` (not part of npm test; run `npm run build` first).
// Two workers (WORKERS=2, RATE_LIMIT=off) over one SQLite file, SOAK_SECONDS (60) of mixed traffic
// from many members at once: reads of every screen, votes and switches (JSON and no-JS forms),
// comments, replies, saves, follows, new posts, deletions, sign-ins. Then the checks: no 5xx, no SQLITE_BUSY
// in the server's log, every counter equal to COUNT(*) of its rows, no orphan rows, the -wal bounded.
// Prints the request mix, req/s, p50/p99 per kind and the checks; exits 1 when a check fails.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { users } from "#db/schema.ts";
import { counterMismatches, orphanRows, tableCounts } from "#db/integrity.ts";
import { hashPasswordSync } from "~/integrations/password.server.ts";
import type { ApiUser } from "../tests/support/api-client.ts";

// The server and this script share one fresh database file (the test side door writes members
// and posts through the models); set before the side door is loaded.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "chortle-soak-"));
process.env.DATABASE_PATH = path.join(dir, "soak.db");
const { getDb, migrate } = await import("#db/client.server.ts");
migrate(getDb());
const { startApiServer } = await import("../tests/support/api-client.ts");

const SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
const WORKERS = process.env.SOAK_WORKERS ?? "2";
const MEMBERS = 60;
const CLIENTS = Number(process.env.SOAK_CLIENTS ?? 24);
const PASSWORD = "soak-password";

type Kind =
  | "read page" | "read api" | "vote json" | "vote form" | "switch vote" | "comment" | "reply"
  | "save" | "follow" | "new post" | "delete comment" | "delete post" | "sign in";
// Weights: mostly reads, every kind of write often enough to collide.
const MIX: [Kind, number][] = [
  ["read page", 30], ["read api", 12], ["vote json", 12], ["vote form", 10], ["switch vote", 6],
  ["comment", 8], ["reply", 5], ["save", 6], ["follow", 6], ["new post", 3], ["delete comment", 4], ["delete post", 1], ["sign in", 3],
];
const TOTAL_WEIGHT = MIX.reduce((s, [, w]) => s + w, 0);

const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)];
function pickKind(): Kind {
  let r = Math.random() * TOTAL_WEIGHT;
  for (const [kind, weight] of MIX) if ((r -= weight) < 0) return kind;
  return "read page";
}

const api = await startApiServer({ WORKERS, RATE_LIMIT: "off" });
const server = api.server;
console.error(`Soak: ${WORKERS} workers at ${server.url}, ${CLIENTS} clients, ${SECONDS} s`);

// Members with a real password (one hash serves all: it carries its own salt).
const passwordHash = hashPasswordSync(PASSWORD);
const members: ApiUser[] = [];
for (let i = 0; i < MEMBERS; i++) {
  const member = await api.user();
  api.db.update(users).set({ passwordHash }).where(sql`id = ${member.id}`).run();
  members.push(member);
}
const postIds: number[] = [];
for (let i = 0; i < 40; i++) postIds.push(api.post(pick(members).id, { category: pick(["Comedy", "Gaming", "Music"]) }).id);
const commentIds: { id: number; postId: number }[] = [];
const mine = new Map<number, { comments: number[]; posts: number[] }>(members.map((m) => [m.id, { comments: [], posts: [] }]));

const samples = new Map<Kind, number[]>();
const statuses = new Map<Kind, Map<number, number>>();
let networkErrors = 0;

async function timed(kind: Kind, run: () => Promise<Response>): Promise<Response | null> {
  const start = performance.now();
  try {
    const res = await run();
    const body = await res.text();
    (samples.get(kind) ?? samples.set(kind, []).get(kind)!).push(performance.now() - start);
    const byStatus = statuses.get(kind) ?? statuses.set(kind, new Map()).get(kind)!;
    byStatus.set(res.status, (byStatus.get(res.status) ?? 0) + 1);
    if (res.status >= 500) console.error(`${kind} → ${res.status}: ${body.slice(0, 200)}`);
    return new Response(body, { status: res.status, headers: res.headers });
  } catch (error) {
    networkErrors++;
    console.error(`${kind}: ${error instanceof Error ? error.message : error}`);
    return null;
  }
}

async function act(member: ApiUser) {
  const kind = pickKind();
  const postId = pick(postIds);
  const own = mine.get(member.id)!;
  switch (kind) {
    case "read page": {
      const someone = pick(members).id;
      const path = pick([
        "/", "/?sort=new", "/?sort=top&t=week", `/post/${postId}`, "/category/comedy", "/categories", "/search?q=comment",
        "/notifications", "/auth", `/profile/${someone}`, `/profile/${someone}/comments`, `/profile/${someone}/about`,
      ]);
      const viewer = Math.random() < 0.5 ? member : null;
      return timed(kind, () => api.fetch(path, { user: viewer, headers: { "Accept-Encoding": "gzip" } }));
    }
    case "read api":
      return timed(kind, () => api.fetch(pick(["/api/posts", `/api/posts/${postId}`, `/api/posts/${postId}/comments`, "/api/categories", "/api/notifications/unread/count"]), { user: member }));
    case "vote json":
      return timed(kind, () => api.fetch("/api/votes", { method: "POST", user: member, json: { postId, isUpvote: Math.random() < 0.7 } }));
    case "vote form": {
      const comment = commentIds.length && Math.random() < 0.4 ? pick(commentIds).id : null;
      const path = comment ? `/comments/${comment}/vote` : `/post/${postId}/vote`;
      return timed(kind, () => api.fetch(path, { method: "POST", user: member, form: { direction: Math.random() < 0.7 ? "up" : "down" } }));
    }
    case "switch vote":
      // Up then down at once: the second switches (or takes back) the first.
      return timed(kind, async () => {
        await (await api.fetch("/api/votes", { method: "POST", user: member, json: { postId, isUpvote: true } })).arrayBuffer();
        return api.fetch("/api/votes", { method: "POST", user: member, json: { postId, isUpvote: false } });
      });
    case "comment":
    case "reply": {
      const parent = kind === "reply" && commentIds.length ? pick(commentIds) : undefined;
      const onPost = parent?.postId ?? postId;
      const res = await timed(kind, () =>
        api.fetch("/api/comments", { method: "POST", user: member, json: { postId: onPost, content: `Soak ${kind} ${Date.now()}`, parentId: parent?.id } }),
      );
      if (res?.status === 201) {
        const { id } = (await res.json()) as { id: number };
        commentIds.push({ id, postId: onPost });
        own.comments.push(id);
      }
      return res;
    }
    case "save":
      return timed(kind, () => api.fetch(`/api/posts/${postId}/save`, { method: Math.random() < 0.6 ? "POST" : "DELETE", user: member }));
    case "follow": {
      const other = pick(members.filter((m) => m.id !== member.id));
      if (Math.random() < 0.5) {
        return timed(kind, () => api.fetch(`/api/users/${other.id}/follow`, { method: Math.random() < 0.6 ? "POST" : "DELETE", user: member }));
      }
      return timed(kind, () => api.fetch(`/profile/${other.id}/follow`, { method: "POST", user: member, form: { intent: Math.random() < 0.6 ? "follow" : "unfollow" } }));
    }
    case "new post": {
      const res = await timed(kind, () =>
        api.fetch("/api/posts", {
          method: "POST",
          user: member,
          json: {
            title: `A soak post ${Date.now()}`,
            comment: "Funny words from the comments",
            commentAuthor: "@soak",
            category: "Comedy",
            videoId: "dQw4w9WgXcQ",
            videoTitle: "A video",
            videoChannel: "A channel",
            videoThumbnail: "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg",
          },
        }),
      );
      if (res?.status === 201) {
        const { id } = (await res.json()) as { id: number };
        postIds.push(id);
        own.posts.push(id);
      }
      return res;
    }
    case "delete comment": {
      const id = own.comments.shift();
      if (!id) return null;
      commentIds.splice(commentIds.findIndex((c) => c.id === id), 1);
      return timed(kind, () => api.fetch(`/api/comments/${id}`, { method: "DELETE", user: member }));
    }
    case "delete post": {
      const id = own.posts.shift();
      if (!id) return null;
      postIds.splice(postIds.indexOf(id), 1);
      return timed(kind, () => api.fetch(`/api/posts/${id}`, { method: "DELETE", user: member }));
    }
    case "sign in": {
      const res = await timed(kind, () => api.fetch("/api/login", { method: "POST", user: member, json: { username: member.username, password: PASSWORD } }));
      const cookie = res?.headers.getSetCookie().find((c) => c.startsWith("chortle_session="));
      // The old session is gone now (rotation): go on with the new one.
      if (res?.status === 200 && cookie) member.cookie = cookie.split(";")[0];
      return res;
    }
  }
}

const started = performance.now();
const until = started + SECONDS * 1000;
await Promise.all(
  Array.from({ length: CLIENTS }, async (_, i) => {
    // Client i acts as members i, i+CLIENTS, … in turn: a member's session is never used by two
    // clients at once (a sign-in rotates it).
    const mine = members.filter((_, m) => m % CLIENTS === i);
    for (let n = 0; performance.now() < until; n++) await act(mine[n % mine.length]);
  }),
);
const elapsed = (performance.now() - started) / 1000;

const health = (await (await fetch(`${server.url}/healthz`)).json()) as { databaseBytes: number; walBytes: number };
process.kill(server.pid, "SIGTERM");
const exitCode = await server.exited;
const logs = server.logs();

// The report.
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
let total = 0;
let fiveHundreds = 0;
const rows: string[] = [];
for (const [kind] of MIX) {
  const values = samples.get(kind) ?? [];
  total += values.length;
  const byStatus = [...(statuses.get(kind) ?? new Map()).entries()].sort(([a], [b]) => a - b);
  fiveHundreds += byStatus.filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0);
  rows.push(
    `| ${kind} | ${values.length} | ${percentile(values, 50).toFixed(1)} | ${percentile(values, 99).toFixed(1)} | ${byStatus.map(([s, c]) => `${s}×${c}`).join(" ")} |`,
  );
}
const busy = (logs.match(/SQLITE_BUSY|database is locked/g) ?? []).length;
const mismatches = counterMismatches(api.db.$client);
const orphans = orphanRows(api.db.$client);
const counts = tableCounts(api.db.$client);

const checks: [string, boolean, string][] = [
  ["no 5xx", fiveHundreds === 0, String(fiveHundreds)],
  ["no network errors", networkErrors === 0, String(networkErrors)],
  ["no SQLITE_BUSY in the log", busy === 0, String(busy)],
  ["counters equal COUNT(*)", mismatches.length === 0, mismatches.slice(0, 3).join("; ") || "all equal"],
  ["no orphan rows", orphans.length === 0, orphans.slice(0, 3).join("; ") || "none"],
  ["clean shutdown (exit 0)", exitCode === 0, String(exitCode)],
];

console.log(`\n## Soak: ${WORKERS} workers, ${CLIENTS} clients, ${elapsed.toFixed(0)} s, ${total} requests, ${(total / elapsed).toFixed(0)} req/s\n`);
console.log("| kind | requests | p50 ms | p99 ms | statuses |\n| --- | ---: | ---: | ---: | --- |");
console.log(rows.join("\n"));
console.log(`\nRows afterwards: ${Object.entries(counts).map(([t, n]) => `${t} ${n}`).join(", ")}`);
console.log(`Database ${(health.databaseBytes / 1024).toFixed(0)} KB, -wal ${(health.walBytes / 1024).toFixed(0)} KB at the end of the load.\n`);
console.log("| check | result | detail |\n| --- | --- | --- |");
for (const [name, ok, detail] of checks) console.log(`| ${name} | ${ok ? "pass" : "FAIL"} | ${detail} |`);
await server.stop();
fs.rmSync(dir, { recursive: true, force: true });
process.exit(checks.every(([, ok]) => ok) ? 0 : 1);
