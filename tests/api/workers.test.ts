// WORKERS=2: two processes answer on one port over one SQLite file. A session ended through one
// worker is refused by both at once (no per-worker session cache), and SIGTERM to the primary
// stops every worker cleanly.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiServer, type ApiClient } from "../support/api-client.ts";

let api: ApiClient;
beforeAll(async () => {
  api = await startApiServer({ WORKERS: "2" });
});
afterAll(() => api?.stop());

/** `n` requests, each on a new connection (so the primary hands them to the workers in turn). */
async function fresh(n: number, path: string, headers: Record<string, string> = {}) {
  const answers: { status: number; body: string }[] = [];
  for (let i = 0; i < n; i++) {
    const res = await fetch(`${api.url}${path}`, { headers: { ...headers, Connection: "close" } });
    answers.push({ status: res.status, body: await res.text() });
  }
  return answers;
}

describe("several workers", () => {
  it("serves from two processes and ends a session in both at once", async () => {
    const pids = new Set((await fresh(10, "/healthz")).map((a) => (JSON.parse(a.body) as { pid: number }).pid));
    expect(pids.size).toBe(2);

    const user = await api.user();
    // Both workers have seen (and verified) the cookie.
    expect((await fresh(6, "/api/user", { Cookie: user.cookie })).map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const out = await api.fetch("/logout", { method: "POST", user });
    expect(out.status).toBe(303);
    expect((await fresh(6, "/api/user", { Cookie: user.cookie })).map((a) => a.status)).toEqual([401, 401, 401, 401, 401, 401]);
  });

  it("stops every worker cleanly on SIGTERM to the primary", async () => {
    process.kill(api.server.pid, "SIGTERM");
    expect(await api.server.exited).toBe(0);
    expect(api.server.logs().match(/Stopped cleanly/g)).toHaveLength(2);
  });
});
