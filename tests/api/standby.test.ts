// A warm standby takes over (docs/operations.md, "Warm standby"; decision 0260), on loopback: the
// primary (the built server, Litestream to a directory), two nginx edges with the shipped config and
// the standby as `backup`, members writing comments (JSON and no-JS forms) and visitors reading
// through both edges. The page's own commands run as written: `npm run promote` refuses while the
// primary answers; `npm run promote -- --watch` waits, and once the primary is killed with kill -9
// restores the replica and starts the standby's server and replication. Every acknowledged write is
// on the standby, visitors were served throughout (kept pages), writes in the gap got a 503 with
// Retry-After at once (JSON for JSON, a page for a form), and the replica has the new generation.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runFailover, runShell, type Failover } from "../support/failover.ts";
import { freePort } from "../support/server.ts";

const OPERATIONS = path.resolve(import.meta.dirname, "../../docs/operations.md");

/** The ```sh blocks of one `## ` section of a page, in order. */
function sectionCommands(file: string, heading: string): string[] {
  const text = fs.readFileSync(file, "utf8");
  const start = text.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`${file}: no section "## ${heading}"`);
  const end = text.indexOf("\n## ", start + 1);
  const section = text.slice(start, end < 0 ? undefined : end);
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1].trim());
}

let run: Failover | undefined;
afterAll(async () => {
  await run?.stop();
});

describe("a warm standby", () => {
  it("takes over from a primary killed under load: no acknowledged write lost, visitors served, writes in the gap told to retry", { timeout: 150_000 }, async () => {
    const [promote, watch, generations, ...rest] = sectionCommands(OPERATIONS, "Warm standby");
    expect(rest).toEqual([]);
    expect(promote).toBe("npm run promote");

    let refused: { code: number | null; output: string } | undefined;
    run = await runFailover({
      promoteCommand: watch,
      beforeKill: async (env) => {
        refused = await runShell(promote, env).done;
      },
    });
    const { writes, reads, standbyContents, killedAt, firstStandbyWriteAt } = run;

    // No two writers: by hand, it refused while the primary answered, and started nothing.
    expect(refused?.code).toBe(1);
    expect(refused?.output).toMatch(/still answers \(\/healthz: HTTP 200\)\. Refusing/);
    // The watcher took over once the primary stopped answering, and said what it did.
    expect(run.promoteOutput).toMatch(/restored the replica's latest state/);
    expect(run.promoteOutput).toMatch(/Litestream \(pid \d+\) replicates .* as a new generation/);
    expect(run.promoteOutput).toMatch(/the server \(pid \d+\) answers on http:\/\/127\.0\.0\.1:\d+/);
    expect(firstStandbyWriteAt).not.toBeNull();

    // Every acknowledged write, before the kill or after the promotion, is on the standby.
    const acknowledged = writes.filter((w) => w.acknowledged);
    expect(acknowledged.filter((w) => w.startedAt < killedAt).length).toBeGreaterThan(0);
    expect(acknowledged.filter((w) => w.startedAt > killedAt).length).toBeGreaterThan(0);
    expect(acknowledged.filter((w) => !standbyContents.has(w.content)).map((w) => w.content)).toEqual([]);

    // Writes in the gap: a 503 with Retry-After, JSON for JSON and a page for a form; never a hang
    // (the load's own timeout) nor another error. A write in flight when the primary died may also
    // be refused so (it was never acknowledged).
    const refusedWrites = writes.filter((w) => !w.acknowledged);
    expect(refusedWrites.length).toBeGreaterThan(0);
    for (const w of refusedWrites) {
      expect({ status: w.status, retryAfter: w.retryAfter, error: w.error }).toEqual({ status: 503, retryAfter: "30", error: undefined });
      expect(w.type).toMatch(w.via === "json" ? /^application\/json/ : /^text\/html/);
      expect(w.endedAt - w.startedAt).toBeLessThan(12_000);
    }
    expect(refusedWrites.some((w) => w.via === "form")).toBe(true);
    expect(refusedWrites.some((w) => w.via === "json")).toBe(true);

    // Visitors were served throughout: every read answered 200, the gap's from the edges' kept copies.
    expect(reads.filter((r) => r.status !== 200)).toEqual([]);
    // Surely in the gap: from the kill until the watcher found the primary down and waited its 2 s
    // (the standby's restore had not begun).
    const foundDown = Date.parse(/does not answer \(([^)]+)\)/.exec(run.promoteOutput)?.[1] ?? "");
    expect(foundDown).toBeGreaterThan(killedAt);
    // (A read sent in the kill's first moments may still have reached the primary: 200 ms margin.)
    const gap = reads.filter((r) => r.startedAt > killedAt + 200 && r.startedAt < foundDown + 2_000);
    expect(gap.length).toBeGreaterThan(0);
    // STALE, or UPDATING (stale while a background refresh, bound to fail, is in flight), or a HIT within the second.
    expect(gap.filter((r) => !["STALE", "UPDATING", "HIT"].includes(r.cache ?? "")).map((r) => `${r.path} ${r.cache} +${r.startedAt - killedAt} ms`)).toEqual([]);

    // The replica holds the primary's generation and the standby's new one.
    const listed = await runShell(generations, run.env).done;
    expect(listed.code).toBe(0);
    const rows = listed.output.split("\n").filter((line) => /^file\s+[0-9a-f]{16}\s/.test(line));
    expect(rows.length).toBe(2);
  });

  it("refuses without the primary's session secret (every member would be signed out), and restores nothing", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "chortle-standby-secret-"));
    try {
      const env = { ...process.env, SESSION_SECRET: "", PRIMARY_URL: `http://127.0.0.1:${await freePort()}`, DATABASE_PATH: path.join(dir, "app.db"), LITESTREAM_REPLICA_URL: `file://${path.join(dir, "replica")}` };
      const { code, output } = await runShell("npm run promote", env).done;
      expect(code).toBe(1);
      expect(output).toContain("SESSION_SECRET is not set");
      expect(fs.readdirSync(dir)).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
