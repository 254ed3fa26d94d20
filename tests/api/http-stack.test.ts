// The HTTP layer of server.js (node:http): static files from build/client (precompressed, cached,
// conditional, never outside the folder), compression of dynamic answers, and the trusted proxy's
// host in the cross-site check. Raw node:http requests, so nothing decompresses or normalises paths.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiServer, type ApiClient } from "../support/api-client.ts";
import { startServer } from "../support/server.ts";

const CHROME = "gzip, deflate, br, zstd";
const ASSETS = path.resolve(import.meta.dirname, "../../build/client/assets");

type Raw = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** One request as written (the path is not normalised), the body as it came over the wire. */
function raw(base: string, urlPath: string, { method = "GET", headers = {} }: { method?: string; headers?: Record<string, string> } = {}): Promise<Raw> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request({ hostname, port, path: urlPath, method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

function decode(res: Raw): Buffer {
  const encoding = res.headers["content-encoding"];
  if (encoding === "br") return zlib.brotliDecompressSync(res.body);
  if (encoding === "gzip") return zlib.gunzipSync(res.body);
  expect(encoding).toBeUndefined();
  return res.body;
}

let api: ApiClient;
let rootChunk: string;
beforeAll(async () => {
  api = await startApiServer();
  rootChunk = fs.readdirSync(ASSETS).find((f) => /^root-[\w-]+\.js$/.test(f))!;
});
afterAll(() => api?.stop());

describe("static files", () => {
  it("sends a hashed asset in brotli to a browser, gzip to a gzip-only client and as it is without Accept-Encoding", async () => {
    const file = fs.readFileSync(path.join(ASSETS, rootChunk));
    const seen = new Map<string, Raw>();
    for (const acceptEncoding of [CHROME, "gzip", ""]) {
      const res = await raw(api.url, `/assets/${rootChunk}`, { headers: acceptEncoding ? { "Accept-Encoding": acceptEncoding } : {} });
      expect(res.status).toBe(200);
      expect(res.headers["content-type"]).toBe("text/javascript; charset=utf-8");
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(res.headers.vary).toBe("Accept-Encoding");
      expect(Number(res.headers["content-length"])).toBe(res.body.length);
      expect(decode(res).equals(file)).toBe(true);
      // The same security headers as every answer.
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["content-security-policy"]).toMatch(/^default-src 'none'/);
      seen.set(acceptEncoding, res);
    }
    expect(seen.get(CHROME)!.headers["content-encoding"]).toBe("br");
    expect(seen.get("gzip")!.headers["content-encoding"]).toBe("gzip");
    expect(seen.get("")!.headers["content-encoding"]).toBeUndefined();
    expect(seen.get(CHROME)!.body.length).toBeLessThan(seen.get("gzip")!.body.length);
    expect(seen.get("gzip")!.body.length).toBeLessThan(file.length);
    // q=0 refuses an encoding.
    const noBrotli = await raw(api.url, `/assets/${rootChunk}`, { headers: { "Accept-Encoding": "br;q=0, gzip" } });
    expect(noBrotli.headers["content-encoding"]).toBe("gzip");
  });

  it("answers 304 to a client that has this version, and HEAD without a body", async () => {
    const first = await raw(api.url, `/assets/${rootChunk}`, { headers: { "Accept-Encoding": CHROME } });
    const etag = first.headers.etag!;
    expect(etag).toBeTruthy();
    const again = await raw(api.url, `/assets/${rootChunk}`, { headers: { "Accept-Encoding": CHROME, "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const other = await raw(api.url, `/assets/${rootChunk}`, { headers: { "If-None-Match": '"something-else"' } });
    expect(other.status).toBe(200);

    const head = await raw(api.url, `/assets/${rootChunk}`, { method: "HEAD", headers: { "Accept-Encoding": CHROME } });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers["content-length"]).toBe(first.headers["content-length"]);
    expect(head.headers["content-encoding"]).toBe("br");
  });

  it("caches the other public files for an hour", async () => {
    const res = await raw(api.url, "/favicon.svg");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("image/svg+xml");
    expect(res.headers["cache-control"]).toBe("public, max-age=3600");
    expect(res.body.toString()).toContain("<svg");
  });

  it("answers a missing asset with a short 404, not the app's page", async () => {
    const res = await raw(api.url, "/assets/root-gone1234.js", { headers: { Accept: "text/html" } });
    expect(res.status).toBe(404);
    expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.body.toString()).toBe("Not found");
  });

  it("never serves a file outside build/client, a dotfile or a path with a null byte", async () => {
    const paths = [
      "/assets/../../package.json",
      "/assets/%2e%2e/%2e%2e/package.json",
      "/assets/..%2f..%2fpackage.json",
      "/%2e%2e/%2e%2e/package.json",
      "/../server.js",
      "/..%5c..%5cpackage.json",
      `/assets/${rootChunk}%00.map`,
      "/assets/%00",
      "/.vite/manifest.json",
      "/assets/%E0%A4%A",
    ];
    for (const urlPath of paths) {
      const res = await raw(api.url, urlPath, { headers: { Accept: "text/html" } });
      expect.soft(res.status, urlPath).toBe(404);
      expect.soft(res.body.toString(), urlPath).not.toMatch(/"name": "chortle"|import cluster from|"sha256-/);
    }
  });
});

describe("compression of dynamic answers", () => {
  it("compresses a JSON answer the client accepts, in its preferred encoding, and sends it as it is otherwise", async () => {
    const author = await api.user();
    for (let i = 0; i < 12; i++) api.post(author.id, { title: `A post long enough to make the list worth compressing ${i}` });
    const plain = await raw(api.url, "/api/posts");
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(Number(plain.headers["content-length"])).toBe(plain.body.length);
    expect(plain.body.length).toBeGreaterThan(1024);
    const expected = JSON.parse(plain.body.toString());

    for (const [acceptEncoding, encoding] of [
      [CHROME, "br"],
      ["gzip", "gzip"],
      ["gzip;q=1, br;q=0.5", "gzip"],
    ]) {
      const res = await raw(api.url, "/api/posts", { headers: { "Accept-Encoding": acceptEncoding } });
      expect(res.headers["content-encoding"]).toBe(encoding);
      expect(res.headers.vary).toContain("Accept-Encoding");
      expect(res.body.length).toBeLessThan(plain.body.length);
      expect(JSON.parse(decode(res).toString())).toEqual(expected);
    }
  });

  it("sends small answers uncompressed, with their length", async () => {
    const res = await raw(api.url, "/healthz", { headers: { "Accept-Encoding": CHROME } });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(Number(res.headers["content-length"])).toBe(res.body.length);
    expect(JSON.parse(res.body.toString()).status).toBe("ok");
  });

  it("leaves a stored page's compressed body as it is and compresses a member's page once", async () => {
    const visitor = await raw(api.url, "/", { headers: { "Accept-Encoding": CHROME, Accept: "text/html" } });
    expect(visitor.status).toBe(200);
    // The render memo sends its stored brotli (app/pipeline/render-memo.server.ts), not compressed again.
    expect(visitor.headers["content-encoding"]).toBe("br");
    expect(decode(visitor).toString()).toMatch(/^<!DOCTYPE html>.*<\/html>$/s);

    const member = await api.user();
    const page = await raw(api.url, "/", { headers: { "Accept-Encoding": CHROME, Accept: "text/html", Cookie: member.cookie } });
    expect(page.status).toBe(200);
    expect(["br", "gzip"]).toContain(page.headers["content-encoding"]);
    const html = decode(page).toString();
    expect(html).toMatch(/^<!DOCTYPE html>.*<\/html>$/s);
    expect(html).toContain(member.username);
  });

  it("does not compress redirects or answers to HEAD", async () => {
    const redirect = await raw(api.url, "/notifications", { headers: { "Accept-Encoding": CHROME } });
    expect([302, 303]).toContain(redirect.status);
    expect(redirect.headers["content-encoding"]).toBeUndefined();
    const head = await raw(api.url, "/api/categories", { method: "HEAD", headers: { "Accept-Encoding": CHROME } });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
  });
});

describe("requests that cannot become a URL", () => {
  it("answers an unparsable Host with 400 and keeps serving", async () => {
    const bad = await raw(api.url, "/healthz", { headers: { Host: "bad host" } });
    expect(bad.status).toBe(400);
    expect(bad.headers["x-content-type-options"]).toBe("nosniff");
    expect((await raw(api.url, "/healthz")).status).toBe(200);
  });
});

describe("behind a trusted proxy", () => {
  it("takes PUBLIC_URL's origin as our own behind a trusted proxy (the forwarded scheme counts only from it)", async () => {
    const forwarded = { Origin: "https://proxy.example", "X-Forwarded-Host": "proxy.example", "X-Forwarded-Proto": "https" };
    const untrusted = await raw(api.url, "/logout", { method: "POST", headers: forwarded });
    expect(untrusted.status).toBe(403);
    // The proxy's public name is the site's (PUBLIC_URL): any other forwarded host would be 421.
    const proxied = await startServer({ TRUST_PROXY: "loopback", PUBLIC_URL: "https://proxy.example" });
    try {
      const trusted = await raw(proxied.url, "/logout", { method: "POST", headers: forwarded });
      expect(trusted.status).toBe(303);
    } finally {
      await proxied.stop();
    }
  });

  it("never takes a host from X-Forwarded-Host, even from a trusted proxy: links and our own origin are the Host's (issue 45, finding 4)", async () => {
    const bare = await startServer({ TRUST_PROXY: "loopback", PUBLIC_URL: "" });
    try {
      const attacker = { "X-Forwarded-Host": "attacker.example" };
      for (const path of ["/feed.xml", "/sitemap.xml", "/robots.txt", "/"]) {
        const res = await raw(bare.url, path, { headers: attacker });
        expect(res.status, path).toBe(200);
        const text = res.body.toString("utf8");
        expect(text, path).not.toContain("attacker.example");
        expect(text, path).toContain(`${bare.url}/`);
      }
      // Nor is the forwarded name our own for the cross-site check.
      const write = await raw(bare.url, "/logout", { method: "POST", headers: { ...attacker, Origin: "http://attacker.example" } });
      expect(write.status).toBe(403);
      expect((await raw(bare.url, "/logout", { method: "POST", headers: { ...attacker, Origin: bare.url } })).status).toBe(303);
    } finally {
      await bare.stop();
    }
  });
});
