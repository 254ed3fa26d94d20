import zlib from "node:zlib";
import type { EntryContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setMemoForTests } from "~/integrations/env.server.ts";
import { deepFreeze } from "~/lib/frozen.ts";
import { getRendered, putRendered, renderedBody, renderedHtml, renderKey } from "./render-memo.server.ts";

function context(state: Record<string, unknown>): EntryContext {
  return {
    staticHandlerContext: { statusCode: 200, loaderData: {}, actionData: null, errors: null, ...state },
  } as unknown as EntryContext;
}

describe("renderKey", () => {
  it("is the same for the same URL, status and data, and changes with any of them", () => {
    const data = { root: { user: null }, "routes/home": { posts: [{ id: 1, score: 3 }] } };
    const key = renderKey("http://x/", context({ loaderData: data }));
    expect(key).toBe(renderKey("http://x/", context({ loaderData: structuredClone(data) })));
    expect(key).not.toBe(renderKey("http://x/?sort=new", context({ loaderData: data })));
    expect(key).not.toBe(renderKey("http://x/", context({ loaderData: data, statusCode: 404 })));
    const voted = { ...data, "routes/home": { posts: [{ id: 1, score: 4 }] } };
    expect(key).not.toBe(renderKey("http://x/", context({ loaderData: voted })));
  });

  it("hashes a long shared text by its content (the post page's thread as JSON)", () => {
    const thread = (text: string) => ({ root: { user: null }, "routes/post.$id": { post: { id: 1 }, thread: { json: text, myVotes: {} } } });
    const long = JSON.stringify(Array.from({ length: 300 }, (_, i) => ({ id: i, content: "ha".repeat(20) })));
    const key = renderKey("http://x/post/1", context({ loaderData: thread(long) }));
    expect(renderKey("http://x/post/1", context({ loaderData: thread(`${long} `.trimEnd()) }))).toBe(key);
    expect(renderKey("http://x/post/1", context({ loaderData: thread(long.replace('"id":299', '"id":300')) }))).not.toBe(key);
    const voted = { ...thread(long), "routes/post.$id": { ...thread(long)["routes/post.$id"], thread: { json: long, myVotes: { 3: "up" } } } };
    expect(renderKey("http://x/post/1", context({ loaderData: voted }))).not.toBe(key);
  });

  it("hashes a shared frozen list by its content, once", () => {
    const posts = () => deepFreeze([{ id: 1, score: 3, author: { id: 2 } }]);
    const page = (list: unknown) => ({ root: { user: null }, "routes/home": { posts: list, view: { sort: "hot" } } });
    const key = renderKey("http://x/", context({ loaderData: page(posts()) }));
    expect(renderKey("http://x/", context({ loaderData: page(posts()) }))).toBe(key);
    const changed = deepFreeze([{ id: 1, score: 4, author: { id: 2 } }]);
    expect(renderKey("http://x/", context({ loaderData: page(changed) }))).not.toBe(key);
    // A signed-in list: shared items and the viewer's own copies side by side.
    const mixed = [posts()[0], { id: 5, score: 1, myVote: "up" }];
    const mixedKey = renderKey("http://x/", context({ loaderData: page(mixed) }));
    expect(renderKey("http://x/", context({ loaderData: page([posts()[0], { id: 5, score: 1, myVote: "down" }]) }))).not.toBe(mixedKey);
    expect(() => {
      "use strict";
      (posts()[0] as { score: number }).score = 9;
    }).toThrow(TypeError);
  });

  it("refuses pages with errors or streamed (promised) data", () => {
    expect(renderKey("http://x/", context({ errors: { root: new Error("boom") } }))).toBeNull();
    expect(renderKey("http://x/", context({ loaderData: { "routes/x": { later: Promise.resolve(1) } } }))).toBeNull();
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
