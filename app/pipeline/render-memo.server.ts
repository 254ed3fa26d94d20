// Memoised server renders. A document is a pure function of its URL, status and loader data, so
// when a request's loaders return exactly what an earlier request's did, its HTML (and that HTML
// compressed) is served again instead of being rendered and compressed anew. Loaders still run on
// every request: nothing is stale. The busiest pages (the feed for visitors) differ only when their
// data does; a page's clock ("3h ago") is taken to the minute so it does not change the data.
// MEMO=off: every page is rendered (and compressed) afresh; the key is still its ETag.
import crypto from "node:crypto";
import type { EntryContext } from "react-router";
import { decodeWhole, encodeQuick, encodeWhole, negotiateEncoding, type Encoding } from "../../server/encoding.js";
import { memoOn } from "~/models/data-version.server.ts";
import { hashPolicy } from "./csp.server.ts";

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

/**
 * Whether a render may be kept: not an error page, and no data still to come (a page with promised
 * data is streamed, its parts as they resolve).
 */
export function memoizable(context: EntryContext): boolean {
  const state = context.staticHandlerContext;
  if (state.errors) return false;
  for (const data of Object.values(state.loaderData ?? {})) {
    if (data && typeof data === "object" && Object.values(data).some((v) => v instanceof Promise)) return false;
  }
  return true;
}

/**
 * The key of a render: a hash of its URL, its status and the text of the data React Router hands to the
 * browser with it (its turbo-stream of every route's loader data, action data and errors: what the
 * page is made from, written out once per request anyway). Equal texts are equal data; equal data
 * written another way (a value shared by two routes, say) is only a render not found.
 */
export function renderKey(url: string, status: number, handoff: string): string {
  return crypto.createHash("sha256").update(`${url}\0${status}\0`).update(handoff).digest("base64url");
}

/** Lookups of the memo since start (what /metrics reports: server/metrics.js). */
export const renderMemoLookups = { hits: 0, misses: 0 };

export function getRendered(key: string): Rendered | undefined {
  if (!memoOn()) return undefined;
  const hit = entries.get(key);
  if (!hit) renderMemoLookups.misses++;
  else renderMemoLookups.hits++;
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
// settings for dynamic answers (brotli 4 / gzip 6). Both live in server/encoding.js (decision 0015).

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

// The CSP of each stored document (by its inline scripts' hashes), computed once per entry: from the
// text the render just made (no second decoding of its bytes), or from the bytes of one kept before.
const storedPolicies = new WeakMap<object, string>();
export function storedPolicy(entry: Rendered, text?: string): string {
  let policy = storedPolicies.get(entry);
  if (!policy) {
    policy = hashPolicy(text ?? renderedHtml(entry).toString("utf8"));
    storedPolicies.set(entry, policy);
  }
  return policy;
}
