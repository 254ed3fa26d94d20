// Whole answers served again while nothing they were made from has changed (the cheapest answer is
// one that was already made: docs/decisions/0049-answer-memo.md).
//
// A public page is a pure function of its URL, the request's cookies (who is signed in, a pending
// toast, client hints), the database and the minute (a page's clock is taken to the minute). So
// when not one row of the database has changed since a page was answered, in this process or any
// other, and the minute is the same, the same request gets the same bytes, before React Router
// runs a loader. A member's page adds no lag of its own: any write anywhere moves the stamp
// (data-version.server.ts, databaseVersion), and the next request is answered afresh (loaders,
// then the render memo, render-memo.server.ts); but a member opening a post (the row that says
// they read it) moves only their own pages' version (memberVersion), not everyone's (decision 0165). A visitor's page (it names no member) may be given
// for VISITOR_LAG_MS after its data was read, in the same minute, whatever was written since
// (docs/decisions/0049). Off with MEMO=off.
//
// Kept only for the pages whose routes all declare it (`export const handle = { memo: true }`: their
// loaders read nothing but the database, the URL and the cookies), when the answer is a 200 that
// sets no cookie, the stamp did not move while it was made, and no cache behind it may still lag
// behind another process's commit; a page made from a value a cache gave within its lag (after a
// write, this process's or another's: data-version.server.ts, noteLagging) is given only until that
// lag ends, never longer (docs/decisions/0045). Keyed by origin, URL, Cookie header and the encoding the client
// takes best (server/encoding.js).
import type { EntryContext } from "react-router";
import type { RouteHandle } from "~/lib/route-handle.ts";
import { cacheClock, databaseVersion, memberVersion, memoOn, personalWrites } from "~/models/data-version.server.ts";
import { laggingSince, lagMark, longestStaleMs } from "~/models/cache-registry.server.ts";

/** How long after a write a visitor's kept page may still be given (docs/decisions/0049). */
export const VISITOR_LAG_MS = 2_000;

/** Whether every route of the page says its answers may be kept (its `handle`, lib/route-handle.ts). */
export function memoisable(context: EntryContext): boolean {
  const { matches } = context.staticHandlerContext;
  return matches.every((match) => (context.routeModules[match.route.id]?.handle as RouteHandle | undefined)?.memo === true);
}

/** The bodies held (most are the render memo's own buffers, counted again to be safe). */
const MAX_BYTES = 16 * 1024 * 1024;

// When another process's last commit was first seen here. The caches behind a page may show what
// was before it for their stated lag (data-version.server.ts: staleMs); a page made within that
// time is not kept, or it would show the old data past the lag, until the next write.
let othersSeen = "";
let othersSince = 0;

const minuteOf = (time: number) => Math.floor(time / 60_000);

/** Where the database stands, and the minute. */
function stamp(now = cacheClock.now()): string {
  const { local, others } = databaseVersion();
  if (others !== othersSeen) {
    othersSeen = others;
    othersSince = now;
  }
  return `${local}|${others}|${minuteOf(now)}`;
}

/** `route`: the id of the route it was made for (the request's label in the log and the metrics: server/observe.js). */
export type MemoAnswer = { headers: [string, string][]; body: Uint8Array; etag: string | null; route: string | undefined };
/**
 * `at`: when its data was read; `visitor`: a page that names no member (the same for every visitor);
 * `until`: when a lagging value it was made from stops being true (Infinity: none lagged);
 * `member`: the member it names and where their own rows stood (memberVersion: the posts they have
 * read, which the global stamp leaves out, decision 0165), or null.
 */
type Entry = MemoAnswer & { stamp: string; at: number; visitor: boolean; until: number; member: { id: number; version: string } | null };

/** Whether `entry` may still be given: nothing changed since, or a visitor's page within the lag, in the same minute. */
function current(entry: Entry): boolean {
  const now = cacheClock.now();
  if (now >= entry.until) return false;
  if (entry.member && memberVersion(entry.member.id) !== entry.member.version) return false;
  if (entry.stamp === stamp(now)) return true;
  return entry.visitor && now - entry.at < VISITOR_LAG_MS && minuteOf(entry.at) === minuteOf(now);
}

const answers = new Map<string, Entry>();
let bytes = 0;

function drop(key: string, entry: Entry) {
  answers.delete(key);
  bytes -= entry.body.byteLength;
}
const expected = new WeakMap<Request, { key: string; stamp: string; personal: string; at: number; lag: number }>();

/** The key of a GET, or null when it is not one to memoise. */
export function answerKey(method: string | undefined, url: string, cookie: string | undefined, encoding: "br" | "gzip" | null): string | null {
  if (method !== "GET" || !memoOn()) return null;
  return `${encoding ?? "identity"} ${url}\n${cookie ?? ""}`;
}

/** The answer kept for `key`, if nothing has changed since it was made. */
/** Lookups of the memo since start (what /metrics reports: server/metrics.js). */
export const answerMemoLookups = { hits: 0, misses: 0 };

export function memoAnswer(key: string): MemoAnswer | undefined {
  if (!memoOn()) return undefined;
  const hit = answers.get(key);
  if (!hit || !current(hit)) {
    if (hit) drop(key, hit);
    answerMemoLookups.misses++;
    return undefined;
  }
  answerMemoLookups.hits++;
  answers.delete(key);
  answers.set(key, hit); // most recently used last
  return hit;
}

/** Before React Router runs: remember where the data stood, so the answer can be kept under `key`. */
export function expectAnswer(request: Request, key: string) {
  const now = cacheClock.now();
  expected.set(request, { key, stamp: stamp(now), personal: personalWrites(), at: now, lag: lagMark() });
}

/** After a document was made: keep it when it may be given again (see the top of this file). */
export function keepAnswer(request: Request, context: EntryContext, status: number, headers: Headers, body: Uint8Array) {
  const ticket = expected.get(request);
  if (!ticket || !memoOn() || status !== 200 || headers.has("Set-Cookie")) return;
  const state = context.staticHandlerContext;
  if (!memoisable(context)) return;
  const root = state.loaderData?.root as { share?: unknown; user?: { id: number } | null } | undefined;
  // The share dialog (open by the URL) shows what YouTube says: not a function of the database.
  if (root?.share) return;
  if (stamp() !== ticket.stamp) return; // something was written while it was made
  // A member's page: not when anyone's reads were recorded meanwhile (theirs may be among them).
  const member = root?.user ? { id: root.user.id, version: memberVersion(root.user.id) } : null;
  if (member && personalWrites() !== ticket.personal) return;
  const now = cacheClock.now();
  if (now - othersSince < longestStaleMs()) return; // a cache may still lag behind another process
  // A value given within its lag (after a write here or elsewhere): kept only while that lag lasts.
  const until = laggingSince(ticket.lag);
  if (until <= now) return;
  const old = answers.get(ticket.key);
  if (old) drop(ticket.key, old);
  // A page for nobody in particular (no member signed in): may lag a little behind the last write.
  const visitor = root?.user === null;
  answers.set(ticket.key, { stamp: ticket.stamp, at: ticket.at, visitor, until, member, headers: [...headers], body, etag: headers.get("ETag"), route: state.matches.at(-1)?.route.id });
  bytes += body.byteLength;
  for (const [k, e] of answers) {
    if (bytes <= MAX_BYTES) break;
    drop(k, e);
  }
}

/** For tests. */
export function clearAnswers() {
  answers.clear();
  bytes = 0;
}
