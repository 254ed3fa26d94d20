// server/static-files.js on a folder of its own: the .br/.gz copies precompress() writes are what it
// sends; without copies (a build made by `react-router build` alone) it compresses a file once, in
// memory; a copy older than its file (an earlier build's) is not used.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaticHandler, precompress } from "../../server/static-files.js";

const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `word number ${i}`))};\n`;
let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "chortle-static-"));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Serves `root` on a fresh server, GETs `urlPath` with brotli accepted, closes the server. */
async function get(root: string, urlPath: string): Promise<{ status: number; encoding?: string; body: Buffer }> {
  const serve = createStaticHandler(root);
  const server = http.createServer((req, res) => {
    if (!serve(req, res)) {
      res.statusCode = 418;
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  try {
    return await new Promise((resolve, reject) => {
      http
        .get({ host: "127.0.0.1", port, path: urlPath, headers: { "Accept-Encoding": "br, gzip" }, agent: false }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ status: res.statusCode!, encoding: res.headers["content-encoding"], body: Buffer.concat(chunks) }));
        })
        .on("error", reject);
    });
  } finally {
    server.close();
  }
}

function write(root: string, file: string, content: string | Buffer) {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), content);
}

describe("static files", () => {
  it("compresses a file once in memory when the build has no copies", async () => {
    const root = path.join(dir, "plain");
    write(root, "assets/app-1.js", SCRIPT);
    const res = await get(root, "/assets/app-1.js");
    expect(res.status).toBe(200);
    expect(res.encoding).toBe("br");
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(SCRIPT);
  });

  it("sends the copies precompress() wrote, and only for files that gain from them", async () => {
    const root = path.join(dir, "precompressed");
    write(root, "assets/app-2.js", SCRIPT);
    write(root, "assets/tiny-3.js", "export {};\n");
    write(root, "logo.png", Buffer.from([0x89, 0x50, 0x4e, 0x47, ...Array(600).fill(7)]));
    expect(await precompress(root)).toBe(2);
    expect(fs.readdirSync(path.join(root, "assets")).sort()).toEqual(["app-2.js", "app-2.js.br", "app-2.js.gz", "tiny-3.js"]);
    // The copy is what goes out (marked here so the test can tell it from a fresh compression).
    const marked = zlib.brotliCompressSync(Buffer.from("// from the copy\n"));
    fs.writeFileSync(path.join(root, "assets/app-2.js.br"), marked);
    const res = await get(root, "/assets/app-2.js");
    expect(res.encoding).toBe("br");
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe("// from the copy\n");
    // The copies themselves are not files of the site.
    expect((await get(root, "/assets/app-2.js.br")).status).toBe(404);
    expect((await get(root, "/assets/tiny-3.js")).encoding).toBeUndefined();
    expect((await get(root, "/logo.png")).encoding).toBeUndefined();
  });

  it("ignores a copy older than its file", async () => {
    const root = path.join(dir, "stale");
    write(root, "assets/app-4.js", SCRIPT);
    write(root, "assets/app-4.js.br", zlib.brotliCompressSync(Buffer.from("// an earlier build\n")));
    const past = new Date(Date.now() - 60_000);
    fs.utimesSync(path.join(root, "assets/app-4.js.br"), past, past);
    const res = await get(root, "/assets/app-4.js");
    expect(res.encoding).toBe("br");
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(SCRIPT);
  });
});
