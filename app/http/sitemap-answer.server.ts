// The sitemap: home, the category pages, then every post newest first, cut into files of
// SITEMAP_SPLIT URLs. One file is /sitemap.xml itself; more make /sitemap.xml an index of
// /sitemap/{n}.xml.
import { sitemapIndexXml, urlsetXml, type SitemapUrl } from "~/lib/atom.ts";
import { CATEGORIES, categorySlug } from "~/lib/categories.ts";
import { notFound } from "~/lib/problem.ts";
import { countPosts, latestPostDate, listSitemapPosts } from "~/models/syndication.server.ts";
import { getEnv, memoEnabled } from "../integrations/env.server.ts";

const PAGES = ["/", "/categories", ...CATEGORIES.map((c) => `/category/${categorySlug(c)}`)];

function fileCount(size: number): number {
  return Math.max(1, Math.ceil((PAGES.length + countPosts()) / size));
}

/** The URLs of sitemap file `n` (1-based); Problem not_found past the last file. */
function sitemapUrls(origin: string, n: number, size: number): SitemapUrl[] {
  if (n < 1 || n > fileCount(size)) throw notFound("Sitemap not found");
  const start = (n - 1) * size;
  const pages = PAGES.slice(start, start + size).map((p) => ({ loc: `${origin}${p}` }));
  const offset = Math.max(0, start - PAGES.length);
  const posts = listSitemapPosts({ offset, limit: size - pages.length });
  return [...pages, ...posts.map((p) => ({ loc: `${origin}/post/${p.id}`, lastmod: p.createdAt }))];
}

/**
 * A file of 50,000 URLs costs a few hundred milliseconds to build, so each is kept until the set of
 * posts changes (their number or the newest one) or for ten minutes, whichever comes first
 * (not at all with MEMO=off).
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
  const files = fileCount(size);
  if (files === 1) return urlsetXml(sitemapUrls(origin, 1, size));
  const lastmod = latestPostDate() ?? undefined;
  return sitemapIndexXml(
    Array.from({ length: files }, (_, i) => ({ loc: `${origin}/sitemap/${i + 1}.xml`, lastmod })),
  );
}

/** /sitemap/{n}.xml: one file of the index. */
export function sitemapFileXml(origin: string, n: number): string {
  return memo(`${origin}|${n}`, () => urlsetXml(sitemapUrls(origin, n, getEnv().SITEMAP_SPLIT)));
}
