// Video thumbnails served from our own origin: fetched once from THUMBNAIL_BASE_URL (YouTube's image
// host by default) with a 2 s timeout, only for shared videos and only when the bytes are a picture,
// kept in a size-capped disk cache beside the database (one cap for all workers), and a
// neutral SVG placeholder when a picture cannot be had (a failure is remembered for an hour, so a
// down image host costs one attempt per picture per hour, not one per page view).
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { THUMBNAIL_SIZES, type ThumbnailSize } from "~/lib/thumbnail-sizes.ts";
import { VIDEO_ID_PATTERN } from "~/lib/video-url.ts";
import { getEnv } from "./env.server.ts";
import { rgbPng } from "./png.server.ts";

const TIMEOUT_MS = 2000;
const FAILURE_MS = 60 * 60 * 1000;
/** A thumbnail bigger than this is not a thumbnail. */
const MAX_BYTES = 2 * 1024 * 1024;
const MAX_INFLIGHT = 16;
const SOURCE_FILE: Record<ThumbnailSize, string> = { card: "mqdefault.jpg", large: "hqdefault.jpg" };

/** A neutral block with a play glyph, in the card's 16:9 shape; it scales to any size. */
export const PLACEHOLDER_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="180" viewBox="0 0 320 180"><rect width="320" height="180" fill="#334155"/><circle cx="160" cy="90" r="30" fill="#475569"/><path d="M150 74v32l26-16z" fill="#e2e8f0"/></svg>`;

/**
 * The placeholder as a PNG of the large size (480×360), for link previews: preview services take no
 * SVG, and the page declared that size. The same block and glyph as the SVG, drawn once.
 */
let placeholderPng: Buffer | null = null;

export function largePlaceholderPng(): Buffer {
  if (placeholderPng) return placeholderPng;
  const { width, height } = THUMBNAIL_SIZES.large;
  const [cx, cy, r] = [width / 2, height / 2, 45];
  const colour = (x: number, y: number): [number, number, number] => {
    // The play glyph: a triangle pointing right inside the circle.
    if (x >= cx - 15 && x <= cx + 24 && Math.abs(y - cy) <= ((cx + 24 - x) * 24) / 39) return [0xe2, 0xe8, 0xf0];
    if ((x - cx) ** 2 + (y - cy) ** 2 <= r * r) return [0x47, 0x55, 0x69];
    return [0x33, 0x41, 0x55];
  };
  placeholderPng = rgbPng(width, height, colour);
  return placeholderPng;
}

const failures = new Map<string, number>();

const inflight = new Map<string, Promise<Buffer | null>>();

// The folder is shared by every worker, and so is its index: one row per picture (name, bytes, when
// written) in a small SQLite file inside it, so the size cap holds for the folder, not per process.
// Pictures are read straight from disk; the index is asked only when a picture is stored.
type CacheState = { dir: string; capBytes: number; index: Database.Database };
let cache: CacheState | null = null;

function cacheState(): CacheState {
  if (cache) return cache;
  const env = getEnv();
  const dir = path.resolve(env.THUMBNAIL_CACHE_DIR ?? path.join(path.dirname(path.resolve(env.DATABASE_PATH)), "thumbnails"));
  fs.mkdirSync(dir, { recursive: true });
  const index = new Database(path.join(dir, "index.db"));
  index.pragma("journal_mode = WAL");
  index.pragma("busy_timeout = 5000");
  index.exec(`CREATE TABLE IF NOT EXISTS pictures (name TEXT PRIMARY KEY, size INTEGER NOT NULL, at INTEGER NOT NULL);
    CREATE INDEX IF NOT EXISTS pictures_at ON pictures (at);`);
  // Pictures kept before the index existed are entered once.
  if (index.prepare("SELECT count(*) FROM pictures").pluck().get() === 0) {
    const add = index.prepare("INSERT OR IGNORE INTO pictures (name, size, at) VALUES (?, ?, ?)");
    index.transaction(() => {
      for (const name of fs.readdirSync(dir)) {
        if (!name.endsWith(".jpg")) continue;
        const stat = fs.statSync(path.join(dir, name));
        add.run(name, stat.size, Math.round(stat.mtimeMs));
      }
    })();
  }
  cache = { dir, capBytes: env.THUMBNAIL_CACHE_MB * 1024 * 1024, index };
  return cache;
}

/** Enters a written picture and keeps the folder under its cap: the least recently written go first. */
function enter(state: CacheState, name: string, size: number) {
  const { index } = state;
  index.transaction(() => {
    index.prepare("INSERT OR REPLACE INTO pictures (name, size, at) VALUES (?, ?, ?)").run(name, size, Date.now());
    let total = index.prepare("SELECT total(size) FROM pictures").pluck().get() as number;
    if (total <= state.capBytes) return;
    const oldest = index.prepare("SELECT name, size FROM pictures ORDER BY at, name").all() as { name: string; size: number }[];
    const forget = index.prepare("DELETE FROM pictures WHERE name = ?");
    for (const row of oldest) {
      if (total <= state.capBytes * 0.9) break;
      fs.rmSync(path.join(state.dir, row.name), { force: true });
      forget.run(row.name);
      total -= row.size;
    }
  }).immediate();
}

function store(state: CacheState, name: string, bytes: Buffer) {
  const file = path.join(state.dir, name);
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, bytes);
  fs.renameSync(temp, file);
  enter(state, name, bytes.length);
}

/** Whether the bytes are a picture a browser shows (JPEG, PNG, WebP or GIF), by their first bytes. */
export function isPicture(bytes: Buffer): boolean {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return true;
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return true;
  if (bytes.subarray(0, 4).toString("latin1") === "RIFF" && bytes.subarray(8, 12).toString("latin1") === "WEBP") return true;
  return bytes.subarray(0, 4).toString("latin1") === "GIF8";
}

async function download(videoId: string, size: ThumbnailSize): Promise<Buffer | { reason: string }> {
  const url = `${getEnv().THUMBNAIL_BASE_URL.replace(/\/+$/, "")}/vi/${videoId}/${SOURCE_FILE[size]}`;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), redirect: "follow" });
    if (!res.ok) return { reason: `status ${res.status}` };
    if (!(res.headers.get("Content-Type") ?? "").startsWith("image/")) return { reason: "not an image" };
    const bytes = Buffer.from(await res.arrayBuffer());
    if (bytes.length === 0 || bytes.length > MAX_BYTES) return { reason: `${bytes.length} bytes` };
    if (!isPicture(bytes)) return { reason: "not a picture" };
    return bytes;
  } catch (cause) {
    return { reason: (cause as Error)?.name === "TimeoutError" ? "timed out" : "unreachable" };
  }
}

/** The picture's type from its first bytes (YouTube sends JPEG; anything else is said as it is). */
export function pictureType(bytes: Buffer): string {
  if (bytes[0] === 0x89 && bytes[1] === 0x50) return "image/png";
  if (bytes.subarray(8, 12).toString("latin1") === "WEBP") return "image/webp";
  return "image/jpeg";
}

/**
 * The picture (JPEG bytes) of a video at a size, or null when there is none to be had right now. A
 * picture not kept yet is fetched only when `mayFetch` says so (the caller knows whether the video
 * was shared), so made-up ids cost no request and take no room.
 */
export async function getThumbnail({
  videoId,
  size,
  mayFetch,
}: {
  videoId: string;
  size: ThumbnailSize;
  mayFetch: () => boolean | Promise<boolean>;
}): Promise<Buffer | null> {
  if (!VIDEO_ID_PATTERN.test(videoId)) return null;
  const state = cacheState();
  const name = `${videoId}-${size}.jpg`;
  try {
    return fs.readFileSync(path.join(state.dir, name));
  } catch {
    // Not kept (yet, or any more): fetched below if it may be.
  }
  const failedAt = failures.get(name);
  if (failedAt !== undefined && Date.now() - failedAt < FAILURE_MS) return null;
  let pending = inflight.get(name);
  if (!pending && !(await mayFetch())) return null;
  pending ??= inflight.get(name);
  // Made-up ids cannot turn us into a request cannon: past this many fetches at once, the
  // placeholder (not remembered, so the picture is tried again on the next view).
  if (!pending && inflight.size >= MAX_INFLIGHT) return null;
  if (!pending) {
    pending = download(videoId, size).then((result) => {
      inflight.delete(name);
      if (Buffer.isBuffer(result)) {
        failures.delete(name);
        try {
          store(state, name, result);
        } catch (cause) {
          console.warn(`thumbnail cache: could not keep ${name}:`, (cause as Error).message);
        }
        return result;
      }
      // Expected whenever the image host is down or the video is gone: a note, not an error.
      console.info(`thumbnail ${videoId} (${size}): ${result.reason}; the placeholder is served for an hour`);
      failures.set(name, Date.now());
      if (failures.size > 50_000) failures.delete(failures.keys().next().value!);
      return null;
    });
    inflight.set(name, pending);
  }
  return pending;
}
