// The YouTube lookup: Data API v3 (videos, commentThreads, comments) with a key, keyless oEmbed without one.
// Real fetch against the configured base URLs (tests point them at tests/fixtures/youtube-fake.ts),
// a 5 s timeout, no retry, and answers cached in memory for 5 minutes (not at all with MEMO=off).
import {
  COMMENTS_PAGE_SIZE,
  FALLBACK_CHANNEL,
  fallbackVideoDetails,
  type CommentOrder,
  type FetchedComment,
  type VideoDetails,
} from "~/lib/video.ts";
import { thumbnailUrl, VIDEO_ID_PATTERN, watchUrl } from "~/lib/video-url.ts";
import type { QuotaPurpose } from "#db/youtube-schema.ts";
import { getEnv, memoEnabled } from "../env.server.ts";
import { errorFromEnvelope, YouTubeError, type YouTubeErrorReason } from "./errors.server.ts";
import { isCommentId, MAX_COMMENT_IDS } from "~/lib/comment-link.ts";
import {
  str,
  toComment,
  toVideoDetails,
  toYouTubeComment,
  type CommentItem,
  type ThreadItem,
  type VideoItem,
  type YouTubeComment,
} from "./mapping.server.ts";

export type { YouTubeComment } from "./mapping.server.ts";

/**
 * The site's quota ledger (models/youtube-quota.server.ts, decision 0196), asked before every Data
 * API request: true when the units may be spent (and they are counted), false when the guard refuses
 * (the request is not sent; the call fails with quotaExceeded).
 */
export type QuotaSpender = (purpose: QuotaPurpose, units: number) => boolean;
let siteQuota: QuotaSpender | null = null;
/** Set once per process (models/upkeep/process.server.ts): every client without its own spender asks it. */
export function setSiteQuota(spender: QuotaSpender | null) {
  siteQuota = spender;
}

/** videos.list takes at most 50 ids a call. */
const MAX_VIDEO_IDS = 50;

// Answers worth remembering: they will not change within the cache's lifetime.
const LASTING: ReadonlySet<YouTubeErrorReason> = new Set(["videoNotFound", "commentsDisabled"]);

export type CommentPage = { comments: FetchedComment[]; nextPageToken: string | null };

export type YouTubeClientOptions = {
  apiKey?: string | null;
  baseUrl: string;
  oembedUrl: string;
  timeoutMs?: number;
  /** How long answers are kept (0: not at all); 5 minutes by default, 0 with MEMO=off. */
  cacheTtlMs?: number;
  cacheMaxEntries?: number;
  /** The cache's clock (tests pass a fake one). */
  now?: () => number;
  /** Whose quota its requests spend: "share" (members' lookups, the default) or "refresh" (the job). */
  purpose?: QuotaPurpose;
  /** The ledger to ask; the process's (setSiteQuota) when not given, none when null. */
  spendQuota?: QuotaSpender | null;
};

// Page tokens YouTube gave us. Only these are sent back: a made-up token in a URL would otherwise
// spend the site's quota on every request. Bounded; a restart forgets them ("load the comments again").
const issuedPageTokens = new Set<string>();
const MAX_ISSUED_TOKENS = 20_000;
function rememberPageToken(token: string | null) {
  if (!token) return;
  if (issuedPageTokens.size >= MAX_ISSUED_TOKENS) issuedPageTokens.delete(issuedPageTokens.values().next().value!);
  issuedPageTokens.add(token);
}

export type YouTubeClient = ReturnType<typeof createYouTubeClient>;

export function createYouTubeClient(options: YouTubeClientOptions) {
  const apiKey = options.apiKey?.trim() || null;
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? 5_000;
  const ttlMs = options.cacheTtlMs ?? (memoEnabled() ? 5 * 60_000 : 0);
  const maxEntries = options.cacheMaxEntries ?? 500;
  const clock = options.now ?? Date.now;
  const cache = new Map<string, { expires: number; value: Promise<unknown> }>();

  /** One request per key at a time; answers (and lasting failures) are kept for ttlMs. */
  function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (ttlMs <= 0) return load();
    const now = clock();
    const hit = cache.get(key);
    if (hit && hit.expires > now) return hit.value as Promise<T>;
    if (hit) cache.delete(key);
    const value = load();
    cache.set(key, { expires: now + ttlMs, value });
    value.catch((error: unknown) => {
      if (!(error instanceof YouTubeError && LASTING.has(error.reason)) && cache.get(key)?.value === value) {
        cache.delete(key);
      }
    });
    while (cache.size > maxEntries) cache.delete(cache.keys().next().value as string);
    return value;
  }

  async function request(url: string): Promise<{ status: number; ok: boolean; body: unknown }> {
    let response: Response;
    try {
      response = await fetch(url, { headers: { Accept: "application/json" }, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      const name = (error as Error | null)?.name;
      throw new YouTubeError(name === "TimeoutError" || name === "AbortError" ? "timeout" : "unavailable");
    }
    let body: unknown = null;
    try {
      body = await response.json();
    } catch (error) {
      const name = (error as Error | null)?.name;
      if (name === "TimeoutError" || name === "AbortError") throw new YouTubeError("timeout");
    }
    return { status: response.status, ok: response.ok, body };
  }

  async function callApi(resource: "videos" | "commentThreads" | "comments", params: Record<string, string>): Promise<unknown> {
    if (!apiKey) throw new YouTubeError("keyNotConfigured");
    // Every request costs at least 1 unit, invalid ones included: counted before it is sent.
    const spend = options.spendQuota === undefined ? siteQuota : options.spendQuota;
    if (spend && !spend(options.purpose ?? "share", 1)) throw new YouTubeError("quotaExceeded");
    const query = new URLSearchParams({ ...params, key: apiKey });
    const { status, ok, body } = await request(`${baseUrl}/${resource}?${query}`);
    if (!ok) throw errorFromEnvelope(status, body);
    if (!body || typeof body !== "object") throw new YouTubeError("unavailable");
    return body;
  }

  /** Keyless details from oEmbed (title, channel; no views or date), or null when it fails. */
  async function getOEmbed(videoId: string): Promise<VideoDetails | null> {
    try {
      return await cached(`oembed:${videoId}`, async () => {
        const query = new URLSearchParams({ url: watchUrl(videoId), format: "json" });
        const { ok, body } = await request(`${options.oembedUrl}?${query}`);
        const data = body as { title?: unknown; author_name?: unknown } | null;
        const title = str(data?.title);
        if (!ok || !title) throw new YouTubeError("unavailable");
        return {
          id: videoId,
          title,
          thumbnail: thumbnailUrl(videoId),
          channelTitle: str(data?.author_name) ?? FALLBACK_CHANNEL,
          viewCount: null,
          publishedAt: null,
        };
      });
    } catch {
      return null;
    }
  }

  return {
    keyConfigured: apiKey !== null,

    /** videos.list: the video's details; an empty `items` means missing, deleted or private. */
    getVideo(videoId: string): Promise<VideoDetails> {
      return cached(`video:${videoId}`, async () => {
        const body = (await callApi("videos", { part: "snippet,statistics", id: videoId })) as { items?: VideoItem[] };
        const item = Array.isArray(body.items) ? body.items[0] : undefined;
        if (!item) throw new YouTubeError("videoNotFound");
        return toVideoDetails(videoId, item);
      });
    },

    /** commentThreads.list: one page of top-level comments, as plain text; with `searchTerms`, only those holding the words. */
    getComments({
      videoId,
      order = "relevance",
      maxResults = COMMENTS_PAGE_SIZE,
      pageToken,
      searchTerms,
    }: {
      videoId: string;
      order?: CommentOrder;
      maxResults?: number;
      pageToken?: string | null;
      /** Already validated (the share schemas' searchTerms); empty or missing: no filter. */
      searchTerms?: string | null;
    }): Promise<CommentPage> {
      const size = String(Math.min(100, Math.max(1, Math.trunc(maxResults))));
      const terms = searchTerms?.trim() ?? "";
      if (pageToken && !issuedPageTokens.has(pageToken)) return Promise.reject(new YouTubeError("invalidPageToken"));
      return cached(`comments:${videoId}:${order}:${size}:${pageToken ?? ""}:${terms}`, async () => {
        const params: Record<string, string> = { part: "snippet", videoId, order, maxResults: size, textFormat: "plainText" };
        if (terms) params.searchTerms = terms;
        if (pageToken) params.pageToken = pageToken;
        const body = (await callApi("commentThreads", params)) as { items?: ThreadItem[]; nextPageToken?: string };
        const comments = (Array.isArray(body.items) ? body.items : []).map(toComment).filter((c) => c !== null);
        const nextPageToken = str(body.nextPageToken);
        rememberPageToken(nextPageToken);
        return { comments, nextPageToken };
      });
    },

    /**
     * comments.list by id (1 unit a call): up to 50 ids, top-level or replies ("{parentId}.{replyId}").
     * Returns the comments YouTube found, in its order; an id it leaves out is gone (deleted, held,
     * or its video private). Ids that are not comment ids are never sent.
     */
    getCommentsById(ids: readonly string[]): Promise<YouTubeComment[]> {
      const unique = [...new Set(ids)];
      if (unique.length === 0) return Promise.resolve([]);
      if (unique.length > MAX_COMMENT_IDS || !unique.every(isCommentId)) {
        return Promise.reject(new YouTubeError("badRequest"));
      }
      const idList = unique.join(",");
      return cached(`commentsById:${idList}`, async () => {
        const body = (await callApi("comments", { part: "snippet", id: idList, textFormat: "plainText" })) as {
          items?: CommentItem[];
        };
        const asked = new Set(unique);
        return (Array.isArray(body.items) ? body.items : [])
          .map(toYouTubeComment)
          .filter((c): c is YouTubeComment => c !== null && asked.has(c.id));
      });
    },

    /**
     * commentThreads.list by id (1 unit a call): up to 50 top-level comment ids (a thread's id is its
     * comment's), with their like and reply counts; an id it leaves out is gone. Not cached (the
     * refresh job's: it asks for today's numbers).
     */
    async getThreadsById(ids: readonly string[]): Promise<FetchedComment[]> {
      const unique = [...new Set(ids)];
      if (unique.length === 0) return [];
      if (unique.length > MAX_COMMENT_IDS || !unique.every((id) => isCommentId(id) && !id.includes("."))) throw new YouTubeError("badRequest");
      const body = (await callApi("commentThreads", { part: "snippet", id: unique.join(","), textFormat: "plainText" })) as { items?: ThreadItem[] };
      const asked = new Set(unique);
      return (Array.isArray(body.items) ? body.items : []).map(toComment).filter((c): c is FetchedComment => c !== null && asked.has(c.id));
    },

    /**
     * videos.list for up to 50 ids (1 unit a call): the videos YouTube has, by id; an id it leaves
     * out is gone (deleted or private). Not cached: the refresh job asks for today's numbers.
     */
    async getVideosById(ids: readonly string[]): Promise<Map<string, VideoDetails>> {
      const unique = [...new Set(ids)];
      if (unique.length === 0) return new Map();
      if (unique.length > MAX_VIDEO_IDS || !unique.every((id) => VIDEO_ID_PATTERN.test(id))) throw new YouTubeError("badRequest");
      const body = (await callApi("videos", { part: "snippet,statistics", id: unique.join(",") })) as { items?: VideoItem[] };
      const asked = new Set(unique);
      const found = new Map<string, VideoDetails>();
      for (const item of Array.isArray(body.items) ? body.items : []) {
        const id = str(item?.id);
        if (id && asked.has(id)) found.set(id, toVideoDetails(id, item));
      }
      return found;
    },

    getOEmbed,

    /** Without a key: oEmbed first, then docs/product.md §5's fallback texts (video id 'unknown' if none). */
    async getKeylessDetails(videoId: string | null): Promise<VideoDetails> {
      return (videoId ? await getOEmbed(videoId) : null) ?? fallbackVideoDetails(videoId);
    },
  };
}

let instance: YouTubeClient | undefined;

/** The process-wide client, configured from the environment. */
export function youtube(): YouTubeClient {
  if (!instance) {
    const env = getEnv();
    instance = createYouTubeClient({
      apiKey: env.YOUTUBE_API_KEY,
      baseUrl: env.YOUTUBE_API_BASE_URL,
      oembedUrl: env.YOUTUBE_OEMBED_URL,
    });
  }
  return instance;
}
