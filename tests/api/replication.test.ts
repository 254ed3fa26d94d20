// Litestream streams every commit to a replica (deploy/litestream/litestream.yml, a directory here;
// decision 0136): members write through the built server, the server is killed with kill -9 right
// after the last answer, and then the whole box is gone (Litestream killed too, after its sync
// interval). `npm run restore -- --replica` on a fresh directory finds every write that was
// answered; `--timestamp` gives the database as it was at a time between two batches.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { counterMismatches } from "#db/integrity.ts";
import { startApiServer, type ApiClient, type ApiUser } from "../support/api-client.ts";
import { startLitestream, type RunningLitestream } from "../support/litestream.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
/** The config's sync-interval (1 s), and a margin. */
const SHIPPED_WITHIN_MS = 2_500;

let api: ApiClient;
let litestream: RunningLitestream;
let dir: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "chortle-replica-"));
  api = await startApiServer();
  litestream = await startLitestream(api.server.databasePath, path.join(dir, "replica"));
});
afterAll(async () => {
  await litestream?.kill("SIGKILL");
  await api?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function restore(args: string[], databasePath: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/restore.ts", ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_PATH: databasePath, LITESTREAM_REPLICA_URL: `file://${path.join(dir, "replica")}` },
    });
    let output = "";
    child.stdout.on("data", (c) => (output += c));
    child.stderr.on("data", (c) => (output += c));
    child.on("exit", (code) => resolve({ code, output }));
  });
}

/** Comments written through the server by several members at once; the ids of those answered 201. */
async function writeBatch(members: ApiUser[], postId: number, label: string, perMember: number): Promise<number[]> {
  const ids: number[] = [];
  await Promise.all(
    members.map(async (member) => {
      for (let i = 0; i < perMember; i++) {
        const res = await api.fetch("/api/comments", { method: "POST", user: member, json: { postId, content: `${label} ${member.username} ${i}` } });
        expect(res.status).toBe(201);
        const body = (await res.json()) as { comment?: { id: number }; id?: number };
        ids.push(body.comment?.id ?? body.id!);
      }
    }),
  );
  expect(ids.every((id) => Number.isInteger(id))).toBe(true);
  return ids;
}

const commentIds = (file: string) => {
  const db = new Database(file, { readonly: true });
  try {
    expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
    expect(counterMismatches(db)).toEqual([]);
    return new Set(db.prepare("SELECT id FROM comments").pluck().all() as number[]);
  } finally {
    db.close();
  }
};

describe("continuous replication with Litestream", () => {
  it("keeps every acknowledged write through a kill -9, and restores the latest state or a point in time", { timeout: 90_000 }, async () => {
    const author = await api.user();
    const post = api.post(author.id, { title: "Written down twice" });
    const members = await Promise.all(Array.from({ length: 5 }, () => api.user()));

    const early = await writeBatch(members, post.id, "early", 4);
    await sleep(SHIPPED_WITHIN_MS);
    const between = new Date();
    await sleep(SHIPPED_WITHIN_MS);
    const late = await writeBatch(members, post.id, "late", 8);

    // The server dies at once after its last answer; Litestream goes on for its sync interval,
    // then the box is gone.
    process.kill(api.server.pid, "SIGKILL");
    await api.server.exited;
    await sleep(SHIPPED_WITHIN_MS);
    await litestream.kill("SIGKILL");

    const latest = path.join(dir, "fresh", "app.db");
    const restored = await restore(["--replica"], latest);
    expect(restored.output).toContain(`Restored the replica to ${latest}`);
    expect(restored.code).toBe(0);
    // Nothing but the database: none of the -wal/-shm files Litestream's restore leaves beside its output.
    expect(fs.readdirSync(path.dirname(latest))).toEqual(["app.db"]);
    const found = commentIds(latest);
    expect([...early, ...late].filter((id) => !found.has(id))).toEqual([]);

    const pointInTime = path.join(dir, "as-of", "app.db");
    const asOf = await restore(["--replica", "--timestamp", between.toISOString()], pointInTime);
    expect(asOf.code).toBe(0);
    const then = commentIds(pointInTime);
    expect(early.filter((id) => !then.has(id))).toEqual([]);
    expect(late.filter((id) => then.has(id))).toEqual([]);

    // Without --replica or a file: how to use it.
    expect((await restore([], path.join(dir, "none", "app.db"))).code).toBe(1);
  });
});
