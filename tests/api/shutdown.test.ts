// SIGTERM in the middle of a burst of no-JS votes: every request the server took is answered, every
// vote answered 303 is in the database, nothing answers 5xx, nothing is done without an answer; the
// server closes its idle keep-alive connections, checkpoints the WAL and exits 0.
import fs from "node:fs";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { votes } from "#db/schema.ts";
import { counterMismatches } from "#db/integrity.ts";
import { startApiServer, type ApiClient, type ApiUser } from "../support/api-client.ts";

let api: ApiClient;
beforeAll(async () => {
  api = await startApiServer();
});
afterAll(() => api?.stop());

type Outcome = { user: ApiUser; status?: number; error?: string; afterSignal: boolean };

/** The network error code under fetch's "fetch failed" (ECONNREFUSED, ECONNRESET, UND_ERR_SOCKET …). */
function errorCode(error: unknown): string {
  const cause = (error as { cause?: { code?: string } }).cause;
  return cause?.code ?? String(error);
}

describe("graceful shutdown", () => {
  it("answers every vote it took and loses none when SIGTERM arrives mid-burst", async () => {
    const author = await api.user();
    const post = api.post(author.id);
    const users: ApiUser[] = [];
    for (let i = 0; i < 400; i++) users.push(await api.user());

    let signalled = false;
    const outcomes: Outcome[] = [];
    let next = 0;
    const worker = async () => {
      while (next < users.length) {
        const user = users[next++];
        try {
          const res = await api.fetch(`/post/${post.id}/vote`, { method: "POST", user, form: { direction: "up" } });
          await res.arrayBuffer();
          outcomes.push({ user, status: res.status, afterSignal: signalled });
        } catch (error) {
          outcomes.push({ user, error: errorCode(error), afterSignal: signalled });
        }
      }
    };
    const burst = Promise.all(Array.from({ length: 24 }, worker));
    while (outcomes.length < 60) await new Promise((r) => setTimeout(r, 5));
    process.kill(api.server.pid, "SIGTERM");
    signalled = true;
    await burst;
    expect(await api.server.exited).toBe(0);

    const logs = api.server.logs();
    const inFlight = Number(logs.match(/SIGTERM: shutting down \(pid \d+\), (\d+) request\(s\) in flight/)?.[1]);
    expect(logs).toContain("Stopped cleanly");
    // Idle keep-alive connections were closed: nothing had to be cut after the 10 s grace.
    expect(logs).not.toContain("still open");

    const hasVote = (user: ApiUser) =>
      api.db.select().from(votes).where(and(eq(votes.userId, user.id), eq(votes.postId, post.id))).get() !== undefined;
    const answered = outcomes.filter((o) => o.status !== undefined);
    const failed = outcomes.filter((o) => o.error !== undefined);
    expect(outcomes).toHaveLength(users.length);
    // None 5xx; every answer a 303 whose vote is stored.
    expect(answered.filter((o) => o.status !== 303).map((o) => o.status)).toEqual([]);
    expect(answered.filter((o) => !hasVote(o.user)).map((o) => o.user.id)).toEqual([]);
    // The requests in flight when the signal came were answered (after it), not dropped.
    expect(inFlight).toBeGreaterThan(0);
    expect(answered.filter((o) => o.afterSignal).length).toBeGreaterThanOrEqual(inFlight);
    // Whatever got no answer was never taken: refused or cut before the server read it, not done.
    expect(failed.filter((o) => o.afterSignal === false).map((o) => o.error)).toEqual([]);
    expect(failed.filter((o) => hasVote(o.user)).map((o) => o.user.id)).toEqual([]);
    expect(failed.length).toBeGreaterThan(0);

    expect(counterMismatches(api.db.$client)).toEqual([]);
    // The WAL was checkpointed into the database and emptied at close.
    const wal = `${api.server.databasePath}-wal`;
    expect(fs.existsSync(wal) ? fs.statSync(wal).size : 0).toBe(0);
  });
});
