// `npm run backup` while the server takes votes and comments, then `npm run restore` of that copy into
// a new file: the copy is one consistent instant (every counter equals COUNT(*) of its rows) and the
// restored database holds exactly what the backup holds.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { counterMismatches, counterTotals, orphanRows, tableCounts } from "#db/integrity.ts";
import { startApiServer, type ApiClient, type ApiUser } from "../support/api-client.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
let api: ApiClient;
let dir: string;

beforeAll(async () => {
  api = await startApiServer();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "chortle-backup-"));
});
afterAll(async () => {
  await api?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Runs `npm run <script>` (the same command line, without npm's noise) with DATABASE_PATH. */
function runScript(script: "backup" | "restore", args: string[], databasePath: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", `scripts/${script}.ts`, ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_PATH: databasePath },
    });
    let output = "";
    child.stdout.on("data", (c) => (output += c));
    child.stderr.on("data", (c) => (output += c));
    child.on("exit", (code) => resolve({ code, output }));
  });
}

describe("backup and restore", () => {
  it("copies the live database under write load and restores it into a new file, equal to the copy", async () => {
    const author = await api.user();
    const posts = Array.from({ length: 6 }, () => api.post(author.id));
    const voters: ApiUser[] = [];
    for (let i = 0; i < 40; i++) voters.push(await api.user());

    // Writers until the backup is done: each voter votes on each post once (no-JS form), and
    // comments (JSON) on and on; rows are only added, so counts only grow.
    let stop = false;
    let answered = 0;
    const failures: string[] = [];
    const writer = async (voter: ApiUser) => {
      for (let i = 0; !stop; i++) {
        const post = posts[i % posts.length];
        if (i < posts.length) {
          const vote = await api.fetch(`/post/${post.id}/vote`, { method: "POST", user: voter, form: { direction: "up" } });
          await vote.arrayBuffer();
          if (vote.status !== 303) failures.push(`vote ${vote.status}`);
        }
        const comment = await api.fetch("/api/comments", { method: "POST", user: voter, json: { postId: post.id, content: `From ${voter.username}` } });
        await comment.arrayBuffer();
        if (comment.status !== 201) failures.push(`comment ${comment.status}`);
        answered++;
      }
    };
    const load = Promise.all(voters.map(writer));
    while (answered < 60) await new Promise((r) => setTimeout(r, 20));

    const before = tableCounts(api.db.$client);
    const file = path.join(dir, "copy.db");
    const backup = await runScript("backup", [file], api.server.databasePath);
    const after = tableCounts(api.db.$client);
    stop = true;
    await load;

    expect(backup.output).toContain(`Backup written to ${file}`);
    expect(backup.code).toBe(0);
    expect(failures).toEqual([]);
    expect(after.comments).toBeGreaterThan(before.comments);
    // The copy was taken while writes went on: it lies between the counts before and after.
    const copy = new Database(file, { readonly: true });
    const copied = tableCounts(copy);
    expect(copied.votes).toBeGreaterThanOrEqual(before.votes);
    expect(copied.votes).toBeLessThanOrEqual(after.votes);
    expect(copied.comments).toBeGreaterThanOrEqual(before.comments);
    expect(copied.comments).toBeLessThanOrEqual(after.comments);
    expect(copied.votes).toBeGreaterThan(0);

    // Restoring into a new file: exactly the copy, and consistent.
    const target = path.join(dir, "restored", "app.db");
    const restore = await runScript("restore", [file], target);
    expect(restore.output).toContain(`Restored ${file} to ${target}`);
    expect(restore.code).toBe(0);
    const restored = new Database(target, { readonly: true });
    expect(tableCounts(restored)).toEqual(copied);
    expect(counterTotals(restored)).toEqual(counterTotals(copy));
    expect(counterMismatches(restored)).toEqual([]);
    expect(orphanRows(restored)).toEqual([]);
    copy.close();
    restored.close();
  });

  it("restore refuses while a server holds the database, and refuses a file that is not a backup", async () => {
    const busy = await runScript("restore", [api.server.databasePath], api.server.databasePath);
    expect(busy.code).toBe(1);
    expect(busy.output).toContain(`A server (pid ${api.server.pid}) is serving`);

    const junk = path.join(dir, "junk.db");
    fs.writeFileSync(junk, "not a database at all, just text that is long enough to look like a header");
    const refused = await runScript("restore", [junk], path.join(dir, "other.db"));
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/Refusing .*junk\.db/);
    expect(fs.existsSync(path.join(dir, "other.db"))).toBe(false);
  });
});
