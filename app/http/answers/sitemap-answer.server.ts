// The sitemap: home, the category pages, then every post newest first, cut into files of
// SITEMAP_SPLIT URLs; then the profiles of the members with at least one post (newest activity
// first, lastmod their newest post), in files of their own cut the same way. While everything fits in
// one file, /sitemap.xml is that file (the profiles last); past it, /sitemap.xml is an index of
// /sitemap/{n}.xml (pages and posts) and /sitemap/profiles-{n}.xml.
import { sitemapIndexXml, urlsetXml, type SitemapUrl } from "~/http/answers/xml.server.ts";
import { CATEGORIES, categorySlug } from "~/lib/category-list.ts";
import { notFound, NOT_FOUND } from "~/lib/problem.ts";
import { countPosts, countSitemapProfiles, latestPostDate, listSitemapPosts, listSitemapProfiles } from "~/models/syndication.server.ts";
import { getEnv, memoEnabled } from "../../integrations/env.server.ts";

const PAGES = ["/", "/categories", ...CATEGORIES.map((c) => `/category/${categorySlug(c)}`)];

/** Which files there are: one holding everything, or the pages' and posts' files and the profiles'. */
type Layout = { single: boolean; files: number; profileFiles: number };

function layout(size: number): Layout {
  const main = PAGES.length + countPosts();
  const profiles = countSitemapProfiles();
  if (main + profiles <= size) return { single: true, files: 1, profileFiles: 0 };
  return { single: false, files: Math.ceil(main / size), profileFiles: Math.ceil(profiles / size) };
}

const profileUrl = (origin: string) => (p: { id: number; lastmod: Date }) => ({ loc: `${origin}/profile/${p.id}`, lastmod: p.lastmod });

/** The URLs of sitemap file `n` (1-based); Problem not_found past the last file. */
function sitemapUrls(origin: string, n: number, size: number, files: Layout): SitemapUrl[] {
  if (n < 1 || n > files.files) throw notFound(NOT_FOUND.sitemap);
  const start = (n - 1) * size;
  const pages = PAGES.slice(start, start + size).map((p) => ({ loc: `${origin}${p}` }));
  const offset = Math.max(0, start - PAGES.length);
  const posts = listSitemapPosts({ offset, limit: size - pages.length });
  const urls: SitemapUrl[] = [...pages, ...posts.map((p) => ({ loc: `${origin}/post/${p.id}`, lastmod: p.createdAt }))];
  if (files.single) urls.push(...listSitemapProfiles({ offset: 0, limit: size - urls.length }).map(profileUrl(origin)));
  return urls;
}

/** The URLs of profiles file `n` (1-based); Problem not_found past the last one (or while there is one file). */
function profileUrls(origin: string, n: number, size: number, files: Layout): SitemapUrl[] {
  if (n < 1 || n > files.profileFiles) throw notFound(NOT_FOUND.sitemap);
  return listSitemapProfiles({ offset: (n - 1) * size, limit: size }).map(profileUrl(origin));
}

/**
 * A file of 50,000 URLs costs a few hundred milliseconds to build, so each is kept until the set of
 * posts changes (their number or the newest one) or for ten minutes, whichever comes first
 * (not at all with MEMO=off). The profiles follow the posts (a member enters with a first post and
 * leaves with their last); a deleted account's leaving may take those ten minutes.
 */
const built = new Map<string, { at: number; xml: string }>();
const KEEP_MS = 10 * 60 * 1000;

function memo(key: string, make: () => string): string {
  if (!memoEnabled()) return make();
  const version = `${key}|${countPosts()}|${latestPostDate()?.getTime() ?? 0}`;
  const hit = built.get(version);
  if (hit && Date.now() - hit.at < KEEP_MS) return hit.xml;
  if (built.size >= 20) built.clear();
  const xml = make();
  built.set(version, { at: Date.now(), xml });
  return xml;
}

/** /sitemap.xml: every URL, or an index of the files when there are more than one file's worth. */
export function sitemapXml(origin: string): string {
  return memo(`${origin}|index`, () => buildSitemapXml(origin));
}

function buildSitemapXml(origin: string): string {
  const size = getEnv().SITEMAP_SPLIT;
  const files = layout(size);
  if (files.single) return urlsetXml(sitemapUrls(origin, 1, size, files));
  const lastmod = latestPostDate() ?? undefined;
  return sitemapIndexXml([
    ...Array.from({ length: files.files }, (_, i) => ({ loc: `${origin}/sitemap/${i + 1}.xml`, lastmod })),
    ...Array.from({ length: files.profileFiles }, (_, i) => ({ loc: `${origin}/sitemap/profiles-${i + 1}.xml`, lastmod })),
  ]);
}

/** /sitemap/{n}.xml: one file of the index. */
export function sitemapFileXml(origin: string, n: number): string {
  return memo(`${origin}|${n}`, () => {
    const size = getEnv().SITEMAP_SPLIT;
    return urlsetXml(sitemapUrls(origin, n, size, layout(size)));
  });
}

/** /sitemap/profiles-{n}.xml: one file of the profiles. */
export function sitemapProfilesXml(origin: string, n: number): string {
  return memo(`${origin}|profiles-${n}`, () => {
    const size = getEnv().SITEMAP_SPLIT;
    return urlsetXml(profileUrls(origin, n, size, layout(size)));
  });
}
