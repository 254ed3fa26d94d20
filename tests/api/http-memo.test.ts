// server/react-router.js asks the app's answer memo (pipeline/answer-memo.server.ts) before React
// Router runs: a kept answer goes out with its own headers and bytes, or as a 304 when the browser
// has it. The memo's rules are tested beside it; this is the adapter's side, on a real node:http
// server with a build that has nothing but its memo (React Router is never reached).
import http from "node:http";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenLocally, type LocalServer } from "../support/local-http.ts";
import { createRequestHandler } from "../../server/react-router.js";

const html = "<!DOCTYPE html><p>kept</p>".repeat(50);
const gzipped = zlib.gzipSync(html);
const kept = {
  headers: [
    ["content-type", "text/html; charset=utf-8"],
    ["content-encoding", "gzip"],
    ["content-length", String(gzipped.length)],
    ["etag", '"page-1"'],
    ["vary", "Accept-Encoding"],
  ],
  body: new Uint8Array(gzipped),
  etag: '"page-1"',
};
const asked: (string | null)[] = [];
let reachedReactRouter = 0;
const build = {
  entry: {
    module: {
      answerMemo: {
        key: (method: string, url: string, cookie: string | undefined, encoding: string | null) =>
          method === "GET" ? `${encoding ?? "identity"} ${url}\n${cookie ?? ""}` : null,
        lookup: (key: string) => {
          asked.push(key);
          return key === "gzip http://chortle.test/\nchortle_session=a" ? kept : undefined;
        },
        expect: () => {},
      },
    },
  },
};

let local: LocalServer;
let base: string;
beforeAll(async () => {
  const handle = createRequestHandler({
    build,
    mode: "production",
    getLoadContext: () => ({}),
    origin: () => "http://chortle.test",
    onError: () => reachedReactRouter++,
  });
  local = await listenLocally((req, res) => void handle(req, res));
  base = local.base;
});
afterAll(() => local.close());

function get(headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}/`, { headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

describe("a kept answer", () => {
  const member = { Cookie: "chortle_session=a", "Accept-Encoding": "gzip" };

  it("goes out with its headers and bytes, asked for by origin, URL, cookies and encoding", async () => {
    const res = await get(member);
    expect(res.status).toBe(200);
    expect(res.headers).toMatchObject({ "content-type": "text/html; charset=utf-8", "content-encoding": "gzip", etag: '"page-1"' });
    expect(Number(res.headers["content-length"])).toBe(gzipped.length);
    expect(zlib.gunzipSync(res.body).toString()).toBe(html);
    expect(asked.at(-1)).toBe("gzip http://chortle.test/\nchortle_session=a");
  });

  it("is a 304 without a body or its encoding when the browser has it", async () => {
    const res = await get({ ...member, "If-None-Match": '"page-1"' });
    expect(res.status).toBe(304);
    expect(res.body.length).toBe(0);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.headers.etag).toBe('"page-1"');
  });

  it("is asked for under another key for another member, another encoding or none", async () => {
    const before = asked.length;
    // Misses go on to React Router, which this stub build does not have: only the keys are checked.
    expect((await get({ Cookie: "chortle_session=b", "Accept-Encoding": "gzip" })).status).toBe(500);
    expect((await get({ Cookie: "chortle_session=a" })).status).toBe(500);
    expect((await get({ Cookie: "chortle_session=a", "Accept-Encoding": "gzip, deflate, br, zstd" })).status).toBe(500);
    expect(reachedReactRouter).toBe(3);
    expect(asked.slice(before)).toEqual([
      "gzip http://chortle.test/\nchortle_session=b",
      "identity http://chortle.test/\nchortle_session=a",
      "br http://chortle.test/\nchortle_session=a",
    ]);
  });
});
