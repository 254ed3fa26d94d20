// The live-site measures of `npm run bench` (bench/README.md, "The realistic mix"): many distinct
// URLs over the large dataset, a share of them signed in as many different members, with writes
// beside the reads; and each page kind as first asked, with every memo off (MEMO=off).
// The mix's shape and why: bench/README.md.
import autocannon, { type RawRequest } from "autocannon";
import Database from "better-sqlite3";
import { BROWSER_ACCEPT_ENCODING, log, treeCpuMs, type Server } from "./serve.ts";

/** A small, seeded generator: the same run asks the same URLs in the same order. */
export function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Zipf-like popularity over `n` items ranked 0..n-1 (s = 1): a few are asked often, most rarely.
 * Inverse of the continuous CDF ln(1 + x) / ln(1 + n), good enough for a load shape.
 */
export function zipf(rand: () => number, n: number): number {
  return Math.min(n - 1, Math.floor(Math.expm1(rand() * Math.log1p(n))));
}

export type Site = {
  /** Post ids by hot rank (most popular first). */
  posts: number[];
  /** Member ids by activity (most active first). */
  members: number[];
  categories: string[];
  searchWords: string[];
};

/** What the mix asks for, read once from the dataset. */
export function readSite(file: string): Site {
  const db = new Database(file, { readonly: true });
  try {
    const posts = db.prepare("SELECT id FROM posts ORDER BY hot DESC").pluck().all() as number[];
    const members = db
      .prepare("SELECT id FROM users ORDER BY (SELECT COUNT(*) FROM posts p WHERE p.user_id = users.id) DESC, id")
      .pluck()
      .all() as number[];
    const categories = (db.prepare("SELECT DISTINCT category FROM posts").pluck().all() as string[]).map((c) => c.toLowerCase());
    // Words that occur in titles: the search box is fed what people read.
    const titles = db.prepare("SELECT title FROM posts ORDER BY id LIMIT 2000").pluck().all() as string[];
    const words = [...new Set(titles.flatMap((t) => t.toLowerCase().split(/[^a-z]+/)).filter((w) => w.length >= 4))];
    return { posts, members, categories, searchWords: words.slice(0, 300) };
  } finally {
    db.close();
  }
}

/** The kinds of page the mix and the uncached rows ask for, each a URL maker. */
export function pageKinds(site: Site, rand: () => number) {
  const pick = <T,>(list: T[]) => list[Math.floor(rand() * list.length)];
  const homeVariants = ["/", "/?sort=new", "/?sort=top&t=week", "/?sort=top&t=month", "/?sort=top&t=all", "/?page=2", "/?sort=new&page=2"];
  return {
    // Long tail: any post, most rarely asked (a Zipf rank over every post).
    post: () => `/post/${site.posts[zipf(rand, site.posts.length)]}`,
    profile: () => `/profile/${site.members[zipf(rand, site.members.length)]}`,
    home: () => pick(homeVariants),
    category: () => `/category/${pick(site.categories)}${rand() < 0.3 ? "?sort=new" : ""}`,
    search: () => `/search?q=${encodeURIComponent(pick(site.searchWords))}`,
    api: () => `/api/posts?page=${1 + Math.floor(rand() * 5)}`,
  };
}

export type Kind = keyof ReturnType<typeof pageKinds>;

/**
 * The read mix (bench/README.md says where the shares come from): item pages reached from outside
 * dominate, then the front page and its variants, then browsing.
 */
export const MIX: [Kind, number][] = [
  ["post", 0.45],
  ["home", 0.2],
  ["category", 0.1],
  ["profile", 0.1],
  ["search", 0.07],
  ["api", 0.08],
];
/** The share of reads sent by a signed-in member. */
export const SIGNED_IN_SHARE = 0.3;

export type MixRun = {
  name: string;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  cpuMs: number;
  errors: number;
  writes: number;
};

const HEADERS = { "accept-encoding": BROWSER_ACCEPT_ENCODING, accept: "text/html,application/json" };

type Vary = (n: number) => { path: string; cookie?: string; method?: string; body?: string; headers?: Record<string, string> };

function varied(vary: Vary) {
  let n = 0;
  return [
    {
      setupRequest: (raw: RawRequest) => {
        const r = vary(n++);
        const headers: Record<string, string> = { ...raw.headers, ...(r.headers ?? {}) };
        if (r.cookie) headers.cookie = r.cookie;
        else delete headers.cookie;
        return { ...raw, path: r.path, method: r.method ?? "GET", ...(r.body ? { body: r.body } : {}), headers };
      },
    },
  ];
}

/** The read mix as a URL maker, `cookies` the signed-in members (one picked per signed-in request). */
export function readMix(site: Site, cookies: string[], seed: number): Vary {
  const rand = random(seed);
  const kinds = pageKinds(site, rand);
  return () => {
    let r = rand();
    let kind: Kind = MIX[0][0];
    for (const [k, share] of MIX) {
      if (r < share) {
        kind = k;
        break;
      }
      r -= share;
    }
    const cookie = rand() < SIGNED_IN_SHARE ? cookies[Math.floor(rand() * cookies.length)] : undefined;
    return { path: kinds[kind](), cookie };
  };
}

/**
 * Writes as members make them: votes (two in three) and comments on posts picked by popularity,
 * each by a random member, as the no-JS forms send them (303).
 */
export function writeMix(site: Site, cookies: string[], origin: string, seed: number): Vary {
  const rand = random(seed);
  return (n) => {
    const post = site.posts[zipf(rand, site.posts.length)];
    const cookie = cookies[Math.floor(rand() * cookies.length)];
    const headers = {
      "content-type": "application/x-www-form-urlencoded",
      origin,
      referer: `${origin}/post/${post}`,
      "sec-fetch-site": "same-origin",
    };
    if (rand() < 2 / 3) {
      return { path: `/post/${post}/vote`, method: "POST", body: `direction=${rand() < 0.8 ? "up" : "down"}`, cookie, headers };
    }
    return { path: `/post/${post}/comments`, method: "POST", body: `content=${encodeURIComponent(`bench comment ${n}: ha, ha.`)}`, cookie, headers };
  };
}

/**
 * Reads at full speed (10 connections) for `seconds`, with `writesPerSecond` writes beside them on
 * a paced connection; CPU per request counts every request, reads and writes.
 */
export async function runMix(
  name: string,
  server: Server,
  reads: Vary,
  writes: Vary | null,
  writesPerSecond: number,
  seconds: number,
): Promise<MixRun> {
  const url = server.url;
  const warm = autocannon({ url, headers: HEADERS, connections: 10, duration: 2, requests: varied(reads) });
  await warm;
  const before = treeCpuMs(server.child.pid!);
  const readRun = autocannon({ url, headers: HEADERS, connections: 10, duration: seconds, requests: varied(reads) });
  const writeRun =
    writes && writesPerSecond > 0
      ? // Enough connections that the pace holds while each write waits behind reads (~100 ms).
        autocannon({ url, headers: HEADERS, connections: Math.max(2, Math.ceil(writesPerSecond / 5)), duration: seconds, overallRate: writesPerSecond, requests: varied(writes) })
      : null;
  const [r, w] = await Promise.all([readRun, writeRun]);
  const requests = r.requests.total + (w?.requests.total ?? 0);
  const run: MixRun = {
    name,
    requests,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    cpuMs: (treeCpuMs(server.child.pid!) - before) / Math.max(1, requests),
    errors: r.errors + r.timeouts + (r.requests.total - r["2xx"]) + (w ? w.errors + w.timeouts + (w.requests.total - w["3xx"]) : 0),
    writes: w?.requests.total ?? 0,
  };
  log(
    `  ${name.padEnd(40)} ${run.rps.toFixed(0).padStart(6)} req/s  p50 ${run.p50} ms  p99 ${run.p99} ms  ${run.cpuMs.toFixed(2)} ms CPU/req  ${run.writes} writes${run.errors ? `  (${run.errors} errors!)` : ""}`,
  );
  return run;
}

/** One page kind, each request another URL of that kind (a visitor, or one of many members). */
export function kindRequests(site: Site, kind: Kind, cookies: string[] | null, seed: number): Vary {
  const rand = random(seed);
  const kinds = pageKinds(site, rand);
  // Uncached means as first asked: spread evenly over the items, not by popularity.
  const even: Partial<Record<Kind, () => string>> = {
    post: () => `/post/${site.posts[Math.floor(rand() * site.posts.length)]}`,
    profile: () => `/profile/${site.members[Math.floor(rand() * site.members.length)]}`,
  };
  const make = even[kind] ?? kinds[kind];
  return () => ({ path: make(), cookie: cookies ? cookies[Math.floor(rand() * cookies.length)] : undefined });
}

/** What a recorded visit (bench/visit.ts) asked for, by kind: how many of each, and the URLs of the kinds replayed as they were. */
export type VisitShape = { counts: Record<"document" | "data" | "asset" | "thumbnail" | "other", number>; assets: string[]; others: string[]; largeThumbnails: number };

/** A page's client-navigation URL (React Router's single fetch): /post/1 → /post/1.data, / → /_root.data. */
export function dataUrl(page: string): string {
  const [pathname, query] = page.split("?");
  const base = pathname === "/" ? "/_root" : pathname.replace(/\/+$/, "");
  return `${base}.data${query ? `?${query}` : ""}`;
}

/**
 * The read mix as a recorded visit makes it: documents and `.data` navigations in the visit's
 * proportion (each a page of the kinds and shares of MIX), beside them the assets, thumbnails (of
 * posts by popularity, the large size as often as recorded) and the other requests (favicon, route
 * manifest) as often as the visit asked for them, after the browser's own cache. A signed-in
 * member's share as in readMix; their GETs write as they do (the post's read mark, the session's
 * sliding expiry once an hour).
 */
export function visitMix(site: Site, cookies: string[], seed: number, shape: VisitShape, videos: string[]): Vary {
  const rand = random(seed);
  const pages = readMix(site, cookies, seed + 1);
  const kinds = Object.entries(shape.counts) as [keyof VisitShape["counts"], number][];
  const total = kinds.reduce((n, [, c]) => n + c, 0);
  const pick = <T,>(list: T[]) => list[Math.floor(rand() * list.length)];
  return (n) => {
    let r = rand() * total;
    let kind = kinds[0][0];
    for (const [k, c] of kinds) {
      if (r < c) {
        kind = k;
        break;
      }
      r -= c;
    }
    const page = pages(n);
    switch (kind) {
      case "document":
        return page;
      case "data":
        return page.path.startsWith("/api/") ? page : { ...page, path: dataUrl(page.path) };
      case "asset":
        return { path: pick(shape.assets), cookie: page.cookie };
      case "thumbnail": {
        const large = rand() * shape.counts.thumbnail < shape.largeThumbnails;
        return { path: `/thumbnails/${videos[zipf(rand, videos.length)]}.jpg${large ? "?size=large" : ""}`, cookie: page.cookie };
      }
      default:
        return { path: pick(shape.others), cookie: page.cookie };
    }
  };
}
