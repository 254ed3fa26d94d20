import crypto from "node:crypto";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { databaseFileSizes } from "#db/client.server.ts";
import { rateLimitRefusals } from "./integrations/rate-limit.server.ts";
import { cacheLookups } from "./models/data-version.server.ts";
import { queuedWrites, sqliteBusy } from "./models/db.server.ts";
import { startProcess } from "./models/upkeep/process.server.ts";
import { quotaSpent } from "./models/youtube-quota.server.ts";
import { refreshCounts, refreshDue } from "./models/youtube-refresh.server.ts";
import { getRendered, memoizable, putRendered, renderedBody, renderKey, renderMemoLookups, storedPolicy } from "./pipeline/render-memo.server.ts";
import { answerKey, answerMemoLookups, expectAnswer, keepAnswer, memoAnswer } from "./pipeline/answer-memo.server.ts";
import { createNonce, hashPolicy, noncePolicy } from "./pipeline/csp.server.ts";
import { coalesceChunks } from "./pipeline/coalesce-chunks.server.ts";
import { deferModuleScript } from "./pipeline/deferred-boot.server.ts";
import { markShared, shareable } from "./pipeline/shared-cache.server.ts";
import { hasSessionCookie } from "./http/cookies/session-cookie.server.ts";
import { HeadScriptProvider, NonceProvider } from "./components/nonce.tsx";
import { HEAD_SCRIPT } from "./routes/root/head-script.server.ts";

// Migrate, ensure the admin account and seed once, start the upkeep, when the server build is loaded.
startProcess();

/**
 * What React Router reports. A request the app cannot serve as asked (a POST to a page without an
 * action, from a bot or a stale form: 405) is the client's mistake, said in one line; anything else is
 * ours, logged whole. Nothing is logged for a request whose client went away.
 */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status === 405) {
    console.warn(`${error.status} ${request.method} ${new URL(request.url).pathname}: ${error.statusText}`);
    return;
  }
  const inner = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  console.error(inner ?? error);
}

/**
 * How a browser may keep a document: a member's page (it names them, their notices, their e-mail on
 * the about tab) is never stored; a visitor's is kept and revalidated by its ETag (and one every
 * visitor shares may be kept by a shared cache too: pipeline/shared-cache.server.ts).
 */
function documentCaching(request: Request): string {
  return hasSessionCookie(request) ? "private, no-store" : "private, no-cache";
}

/**
 * The `.data` answers of client navigations and fetchers: a member's (their about tab with e-mail,
 * sessions and feed link, their notifications, saved posts, the root's unread count) and any that
 * sets a cookie are never stored by a browser or a cache on the way. A visitor's is kept as the
 * visitor's document is (the same data, another encoding), unless its route said otherwise.
 */
export function handleDataRequest(response: Response, { request }: { request: Request }) {
  if (hasSessionCookie(request) || response.headers.has("Set-Cookie")) response.headers.set("Cache-Control", "private, no-store");
  else if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", documentCaching(request));
  return response;
}

/** server.js calls this (build.entry.module.shutdown) once the last request is answered. */
export { stopProcess as shutdown } from "./models/upkeep/process.server.ts";

/**
 * React Router's request handler from the build, so the server runs the same production copy of
 * React Router as the routes (vite.config.ts bundles it): server/react-router.js takes this one.
 */
export { createRequestHandler } from "react-router";

/**
 * What server/metrics.js reports for this process at a scrape: the database's sizes, each memo's and
 * cache's lookups, the writes waiting for a group commit, writes given up as busy, limits' refusals.
 */
export function operationsSnapshot() {
  const { databaseBytes, walBytes } = databaseFileSizes();
  return {
    databaseBytes,
    walBytes,
    lookups: [
      { cache: "answer-memo", ...answerMemoLookups },
      { cache: "render-memo", ...renderMemoLookups },
      ...[...cacheLookups].map(([cache, counts]) => ({ cache, ...counts })),
    ],
    queuedWrites: queuedWrites(),
    busyWrites: sqliteBusy.writes,
    refusals: Object.fromEntries(rateLimitRefusals),
    // The site-wide ledger's units today and the posts due (one database: every worker says the
    // same), and what this process's refresh job did since it started (decision 0196).
    youtube: { quota: quotaSpent(), due: refreshDue(), refreshed: { ...refreshCounts } },
  };
}

/** server/react-router.js asks this before React Router runs (pipeline/answer-memo.server.ts). */
export const answerMemo = { key: answerKey, lookup: memoAnswer, expect: expectAnswer };

export const streamTimeout = 5_000;

const bytes = (b: Buffer) => new Uint8Array(b.buffer as ArrayBuffer, b.byteOffset, b.length);

/**
 * What a stored page's ETag adds to its key: the build (asset names, the stylesheet's among them). A
 * browser keeping a page from before a deploy must not get 304 for it, it names files gone since.
 */
let buildTag: string | undefined;
function buildTagOf(routerContext: EntryContext): string {
  buildTag ??= crypto
    .createHash("sha256")
    .update(routerContext.manifest.version)
    .digest("base64url")
    .slice(0, 10);
  return buildTag;
}

/**
 * The loader data React Router hands to the browser (its turbo-stream), read to the end before the
 * render: the render key is made from its text. A page that may be kept has no promise in it
 * (memoizable), so the stream ends at once; given to React Router's StreamTransfer as already read,
 * it is written as one script and the render never waits for it. Null without a stream.
 */
async function settleHandoff(routerContext: EntryContext): Promise<string | null> {
  const stream = routerContext.serverHandoffStream;
  if (!stream || !routerContext.renderMeta) return null;
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let value = "";
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) value += decoder.decode(chunk.value, { stream: true });
  value += decoder.decode();
  reader.releaseLock();
  routerContext.renderMeta.streamCache = { 0: Object.assign(Promise.resolve(), { result: { done: true, value } }) };
  return value;
}

/**
 * The whole document in one string (no streamed parts: renderKey refuses pages with promises, and
 * code split components are loaded before the server build is: components/lazy.tsx), its
 * JavaScript set to start after the first paint (deferred-boot.server.ts). renderToString makes the
 * same markup as the streaming renderer without encoding each of its thousands of small pieces to
 * bytes on the way. A Suspense boundary that failed shows as a boundary left to the client
 * ("<!--$!-->"): the page is answered 500, as a failed stream is.
 */
function renderWhole(request: Request, routerContext: EntryContext): { html: Buffer; text: string; failed: boolean } {
  // The streaming renderer writes the doctype before an <html> root; renderToString does not.
  const text = deferModuleScript(`<!DOCTYPE html>${renderToString(
      <HeadScriptProvider value={HEAD_SCRIPT}>
        <ServerRouter context={routerContext} url={request.url} />
      </HeadScriptProvider>,
    )}`);
  return { html: Buffer.from(text, "utf8"), text, failed: text.includes("<!--$!-->") };
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // Same URL and same loader data as an earlier request: the same document (render-memo.server.ts).
  const handoff = memoizable(routerContext) ? await settleHandoff(routerContext) : null;
  if (handoff !== null) {
    const key = renderKey(request.url, responseStatusCode, handoff);
    let entry = getRendered(key);
    let text: string | undefined;
    if (!entry) {
      const rendered = renderWhole(request, routerContext);
      if (rendered.failed) {
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        responseHeaders.set("Content-Security-Policy", hashPolicy(rendered.text));
        return new Response(bytes(rendered.html), { headers: responseHeaders, status: 500 });
      }
      entry = putRendered(key, rendered.html);
      text = rendered.text;
    }
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    // Rendered without a nonce (the bytes are shared by many responses): allowed by hashes.
    responseHeaders.set("Content-Security-Policy", storedPolicy(entry, text));
    // The key is a hash of the URL and every loader's data: it changes exactly when the page does,
    // so it is the page's ETag, and a browser that has this version gets 304 without a body.
    if (responseStatusCode === 200) {
      const etag = `"${key}-${buildTagOf(routerContext)}"`;
      responseHeaders.set("ETag", etag);
      if (!responseHeaders.has("Cache-Control")) {
        // A visitor's page the same for every visitor with these cookies: a shared cache may keep it.
        if (shareable(routerContext, responseStatusCode, responseHeaders, hasSessionCookie(request))) markShared(responseHeaders);
        else responseHeaders.set("Cache-Control", documentCaching(request));
      }
      if (request.method === "GET" && request.headers.get("If-None-Match") === etag) {
        responseHeaders.append("Vary", "Accept-Encoding");
        return new Response(null, { headers: responseHeaders, status: 304 });
      }
    }
    const body = bytes(renderedBody(entry, request, responseHeaders));
    responseHeaders.set("Content-Length", String(body.length));
    keepAnswer(request, routerContext, responseStatusCode, responseHeaders, body);
    return new Response(body, { headers: responseHeaders, status: responseStatusCode });
  }

  // A streamed document is this response's alone: its inline scripts carry a fresh nonce.
  const nonce = loadContext?.cspNonce ?? createNonce();
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers (isbot) wait for the whole document (onAllReady). Every other client, a browser without
    // JavaScript too (nothing here can tell it apart), gets the shell as soon as it is ready and any
    // Suspense boundary's content streamed after it. Only pages the render memo declines come here:
    // an error, or a loader that returned a promise.
    const readyOption = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    const document = (
      <NonceProvider value={nonce}>
        <HeadScriptProvider value={HEAD_SCRIPT}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </HeadScriptProvider>
      </NonceProvider>
    );
    let deadline: NodeJS.Timeout | undefined;
    const { pipe, abort } = renderToPipeableStream(document, {
      nonce,
      [readyOption]() {
        shellRendered = true;
        const body = coalesceChunks();
        // As in renderWhole: the deadline goes with the render, not 6 s after it.
        body.once("close", () => clearTimeout(deadline));
        const stream = createReadableStreamFromReadable(body);
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        responseHeaders.set("Content-Security-Policy", noncePolicy(nonce));
        if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", documentCaching(request));
        resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        pipe(body);
      },
      onShellError(error: unknown) {
        clearTimeout(deadline);
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    });
    deadline = setTimeout(abort, streamTimeout + 1000);
  });
}
