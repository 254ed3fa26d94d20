// Memoised server renders. A document is a pure function of its URL, status and loader data, so
// when a request's loaders return exactly what an earlier request's did, its HTML (and that HTML
// compressed) is served again instead of being rendered and compressed anew. Loaders still run on
// every request: nothing is stale. The busiest pages (the feed for visitors) differ only when their
// data does; a page's clock ("3h ago") is taken to the minute so it does not change the data.
// MEMO=off: every page is rendered (and compressed) afresh; the key is still its ETag.
import crypto from "node:crypto";
import type { EntryContext } from "react-router";
import { decodeWhole, encodeQuick, encodeWhole, negotiateEncoding, type Encoding } from "../../server/encoding.js";
import { isDeepFrozen } from "~/lib/frozen.ts";
import { memoOn } from "~/models/data-version.server.ts";

// What it keeps of a page is its compressed body (its HTML only until then): ~12 KB for a list page
// of 58 KB, so this holds some 1,400 pages.
const MAX_BYTES = 16 * 1024 * 1024;

/**
 * A kept page: its HTML until it is compressed, then only the compressed body, in one encoding (the
 * HTML is unpacked again when asked for). `better`: packed at the kept page's ratio.
 */
export type Rendered = { key: string; html: Buffer | null; packed: Buffer | null; encoding: Encoding | null; better: boolean };
const size = (e: Rendered) => (e.html?.length ?? 0) + (e.packed?.length ?? 0);
// A Map keeps insertion order: re-inserting on use makes the first key the least recently used.
const entries = new Map<string, Rendered>();
let bytes = 0;

/** The key of a render, or null when the page must not be memoised (errors, streamed promises). */
export function renderKey(url: string, context: EntryContext): string | null {
  const state = context.staticHandlerContext;
  if (state.errors) return null;
  for (const data of Object.values(state.loaderData ?? {})) {
    if (data && typeof data === "object" && Object.values(data).some((v) => v instanceof Promise)) return null;
  }
  const hash = crypto.createHash("sha256").update(`${url}\0${state.statusCode}\0`);
  hashData(hash, state.loaderData ?? null, 0);
  hash.update("\0");
  hashData(hash, state.actionData ?? null, 0);
  return hash.digest("base64url");
}

// A long text a loader shares between requests (the post page's thread as JSON, made once per data
// version) is hashed once, not escaped and hashed again for every request.
const LONG_TEXT = 4096;
const textDigests = new Map<string, string>();
const TEXT_DIGESTS_MAX = 256;

function textDigest(text: string): string {
  let digest = textDigests.get(text);
  if (!digest) {
    digest = crypto.createHash("sha256").update(text).digest("base64url");
    if (!memoOn()) return digest;
    if (textDigests.size >= TEXT_DIGESTS_MAX) textDigests.delete(textDigests.keys().next().value!);
    textDigests.set(text, digest);
  }
  return digest;
}

// Values the models' caches share between requests are deep-frozen (lib/frozen.ts): hashed once each.
const frozenDigests = new WeakMap<object, string>();

function frozenDigest(value: object): string {
  let digest = frozenDigests.get(value);
  if (!digest) {
    digest = crypto.createHash("sha256").update(JSON.stringify(value)).digest("base64url");
    if (memoOn()) frozenDigests.set(value, digest);
  }
  return digest;
}

/**
 * Feeds `value` to the hash, unambiguously: JSON, except that the first levels (the routes, each
 * route's data, its lists) are walked so a long text or a shared frozen value among them goes in as
 * its digest.
 */
function hashData(hash: crypto.Hash, value: unknown, depth: number) {
  if (typeof value === "string" && value.length > LONG_TEXT) {
    hash.update(`#${textDigest(value)}`);
  } else if (isDeepFrozen(value)) {
    hash.update(`@${frozenDigest(value)}`);
  } else if (depth < 3 && Array.isArray(value)) {
    hash.update("[");
    for (const item of value) {
      hashData(hash, item, depth + 1);
      hash.update(",");
    }
    hash.update("]");
  } else if (depth < 3 && value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    hash.update("{");
    for (const [k, v] of Object.entries(value)) {
      if (v === undefined) continue;
      hash.update(`${JSON.stringify(k)}:`);
      hashData(hash, v, depth + 1);
      hash.update(",");
    }
    hash.update("}");
  } else {
    hash.update(JSON.stringify(value) ?? "undefined");
  }
}

export function getRendered(key: string): Rendered | undefined {
  if (!memoOn()) return undefined;
  const hit = entries.get(key);
  if (hit) {
    entries.delete(key);
    entries.set(key, hit);
  }
  return hit;
}

export function putRendered(key: string, html: Buffer): Rendered {
  const entry: Rendered = { key, html, packed: null, encoding: null, better: false };
  if (!memoOn()) return entry;
  const old = entries.get(key);
  if (old) bytes -= size(old);
  entries.set(key, entry);
  bytes += html.length;
  for (const [k, e] of entries) {
    if (bytes <= MAX_BYTES) break;
    entries.delete(k);
    bytes -= size(e);
  }
  return entry;
}

// A page made for one answer (most pages of a live site: another post, another member) is compressed
// at the quickest settings (brotli 1, or gzip 3 for a client without brotli); one served again from
// here is worth the better ratio, so its second answer packs it once more at the server's usual
// settings for dynamic answers (brotli 4 / gzip 6). Both live in server/encoding.js (decision 0090).

/** The page's HTML (unpacked again when only its compressed body is kept). */
export function renderedHtml(entry: Rendered): Buffer {
  return entry.html ?? decodeWhole(entry.encoding!, entry.packed!);
}

/**
 * The body for this request: compressed in the encoding the client takes best (server/encoding.js). A
 * kept page keeps its compressed body and drops its HTML: most pages are asked once, and a page asked
 * again needs only that (a client that takes the other encoding, or none, gets it from the HTML unpacked).
 */
export function renderedBody(entry: Rendered, request: Request, headers: Headers): Buffer {
  headers.append("Vary", "Accept-Encoding");
  const encoding = negotiateEncoding(request.headers.get("Accept-Encoding"));
  if (!encoding) return renderedHtml(entry);
  headers.set("Content-Encoding", encoding);
  if (entry.packed && entry.encoding !== encoding) return encodeQuick(encoding, renderedHtml(entry));
  const kept = memoOn() && entries.get(entry.key) === entry;
  if (!entry.packed || (kept && !entry.better)) {
    const before = size(entry);
    const better = Boolean(entry.packed);
    entry.packed = (better ? encodeWhole : encodeQuick)(encoding, renderedHtml(entry));
    entry.encoding = encoding;
    entry.better = better;
    if (kept) {
      entry.html = null;
      bytes += size(entry) - before;
    }
  }
  return entry.packed;
}
