// Every string that reaches a full-text query, sent raw in the query string of each page and endpoint
// that searches: never a 5xx (a NUL once made FTS5 fail with "unterminated string" on the home feed).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../support/server.ts";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

// Percent-encoded as an attacker would send them: NUL, controls, a lone surrogate (CESU-8 bytes),
// bytes that are not UTF-8, quotes, FTS5 operators and column filters, bidi overrides, zero-width only.
const NASTY = [
  "%00abc",
  "abc%00",
  "ab%00cdef",
  "%00",
  "%01%02%03%07%1B",
  "%ED%A0%80abc",
  "abc%ED%B0%80",
  "%FF%FE",
  "%C0%80abc",
  "%22",
  "%22%22%22",
  "a%22b%22c",
  "'",
  "NEAR(abc%20def)",
  "abc*",
  "*",
  "%5Eabc",
  "-abc",
  "title:abc",
  "%7Btitle%20comment%7D:abc",
  "(abc",
  "AND%20OR%20NOT",
  "%E2%80%AEabc",
  "%E2%80%8B%E2%80%8B",
  "%",
  "%%",
  "%2",
  "x".repeat(5000),
  "a+".repeat(1000),
];

const PATHS = ["/", "/search", "/api/search", "/api/posts"];

describe("no query string makes a search fail", () => {
  it.each(PATHS)("%s?q=… answers every nasty query without a 5xx", async (path) => {
    const failures: string[] = [];
    for (const q of NASTY) {
      const res = await fetch(`${server.url}${path}?q=${q}`);
      await res.arrayBuffer();
      if (res.status >= 500) failures.push(`${res.status} ${q.slice(0, 40)}`);
    }
    expect(failures).toEqual([]);
  });

  it("the home feed filter drops a NUL rather than failing", async () => {
    const res = await fetch(`${server.url}/?q=%00abc`);
    expect(res.status).toBe(200);
  });
});
