import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#db/client.server.ts";
import { startServer, type RunningServer } from "../support/server.ts";

let server: RunningServer;
beforeAll(async () => {
  // The WAL checkpoint of the maintenance timer every 200 ms, not every minute.
  server = await startServer({ MAINTENANCE_INTERVAL_MS: "200" });
});
afterAll(() => server.stop());

describe("the server shell", () => {
  it("answers /healthz with 200 when the database answers", async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ status: "ok", pid: expect.any(Number) });
    // The database file exists and has pages.
    expect(body.databaseBytes).toBeGreaterThan(0);
  });

  it("shows the -wal growing with a write, and the maintenance checkpoint keeping it within its limit", async () => {
    const health = async () => (await (await fetch(`${server.url}/healthz`)).json()) as { databaseBytes: number; walBytes: number };
    // A second connection to the server's file, with the server's settings; it never checkpoints
    // by itself, so only the server's maintenance timer copies the -wal back.
    const db = openDatabase(server.databasePath).$client;
    try {
      db.pragma("wal_autocheckpoint = 0");
      const limit = db.pragma("journal_size_limit", { simple: true }) as number;
      expect(limit).toBeGreaterThan(0);
      const start = await health();
      db.exec("CREATE TABLE wal_filler (data BLOB)");
      db.prepare("INSERT INTO wal_filler VALUES (zeroblob(?))").run(limit + 4 * 1024 * 1024);
      const grown = await health();
      expect(grown.walBytes).toBeGreaterThan(limit);

      // The checkpoint copies the pages into the database file...
      const deadline = Date.now() + 15_000;
      let checkpointed = grown;
      while (checkpointed.databaseBytes < start.databaseBytes + limit && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        checkpointed = await health();
      }
      expect(checkpointed.databaseBytes).toBeGreaterThan(start.databaseBytes + limit);
      // ...and the next write starts the -wal over, cut back to the limit.
      db.prepare("INSERT INTO wal_filler VALUES (zeroblob(1))").run();
      const after = await health();
      expect(after.walBytes).toBeGreaterThan(0);
      expect(after.walBytes).toBeLessThanOrEqual(limit);
    } finally {
      db.close();
    }
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const res = await fetch(`${server.url}/api/nothing-here`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: "Not found" });
  });

  it("refuses cross-site writes and lets scripts without Origin through", async () => {
    const cross = await fetch(`${server.url}/logout`, { method: "POST", headers: { Origin: "https://evil.example" } });
    expect(cross.status).toBe(403);
    expect((await cross.json()).message).toMatch(/Cross-site/);
    const fetchSite = await fetch(`${server.url}/logout`, { method: "POST", headers: { "Sec-Fetch-Site": "cross-site" } });
    expect(fetchSite.status).toBe(403);
    const script = await fetch(`${server.url}/logout`, { method: "POST", redirect: "manual" });
    expect(script.status).toBe(303);
  });

  it("refuses bodies over 1 MB and chunked bodies of unknown size", async () => {
    const big = await fetch(`${server.url}/api/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "x".repeat(1024 * 1024 + 1),
    });
    expect(big.status).toBe(413);
    expect((await big.json()).message).toBe("Request body is too large.");
    const chunked = await fetch(`${server.url}/api/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: new ReadableStream({
        start(c) {
          c.enqueue(new TextEncoder().encode("{}"));
          c.close();
        },
      }),
      duplex: "half",
    } as RequestInit);
    expect(chunked.status).toBe(411);
  });

  it("sends Permissions-Policy everywhere, a document CSP on pages and a deny-all one on the rest, HSTS only for https", async () => {
    const page = await fetch(`${server.url}/auth`);
    expect(page.headers.get("Permissions-Policy")).toContain("camera=()");
    const csp = page.headers.get("Content-Security-Policy") ?? "";
    for (const directive of ["default-src 'self'", "img-src 'self'", "object-src 'none'", "base-uri 'self'", "form-action 'self'", "frame-ancestors 'none'"]) {
      expect(csp).toContain(directive);
    }
    expect(csp).toMatch(/script-src 'self' ('nonce-|'sha256-)/);
    // Our stylesheet file, and no inline style.
    expect(csp).toMatch(/style-src 'self'(;|$)/);
    const json = await fetch(`${server.url}/api/categories`);
    expect(json.headers.get("Content-Security-Policy")).toMatch(/^default-src 'none'/);
    // Only one policy per response (two would both apply).
    expect(page.headers.get("Content-Security-Policy")?.split("default-src")).toHaveLength(2);
    expect(page.headers.get("Strict-Transport-Security")).toBeNull();
  });

  it("takes an Origin equal to PUBLIC_URL as same-site behind a proxy that rewrites Host", async () => {
    const proxied = await startServer({ PUBLIC_URL: "https://chortle.example" });
    try {
      expect((await fetch(`${proxied.url}/healthz`)).headers.get("Strict-Transport-Security")).toBe("max-age=31536000");
      const res = await fetch(`${proxied.url}/logout`, {
        method: "POST",
        headers: { Origin: "https://chortle.example" },
        redirect: "manual",
      });
      expect(res.status).toBe(303);
      const other = await fetch(`${proxied.url}/logout`, { method: "POST", headers: { Origin: "https://other.example" } });
      expect(other.status).toBe(403);
      // A name that is not ours (a DNS-rebinding page): 421 before anything runs.
      const { port } = new URL(proxied.url);
      const status = await new Promise<number | undefined>((resolve, reject) => {
        http.get({ host: "127.0.0.1", port, path: "/api/user", headers: { Host: "evil.example" } }, (res) => {
          res.resume();
          resolve(res.statusCode);
        }).on("error", reject);
      });
      expect(status).toBe(421);
    } finally {
      await proxied.stop();
    }
  });
});
