// SIGTERM in the middle of a burst of no-JS votes: every request the server took is answered, every
// vote answered 303 is in the database, nothing answers 5xx, nothing is done without an answer; the
// server closes its idle keep-alive connections, checkpoints the WAL and exits 0.
import { once } from "node:events";
import fs from "node:fs";
import net from "node:net";
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

/**
 * A no-JS vote sent over a raw socket with its body in two parts: the server has taken it (its
 * headers are in) but cannot finish it until `finish` sends the rest. Resolves with the status.
 */
async function startSlowVote(user: ApiUser, postId: number) {
  const url = new URL(api.server.url);
  const body = "direction=up";
  const socket = net.connect(Number(url.port), url.hostname);
  await once(socket, "connect");
  let received = "";
  let failure = "";
  socket.on("data", (chunk) => (received += chunk));
  // A reset is an outcome to assert on (no status), not an unhandled error.
  socket.on("error", (error: NodeJS.ErrnoException) => (failure = error.code ?? String(error)));
  // events.once rejects on 'error': the reset is read from `failure` instead.
  const closed = once(socket, "close").catch(() => undefined);
  const head = [
    `POST /post/${postId}/vote HTTP/1.1`,
    `Host: ${url.host}`,
    `Cookie: ${user.cookie}`,
    "Content-Type: application/x-www-form-urlencoded",
    `Content-Length: ${body.length}`,
    "Connection: close",
  ];
  socket.write(`${head.join("\r\n")}\r\n\r\n${body.slice(0, 5)}`);
  return {
    async finish(): Promise<number | string> {
      socket.write(body.slice(5)); // not end(): a half-closed socket is a client gone away
      await closed;
      return Number(received.match(/^HTTP\/1\.1 (\d{3})/)?.[1]) || failure;
    },
  };
}

describe("graceful shutdown", () => {
  it("answers every vote it took and loses none when SIGTERM arrives mid-burst", async () => {
    const author = await api.user();
    const post = api.post(author.id);
    const users: ApiUser[] = [];

    let signalled = false;
    const outcomes: Outcome[] = [];
    // Each worker votes as a new member until the signal has come and its vote got no answer (at most
    // 400 votes each): the burst outlasts the signal however fast the server answers it.
    const worker = async () => {
      for (let sent = 0; sent < 400; sent++) {
        const user = await api.user();
        users.push(user);
        try {
          const res = await api.fetch(`/post/${post.id}/vote`, { method: "POST", user, form: { direction: "up" } });
          await res.arrayBuffer();
          outcomes.push({ user, status: res.status, afterSignal: signalled });
        } catch (error) {
          outcomes.push({ user, error: errorCode(error), afterSignal: signalled });
          if (signalled) return;
        }
      }
    };
    const burst = Promise.all(Array.from({ length: 24 }, worker));
    while (outcomes.length < 60) await new Promise((r) => setTimeout(r, 5));
    // However fast the server answers the burst, these three are in flight when the signal comes.
    const slowUsers = [await api.user(), await api.user(), await api.user()];
    const slow = await Promise.all(slowUsers.map((user) => startSlowVote(user, post.id)));
    await new Promise((r) => setTimeout(r, 200));
    // Requests sent after them and answered, one after another: the server has read their heads too
    // (on a loaded machine 200 ms may not be enough, a new connection may be read a turn after a
    // kept-alive one, and a connection whose head is unread is idle to it).
    for (let i = 0; i < 3; i++) await (await api.fetch("/healthz")).arrayBuffer();
    process.kill(api.server.pid, "SIGTERM");
    signalled = true;
    await new Promise((r) => setTimeout(r, 100));
    const slowStatuses = await Promise.all(slow.map((vote) => vote.finish()));
    slowUsers.forEach((user, i) => outcomes.push({ user, status: Number(slowStatuses[i]), afterSignal: true }));
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
    expect(outcomes).toHaveLength(users.length + slowUsers.length);
    expect(slowStatuses).toEqual([303, 303, 303]);
    // None 5xx; every answer a 303 whose vote is stored.
    expect(answered.filter((o) => o.status !== 303).map((o) => o.status)).toEqual([]);
    expect(answered.filter((o) => !hasVote(o.user)).map((o) => o.user.id)).toEqual([]);
    // The requests in flight when the signal came were answered (after it), not dropped.
    expect(inFlight).toBeGreaterThanOrEqual(slowUsers.length);
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
