// What a history costs per request, for 5 and for 500 revisions: `npm run bench:history`. A comment
// edited 5, 50 (a full first page) and 500 times, each time to another text of about 1,000
// characters (the attack of the issue that led to decision 0068), on a fresh database in this
// process; then the CPU time of page 1 of its history and of its revisions call, read by the model
// and asked of the built app (BUILD_DIR, default build; MEMO=off, so every request renders), beside
// the bare React Router page (bench/bare, built here when missing). CPU time, not wall time: it
// holds on a busy machine.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "chortle-history-"));
process.env.DATABASE_PATH = path.join(dir, "app.db");
process.env.E2E_DATABASE_PATH = process.env.DATABASE_PATH;
process.env.RATE_LIMIT = "off";
process.env.MEMO = "off";
process.env.SEED_DEMO = "false";
process.env.NODE_ENV = "production";

const { getDb, migrate } = await import("#db/client.server.ts");
migrate(getDb());
const { makePost, makeUser } = await import("../tests/fixtures/factories.ts");
const { createComment } = await import("~/models/comment.server.ts");
const { editComment } = await import("~/models/edit.server.ts");
const { getCommentHistory, listRevisions } = await import("~/models/revision.server.ts");

const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const WORDS = ["giggle", "snort", "chortle", "guffaw", "titter", "cackle", "hoot", "chuckle", "smirk", "howl", "roar", "beam", "wheeze"];

/** About 1,000 characters, another text for every `seed`. */
function text(seed: number): string {
  let out = `Edit ${seed}:`;
  for (let i = 0; out.length < 990; i++) out += ` ${WORDS[(seed * 31 + i * 7 + ((i * seed) % 11)) % WORDS.length]}`;
  return out;
}

/** The CPU milliseconds one call of `fn` takes, over CALLS calls after a few to warm up. */
async function cpuMs(fn: () => unknown): Promise<number> {
  for (let i = 0; i < 10; i++) await fn();
  const start = process.cpuUsage();
  for (let i = 0; i < CALLS; i++) await fn();
  const cpu = process.cpuUsage(start);
  return (cpu.user + cpu.system) / 1000 / CALLS;
}

const author = makeUser();
const postId = makePost({ userId: author.id }).id;
const edits = { few: 5, page: 50, many: 500 };
let editCpu = 0;
const items = Object.fromEntries(
  Object.entries(edits).map(([name, n]) => {
    const c = createComment({ userId: author.id, postId, content: text(0) });
    const start = process.cpuUsage();
    for (let i = 1; i <= n; i++) editComment({ id: c.id, actorId: author.id, content: text(i) });
    const cpu = process.cpuUsage(start);
    editCpu += cpu.user + cpu.system;
    return [name, c.id];
  }),
) as Record<keyof typeof edits, number>;

type Handler = (request: Request, context?: unknown) => Promise<Response>;
async function handlerOf(buildDir: string): Promise<Handler | null> {
  const entry = path.join(buildDir, "server/index.js");
  if (!fs.existsSync(entry)) return null;
  const { createRequestHandler } = await import("react-router");
  const build = await import(entry);
  return createRequestHandler(build, "production") as Handler;
}
const context = { clientIp: "127.0.0.1", cspNonce: "bench" };
const ask = (handler: Handler, url: string) => async () => {
  const res = await handler(new Request(`http://localhost${url}`, { headers: { "Accept-Encoding": "identity" } }), context);
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  await res.arrayBuffer();
};

const bareDir = path.join(ROOT, "bench/bare/build");
if (!fs.existsSync(bareDir)) execFileSync("npx", ["react-router", "build"], { cwd: path.join(ROOT, "bench/bare"), stdio: "ignore" });
const app = await handlerOf(path.resolve(ROOT, process.env.BUILD_DIR ?? "build"));
const bare = await handlerOf(bareDir);

const rows: { what: string; few: number; page: number; many: number }[] = [];
const measure = async (what: string, of: (id: number) => () => unknown) =>
  rows.push({ what, few: await cpuMs(of(items.few)), page: await cpuMs(of(items.page)), many: await cpuMs(of(items.many)) });
await measure("model: history page 1 (getCommentHistory)", (id) => () => getCommentHistory(id, 1));
await measure("model: API read page 1 (listRevisions)", (id) => () => listRevisions("comment", id, 1));
if (app) {
  await measure("request: GET /comments/:id/history", (id) => ask(app, `/comments/${id}/history`));
  await measure("request: GET /api/comments/:id/revisions", (id) => ask(app, `/api/comments/${id}/revisions`));
}
const bareMs = bare ? await cpuMs(ask(bare, "/")) : null;
const bytes = async (id: number) => (app ? (await (await app(new Request(`http://localhost/comments/${id}/history`), context)).arrayBuffer()).byteLength : null);

const f = (ms: number) => ms.toFixed(3);
const lines = [
  `History cost per request, CPU ms (${CALLS} calls each, ${new Date().toISOString().slice(0, 16)}Z, load ${os.loadavg().map((l) => l.toFixed(2)).join(" ")})`,
  "",
  `| what | 5 revisions | 50 | 500 | 500 / 5 | 500 / 50 |${bareMs !== null ? " 500 / bare page |" : ""}`,
  `|---|---:|---:|---:|---:|---:|${bareMs !== null ? "---:|" : ""}`,
  ...rows.map(
    (r) =>
      `| ${r.what} | ${f(r.few)} | ${f(r.page)} | ${f(r.many)} | ${(r.many / r.few).toFixed(2)} | ${(r.many / r.page).toFixed(2)} |${bareMs !== null ? ` ${(r.many / bareMs).toFixed(2)} |` : ""}`,
  ),
  "",
  bareMs !== null ? `Bare React Router page (bench/bare, GET /): ${f(bareMs)} ms.` : "Bare page: not built.",
  "Page 1 shows 6 versions of the 5-revision comment and 20 (a full page) of the others: 500 / 50 is the cost of the number of revisions itself.",
  app
    ? `History page 1 HTML: ${await bytes(items.few)} bytes (5 revisions), ${await bytes(items.page)} (50), ${await bytes(items.many)} (500).`
    : `No app build at ${process.env.BUILD_DIR ?? "build"}: model rows only.`,
  `Writing an edit (diff made once, at write): ${f(editCpu / 1000 / (edits.few + edits.many))} ms CPU per edit of ~1,000 characters.`,
];
console.log(lines.join("\n"));
fs.rmSync(dir, { recursive: true, force: true });
