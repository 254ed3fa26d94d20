import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../support/server.ts";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.stop());

describe("the server shell", () => {
  it("answers /healthz with 200 when the database answers", async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ status: "ok", pid: expect.any(Number) });
    // The database file exists and has pages; the -wal is reported (0 when just checkpointed).
    expect(body.databaseBytes).toBeGreaterThan(0);
    expect(body.walBytes).toBeGreaterThanOrEqual(0);
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
    // The inline stylesheet by its hash, and no other inline style.
    expect(csp).toMatch(/style-src 'self' 'sha256-[\w+/]+=*'(;|$)/);
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
