// node:http ↔ React Router: the request becomes a fetch Request, the app's Response is written back,
// compressed when it is worth it and not compressed already (the render memo sends its stored body).
// It does what @react-router/express did, minus Express; @react-router/node's createRequestListener
// was not enough: an unparsable Host rejected its promise (an unhandled rejection ends the process),
// repeated headers were joined with "," (two Cookie headers would not parse) and it ignored
// backpressure.
import { createRequestHandler as createReactRouterHandler } from "react-router";
import { createEncoder, encodeWhole, isCompressible, negotiateEncoding, varyOnEncoding } from "./encoding.js";
import { refuseForm } from "./guard.js";
import { ROUTE } from "./observe.js";

/** Smaller answers go out as they are (what the `compression` package did too). */
const COMPRESS_MIN_BYTES = 1024;
/** Past this, what is ready goes out as a stream instead of waiting for the end. */
const MAX_WHOLE_BYTES = 1024 * 1024;
const NEXT_TURN = Symbol("next turn");
const nextTurn = () => new Promise((resolve) => setImmediate(resolve, NEXT_TURN));

function toHeaders(nodeHeaders) {
  const headers = new Headers();
  for (const name in nodeHeaders) {
    const value = nodeHeaders[name];
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const one of value) headers.append(name, one);
    else headers.set(name, value);
  }
  return headers;
}

/**
 * The fetch Request for `req` with its `body` (read by readBody). `origin(req)` gives protocol and host
 * (the proxy's, when trusted).
 * Aborts its signal when the client goes away before the answer is complete.
 */
function toRequest(req, res, origin, body) {
  const controller = new AbortController();
  res.once("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const init = { method: req.method, headers: toHeaders(req.headers), signal: controller.signal };
  if (body) init.body = body;
  // Concatenated, not resolved: a request for "//other.host/x" keeps our host (path "//other.host/x").
  return new Request(`${origin(req)}${req.url}`, init);
}

/**
 * The whole body of a request that has one (the guard let through only bodies with a Content-Length
 * within its limit): read before the app runs, a buffer is parsed far cheaper than a web stream
 * made from the socket (it showed in the no-JS vote's CPU). Null when there is none; rejects when the client
 * goes away first.
 */
export function readBody(req) {
  if (req.method === "GET" || req.method === "HEAD") return null;
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on("data", (chunk) => {
      chunks.push(chunk);
      size += chunk.length;
    });
    let ended = false;
    req.once("end", () => {
      ended = true;
      resolve(size === 0 ? null : chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size));
    });
    req.once("error", reject);
    // Closed before "end" (the client went away, even with its body parsed): never left pending.
    req.once("close", () => {
      if (!ended) reject(new Error("The client went away."));
    });
  });
}

/** Resolves once `stream` may take more (or has closed). */
function drained(stream) {
  return new Promise((resolve) => {
    const done = () => {
      stream.off("drain", done);
      stream.off("close", done);
      resolve();
    };
    stream.on("drain", done);
    stream.on("close", done);
  });
}

function shouldCompress(res, status) {
  if (status < 200 || status >= 300 || status === 204) return false;
  if (res.hasHeader("Content-Encoding")) return false;
  if (/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(String(res.getHeader("Cache-Control") ?? ""))) return false;
  return isCompressible(String(res.getHeader("Content-Type") ?? ""));
}

/** Writes `response` to `res` (exported for tests/api/http-send.test.ts). */
export async function sendResponse(req, res, response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel().catch(() => {});
    return;
  }
  res.statusCode = response.status;
  if (response.statusText) res.statusMessage = response.statusText;
  let cookies;
  for (const [name, value] of response.headers) {
    if (name === "set-cookie") (cookies ??= []).push(value);
    else res.setHeader(name, value);
  }
  if (cookies) res.setHeader("Set-Cookie", cookies);

  const body = response.body;
  if (!body || req.method === "HEAD" || response.status === 204 || response.status === 304) {
    body?.cancel().catch(() => {});
    res.end();
    return;
  }
  let encoding = null;
  if (shouldCompress(res, response.status)) {
    varyOnEncoding(res);
    encoding = negotiateEncoding(req.headers["accept-encoding"]);
  }

  // What the body has ready now: all of it for a JSON answer or a stored page, the shell (or not
  // even that) for a streamed document.
  const reader = body.getReader();
  const ready = [];
  let readySize = 0;
  let pending = reader.read();
  for (let first = true; ; first = false) {
    // The first chunk is awaited (nothing can go out before it); later ones only if they are there.
    const result = first ? await pending : await Promise.race([pending, nextTurn()]);
    if (result === NEXT_TURN) break;
    if (result.done) {
      pending = null;
      break;
    }
    ready.push(result.value);
    readySize += result.value.length;
    pending = reader.read();
    if (readySize > MAX_WHOLE_BYTES) break;
  }

  if (pending === null) {
    // The whole body: one write with its length.
    let whole = ready.length === 1 ? ready[0] : Buffer.concat(ready);
    if (encoding && readySize >= COMPRESS_MIN_BYTES) {
      whole = encodeWhole(encoding, whole);
      res.setHeader("Content-Encoding", encoding);
    }
    res.setHeader("Content-Length", whole.length);
    res.end(whole);
    return;
  }

  // A stream: every chunk goes out as soon as it comes (through the compressor, flushed).
  let out = res;
  let flush = () => {};
  if (encoding) {
    const encoder = createEncoder(encoding);
    res.removeHeader("Content-Length");
    res.setHeader("Content-Encoding", encoding);
    encoder.stream.on("error", () => res.destroy());
    res.once("close", () => encoder.stream.destroy());
    encoder.stream.pipe(res);
    out = encoder.stream;
    flush = encoder.flush;
  }
  try {
    for (const chunk of ready) out.write(chunk);
    flush();
    for (;;) {
      const { done, value } = await pending;
      if (done) break;
      if (out.destroyed || res.destroyed) throw new Error("The client went away.");
      const more = out.write(value);
      flush();
      if (!more) await drained(out);
      pending = reader.read();
    }
    out.end();
  } catch {
    reader.cancel().catch(() => {});
    out.destroy();
    res.destroy();
  }
}

/** A kept answer, as it was sent (304 when the browser has it), labelled with the route it was made for. */
function sendMemoAnswer(req, res, { headers, body, etag, route }) {
  res[ROUTE] = route;
  for (const [name, value] of headers) res.setHeader(name, value);
  if (etag && req.headers["if-none-match"] === etag) {
    res.statusCode = 304;
    res.removeHeader("Content-Length");
    res.removeHeader("Content-Encoding");
    res.end();
    return;
  }
  res.statusCode = 200;
  res.end(body);
}

/**
 * A node:http handler `(req, res) → Promise` for the React Router build (or a function returning it,
 * for development). `origin(req)` is "protocol://host" for the request's URL; `getLoadContext(req,
 * res)` the app's load context, into which React Router writes the route it matched (`chortleRoute`,
 * patches/README.md edit 8).
 */
export function createRequestHandler({ build, mode, getLoadContext, origin, onError = console.error }) {
  // The build's own copy (production, bundled: app/entry.server.tsx), else the package's.
  const create = (typeof build === "function" ? undefined : build.entry.module.createRequestHandler) ?? createReactRouterHandler;
  const handleRequest = create(build, mode);
  // Answers the app kept while nothing they were made from has changed (app/pipeline/answer-memo.server.ts).
  const memo = typeof build === "function" ? undefined : build.entry.module.answerMemo;
  return async function handle(req, res) {
    let memoKey = null;
    if (memo) {
      memoKey = memo.key(req.method, `${origin(req)}${req.url}`, req.headers.cookie, negotiateEncoding(req.headers["accept-encoding"]));
      const hit = memoKey && memo.lookup(memoKey);
      if (hit) return sendMemoAnswer(req, res, hit);
    }
    let body;
    try {
      body = await readBody(req);
    } catch {
      res.destroy();
      return;
    }
    if (refuseForm(req, res, body)) return;
    let request;
    try {
      request = toRequest(req, res, origin, body);
      if (memoKey) memo.expect(request, memoKey);
    } catch {
      res.statusCode = 400;
      res.setHeader("Content-Type", "text/plain; charset=utf-8");
      res.end("Bad Request");
      return;
    }
    let response;
    try {
      response = await handleRequest(request, getLoadContext(req, res));
    } catch (error) {
      onError(error);
      response = new Response("Internal Server Error", { status: 500, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    }
    // React Router answers its route manifest (lazy route discovery) before it matches a route.
    if (res[ROUTE] === undefined && req.url?.startsWith("/__manifest")) res[ROUTE] = "manifest";
    try {
      await sendResponse(req, res, response);
    } catch (error) {
      onError(error);
      res.destroy();
    }
  };
}
