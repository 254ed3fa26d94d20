// server/react-router.js's writer on a real node:http server: a streamed answer goes out chunk by
// chunk (compressed and flushed, so the client reads the first part before the app has written the
// second), an answer the app compressed itself is left alone, and a client that goes away stops
// the app's stream. Its body reader never leaves a request pending when the client goes first.
import { EventEmitter } from "node:events";
import http from "node:http";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenLocally, type LocalServer } from "../support/local-http.ts";
import { readBody, sendResponse } from "../../server/react-router.js";

let local: LocalServer;
let base: string;
let respond: () => Response;

beforeAll(async () => {
  local = await listenLocally((req, res) => void sendResponse(req, res, respond()));
  base = local.base;
});
afterAll(() => local.close());

const encoder = new TextEncoder();
const SHELL = `<!DOCTYPE html><html><body>${"<p>the shell, big enough to be compressed</p>".repeat(40)}`;
const REST = "<p>the part that came later</p></body></html>";

/** A body whose second part is written only once `gate` resolves. */
function twoParts(gate: Promise<void>): ReadableStream<Uint8Array> {
  return new ReadableStream({
    async start(controller) {
      controller.enqueue(encoder.encode(SHELL));
      await gate;
      controller.enqueue(encoder.encode(REST));
      controller.close();
    },
  });
}

/**
 * GETs `/` and decodes as it reads; resolves `sawShell` as soon as the decoded text holds the whole
 * shell. Resolves with the headers and the whole decoded text.
 */
function read(acceptEncoding: string | null, sawShell: () => void): Promise<{ headers: http.IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = acceptEncoding ? { "Accept-Encoding": acceptEncoding } : {};
    http
      .get(`${base}/`, { headers, agent: false }, (res) => {
        const encoding = res.headers["content-encoding"];
        const decoded = encoding === "br" ? res.pipe(zlib.createBrotliDecompress()) : encoding === "gzip" ? res.pipe(zlib.createGunzip()) : res;
        let text = "";
        decoded.on("data", (chunk: Buffer) => {
          text += chunk.toString();
          if (text.startsWith(SHELL)) sawShell();
        });
        decoded.on("end", () => resolve({ headers: res.headers, text }));
        decoded.on("error", reject);
      })
      .on("error", reject);
  });
}

describe("sendResponse", () => {
  for (const [acceptEncoding, encoding] of [
    ["gzip, deflate, br", "br"],
    ["gzip", "gzip"],
    [null, undefined],
  ] as const) {
    it(`streams a document part by part (Accept-Encoding: ${acceptEncoding ?? "none"})`, async () => {
      // The second part is written only after the client has decoded the first: without a flush
      // after each part this would never finish.
      let open!: () => void;
      const gate = new Promise<void>((resolve) => (open = resolve));
      respond = () => new Response(twoParts(gate), { headers: { "Content-Type": "text/html; charset=utf-8" } });
      const { headers, text } = await read(acceptEncoding, open);
      expect(text).toBe(SHELL + REST);
      expect(headers["content-encoding"]).toBe(encoding);
      expect(headers["transfer-encoding"]).toBe("chunked");
      expect(headers["content-length"]).toBeUndefined();
    });
  }

  it("leaves an answer the app compressed itself as it is", async () => {
    const gzipped = zlib.gzipSync(SHELL + REST);
    respond = () =>
      new Response(new Uint8Array(gzipped), { headers: { "Content-Type": "text/html; charset=utf-8", "Content-Encoding": "gzip" } });
    const { headers, text } = await read("br, gzip", () => {});
    expect(headers["content-encoding"]).toBe("gzip");
    expect(headers["content-length"]).toBe(String(gzipped.length));
    expect(text).toBe(SHELL + REST);
  });

  it("does not compress an answer marked no-transform", async () => {
    respond = () => new Response(SHELL + REST, { headers: { "Content-Type": "text/html", "Cache-Control": "no-transform" } });
    const { headers, text } = await read("br, gzip", () => {});
    expect(headers["content-encoding"]).toBeUndefined();
    expect(text).toBe(SHELL + REST);
  });

  it("cancels the app's stream when the client goes away", async () => {
    let cancelled!: () => void;
    const wasCancelled = new Promise<void>((resolve) => (cancelled = resolve));
    let n = 0;
    respond = () =>
      new Response(
        new ReadableStream({
          // Endless: only a cancel ends it.
          async pull(controller) {
            await new Promise((resolve) => setImmediate(resolve));
            controller.enqueue(encoder.encode(`<p>part ${n++}</p>`.repeat(100)));
          },
          cancel() {
            cancelled();
          },
        }),
        { headers: { "Content-Type": "text/html" } },
      );
    await new Promise<void>((resolve, reject) => {
      const req = http.get(`${base}/`, { headers: { "Accept-Encoding": "gzip" }, agent: false }, (res) => {
        res.once("data", () => {
          req.destroy();
          resolve();
        });
      });
      req.on("error", () => {});
      req.on("timeout", reject);
    });
    await wasCancelled;
    expect(n).toBeGreaterThan(0);
  });
});

describe("readBody", () => {
  /** A request as node:http hands it over, driven by the test. */
  function request() {
    return Object.assign(new EventEmitter(), { method: "POST", complete: false });
  }

  it("gives the whole body once it has ended", async () => {
    const req = request();
    const body = readBody(req);
    req.emit("data", Buffer.from("direction="));
    req.emit("data", Buffer.from("up"));
    req.complete = true;
    req.emit("end");
    req.emit("close");
    expect((await body)?.toString()).toBe("direction=up");
  });

  it("fails, never hangs, when the client goes before the end: even with the body all parsed", async () => {
    for (const complete of [false, true]) {
      const req = request();
      const body = readBody(req);
      req.emit("data", Buffer.from("direction=up"));
      req.complete = complete;
      req.emit("close");
      await expect(body).rejects.toThrow("The client went away.");
    }
  });
});
