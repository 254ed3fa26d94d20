import zlib from "node:zlib";
import type { EntryContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setMemoForTests } from "~/integrations/env.server.ts";
import { getRendered, memoizable, putRendered, renderedBody, renderedHtml, renderKey } from "./render-memo.server.ts";

function context(state: Record<string, unknown>): EntryContext {
  return {
    staticHandlerContext: { statusCode: 200, loaderData: {}, actionData: null, errors: null, ...state },
  } as unknown as EntryContext;
}

describe("renderKey", () => {
  // What React Router hands to the browser: its turbo-stream of the routes' data.
  const handoff = (score: number) => `[{"_1":2},"routes/home",{"_3":4},"posts",[5],{"_6":7,"_8":${score}},"id",1,"score"]`;

  it("is the same for the same URL, status and data, and changes with any of them", () => {
    const key = renderKey("http://x/", 200, handoff(3));
    expect(key).toBe(renderKey("http://x/", 200, `${handoff(3)} `.trimEnd()));
    expect(key).not.toBe(renderKey("http://x/?sort=new", 200, handoff(3)));
    expect(key).not.toBe(renderKey("http://x/", 404, handoff(3)));
    expect(key).not.toBe(renderKey("http://x/", 200, handoff(4)));
    // The parts cannot run into each other.
    expect(renderKey("http://x/1", 200, "0")).not.toBe(renderKey("http://x/", 200, "10"));
  });
});

describe("memoizable", () => {
  it("takes a page of plain data, and refuses pages with errors or streamed (promised) data", () => {
    expect(memoizable(context({ loaderData: { root: { user: null }, "routes/home": { posts: [{ id: 1 }] } } }))).toBe(true);
    expect(memoizable(context({ errors: { root: new Error("boom") } }))).toBe(false);
    expect(memoizable(context({ loaderData: { "routes/x": { later: Promise.resolve(1) } } }))).toBe(false);
  });
});

describe("the rendered store", () => {
  // The store's own rules, whatever MEMO says (its last test is MEMO=off).
  beforeAll(() => setMemoForTests(true));
  afterAll(() => setMemoForTests(undefined));

  it("keeps a render and serves it compressed in the encoding the client takes best", () => {
    const html = Buffer.from(`<!DOCTYPE html><p>${"funny ".repeat(200)}</p>`);
    putRendered("k1", html);
    const entry = getRendered("k1");
    expect(entry && renderedHtml(entry).equals(html)).toBe(true);

    const plainHeaders = new Headers();
    const plain = renderedBody(entry!, new Request("http://x/"), plainHeaders);
    expect(plain.equals(html)).toBe(true);
    expect(plainHeaders.get("Content-Encoding")).toBeNull();
    expect(plainHeaders.get("Vary")).toBe("Accept-Encoding");

    const brHeaders = new Headers();
    const br = renderedBody(entry!, new Request("http://x/", { headers: { "Accept-Encoding": "gzip, deflate, br, zstd" } }), brHeaders);
    expect(brHeaders.get("Content-Encoding")).toBe("br");
    expect(br.length).toBeLessThan(html.length);
    expect(zlib.brotliDecompressSync(br).equals(html)).toBe(true);
    // Once compressed, only that is kept: a client without brotli (or without any) gets the very same HTML.
    expect(getRendered("k1")?.html).toBeNull();
    expect(renderedBody(getRendered("k1")!, new Request("http://x/"), new Headers()).equals(html)).toBe(true);
    const gzHeaders = new Headers();
    const gz = renderedBody(getRendered("k1")!, new Request("http://x/", { headers: { "Accept-Encoding": "gzip, br;q=0" } }), gzHeaders);
    expect(gzHeaders.get("Content-Encoding")).toBe("gzip");
    expect(zlib.gunzipSync(gz).equals(html)).toBe(true);
    expect(getRendered("missing")).toBeUndefined();
  });

  it("packs a fresh page quickly and a page served again at the better ratio, once", () => {
    const cards = Array.from({ length: 60 }, (_, i) => `<article id="post-${i}" class="card"><h2><a href="/post/${i}">Post ${(i * 7919) % 997}</a></h2><p>${"ha ".repeat(i % 13)}</p></article>`);
    const html = Buffer.from(`<!DOCTYPE html><main>${cards.join("")}</main>`);
    const gzip = () => new Request("http://x/", { headers: { "Accept-Encoding": "gzip" } });
    const first = renderedBody(putRendered("k3", html), gzip(), new Headers());
    expect(first).toEqual(zlib.gzipSync(html, { level: 3 }));
    const second = renderedBody(getRendered("k3")!, gzip(), new Headers());
    expect(second).toEqual(zlib.gzipSync(html, { level: 6 }));
    expect(second.length).toBeLessThan(first.length);
    expect(renderedBody(getRendered("k3")!, gzip(), new Headers())).toBe(second);

    const br = () => new Request("http://x/", { headers: { "Accept-Encoding": "br, gzip" } });
    const quality = (q: number) => zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: q, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } });
    const fresh = renderedBody(putRendered("k4", html), br(), new Headers());
    expect(fresh).toEqual(quality(1));
    expect(fresh.length).toBeLessThan(first.length);
    const again = renderedBody(getRendered("k4")!, br(), new Headers());
    expect(again).toEqual(quality(4));
    expect(again.length).toBeLessThan(fresh.length);
    expect(renderedBody(getRendered("k4")!, br(), new Headers())).toBe(again);
  });

  it("keeps nothing with MEMO=off: every page is rendered and compressed afresh", () => {
    setMemoForTests(false);
    try {
      const html = Buffer.from(`<!DOCTYPE html><p>${"again ".repeat(200)}</p>`);
      const entry = putRendered("k2", html);
      expect(getRendered("k2")).toBeUndefined();
      const gz = renderedBody(entry, new Request("http://x/", { headers: { "Accept-Encoding": "gzip" } }), new Headers());
      expect(zlib.gunzipSync(gz).equals(html)).toBe(true);
      expect(gz).toEqual(zlib.gzipSync(html, { level: 3 }));
    } finally {
      setMemoForTests(true);
    }
  });
});
