// YouTube video links: which video a pasted link points at, and the links we build from an id.

/** A video id: exactly 11 characters of [0-9A-Za-z_-]. */
export const VIDEO_ID_PATTERN = /^[0-9A-Za-z_-]{11}$/;

/** The id stored for a post whose link could not be read (docs/product.md §5, key-not-configured fallback). */
export const UNKNOWN_VIDEO_ID = "unknown";

// An id at the start of a path piece or parameter, not followed by another id character
// (so "ID&t=42" pasted into a short link still reads, but a 12-character id does not).
const LEADING_ID = /^([0-9A-Za-z_-]{11})(?![0-9A-Za-z_-])/;

// The path forms that carry the id as the next piece: /embed/ID, /shorts/ID, /live/ID, …
const ID_PATH_PREFIXES = new Set(["v", "embed", "e", "shorts", "live"]);

function isYouTubeHost(host: string): boolean {
  return ["youtube.com", "youtube-nocookie.com", "youtubekids.com"].some(
    (domain) => host === domain || host.endsWith(`.${domain}`),
  );
}

function leadingId(value: string | null | undefined): string | null {
  if (!value) return null;
  return LEADING_ID.exec(value)?.[1] ?? null;
}

/** The `v` parameter of a query string such as "feature=share&v=ID&t=42". */
function idFromQuery(query: string): string | null {
  return leadingId(new URLSearchParams(query).get("v"));
}

/**
 * The video id of anything people paste: a bare 11-character id, or a link on youtube.com (any
 * subdomain: www., m., music.), youtube-nocookie.com, youtubekids.com or youtu.be in every form
 * (`watch?v=` anywhere in the query or after `#!`, `/v/`, `/embed/`, `/e/`, `/shorts/`, `/live/`,
 * youtu.be/ID), with or without a scheme and extra parameters. Anything else is null.
 */
export function parseVideoId(input: string | null | undefined): string | null {
  const raw = input?.trim() ?? "";
  if (!raw || raw.length > 2000) return null;
  if (VIDEO_ID_PATTERN.test(raw)) return raw;
  const url = linkOf(raw);
  return url ? idOfLink(url) : null;
}

/** A pasted link as a URL (a scheme added when it has none), or null when it is not an http(s) link. */
function linkOf(raw: string): URL | null {
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(raw) ? raw : `https://${raw}`);
  } catch {
    return null;
  }
  return url.protocol === "https:" || url.protocol === "http:" ? url : null;
}

function idOfLink(url: URL): string | null {
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  const pieces = url.pathname.split("/").filter(Boolean);

  if (host === "youtu.be" || host === "www.youtu.be") return leadingId(pieces[0]);
  if (!isYouTubeHost(host)) return null;

  const first = pieces[0]?.toLowerCase();
  if (first && ID_PATH_PREFIXES.has(first)) return leadingId(pieces[1]);

  if (first === undefined || first === "watch") {
    const fromQuery = idFromQuery(url.search);
    if (fromQuery) return fromQuery;
    // Old AJAX-style links: /watch#!v=ID, /#!watch?v=ID, /#!/watch?v=ID.
    if (url.hash.startsWith("#!")) {
      const fragment = url.hash.slice(2);
      const query = fragment.includes("?") ? fragment.slice(fragment.indexOf("?") + 1) : fragment;
      return idFromQuery(query);
    }
  }
  return null;
}

/**
 * The latest moment a link or a time in a text can name: 99:59:59 (359,999 s). Anything later is no
 * moment at all (kept as plain text, not stored).
 */
export const MAX_MOMENT_SECONDS = 99 * 3600 + 59 * 60 + 59;

// A `t=` / `start=` value: 151, 151s, 2m31s, 1h2m3s, 2m, 1h (each part at most 6 digits).
const MOMENT_VALUE = /^(?:(\d{1,6})h)?(?:(\d{1,6})m)?(?:(\d{1,6})s?)?$/i;

function momentOf(value: string | null): number | null {
  const parts = value ? MOMENT_VALUE.exec(value.trim()) : null;
  if (!parts || parts.slice(1).every((part) => part === undefined)) return null;
  const [h, m, s] = parts.slice(1).map((part) => Number(part ?? 0));
  const seconds = h * 3600 + m * 60 + s;
  return seconds > 0 && seconds <= MAX_MOMENT_SECONDS ? seconds : null;
}

/**
 * The moment a pasted video link starts at, in whole seconds: its `t=` (151, 151s, 2m31s, 1h2m3s) or
 * `start=` in the query (youtu.be/ID?t=151 too, and youtu.be/ID&t=151 as people paste it), else `#t=`.
 * Null for no moment, 0, one past 99:59:59, anything unreadable, or a link that is not a video's.
 */
export function parseVideoStart(input: string | null | undefined): number | null {
  const raw = input?.trim() ?? "";
  if (!raw || raw.length > 2000) return null;
  const url = linkOf(raw);
  if (!url || !idOfLink(url)) return null;
  const stray = url.pathname.indexOf("&");
  const queries = [url.search, stray >= 0 ? url.pathname.slice(stray + 1) : "", url.hash.replace(/^#!?/, "").replace(/^[^?]*\?/, "")];
  for (const query of queries) {
    const params = new URLSearchParams(query);
    for (const name of ["t", "start"]) {
      const moment = momentOf(params.get(name));
      if (moment !== null) return moment;
    }
  }
  return null;
}

/** The canonical watch link of a video, at a moment (`&t=151s`) when one is given. */
export function watchUrl(videoId: string, start?: number | null): string {
  return `https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}${start ? `&t=${start}s` : ""}`;
}

/** The 480×360 thumbnail, which every video has (YOUTUBE.md: the safe default). */
export function thumbnailUrl(videoId: string): string {
  return `https://i.ytimg.com/vi/${encodeURIComponent(videoId)}/hqdefault.jpg`;
}

/** YouTube's own "no thumbnail" picture, for posts whose video is unknown. */
export const DEFAULT_THUMBNAIL = "https://i.ytimg.com/img/no_thumbnail.jpg";

/** The longest word of shared text read as a link (YouTube's own share links are under 200 characters). */
export const MAX_SHARED_LINK_LENGTH = 500;

// What a writer puts around a link: brackets and quotes before it, those and the sentence's
// punctuation after it (none of them is a character of an id).
const BEFORE_LINK = /^[(<[{"'“‘«]+/u;
const AFTER_LINK = /[)>\]}"'”’».,;:!?…]+$/u;

/**
 * The first YouTube video link in free text, as written (a comment link's `lc=` and a `t=` kept),
 * without the brackets or punctuation around it: what a phone's share sheet sends ("Title
 * https://youtu.be/ID", words around a link, a link glued after a colon). Only links count, never a
 * bare 11-character word ("masterpiece" is one). One pass over the words; null when there is none.
 */
export function findVideoLink(text: string | null | undefined): string | null {
  if (!text) return null;
  for (const word of text.split(/\s+/)) {
    if (!/youtu/i.test(word)) continue;
    const scheme = word.search(/https?:\/\//i);
    const link = (scheme > 0 ? word.slice(scheme) : word).replace(BEFORE_LINK, "").replace(AFTER_LINK, "");
    if (link.length > MAX_SHARED_LINK_LENGTH || VIDEO_ID_PATTERN.test(link)) continue;
    if (parseVideoId(link)) return link;
  }
  return null;
}
