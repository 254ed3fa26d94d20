// Turns feed rows into Atom documents with absolute URLs, and answers them with conditional GET:
// an ETag of the body and a Last-Modified that moves whenever the body does (a deleted post too).
import crypto from "node:crypto";
import { atomXml, escapeHtml, type AtomEntry } from "~/http/answers/xml.server.ts";
import { isProblem } from "~/lib/problem.ts";
import { SHARED_CACHE_CONTROL } from "~/rules/cache-rules.ts";
import { youtubeWatchUrl } from "~/lib/browse.ts";
import { categoryFromSlug, categorySlug } from "~/lib/category-list.ts";
import { ENTERED_BY_HAND, FROM_YOUTUBE, NO_LONGER_ON_YOUTUBE, youtubeLikes } from "~/lib/comment-source.ts";
import { formatDate } from "~/lib/format.ts";
import { thumbnailPath } from "~/lib/thumbnail-sizes.ts";
import type { FeedAuthor, FeedComment, FeedPost } from "~/models/syndication.server.ts";
import type { PublicEntry } from "~/models/moderation/public-log.server.ts";
import { actorText, moderationLogHref } from "~/rules/moderation-log-rules.ts";
import { plural } from "~/lib/format.ts";
import { getEnv } from "../../integrations/env.server.ts";
import { siteOrigin } from "../origin.server.ts";

const ATOM_TYPE = "application/atom+xml; charset=utf-8";
export const XML_TYPE = "application/xml; charset=utf-8";

function person(origin: string, a: FeedAuthor) {
  return { name: a.displayName, uri: a.id !== null ? `${origin}/profile/${a.id}` : undefined };
}

/** Where the quote comes from, as the card says it: a link to YouTube's comment with its likes and date, or a label. */
function sourceHtml(p: FeedPost): string {
  const yt = p.youtubeComment;
  if (!yt) return escapeHtml(p.commentGone ? NO_LONGER_ON_YOUTUBE : ENTERED_BY_HAND);
  const facts = [yt.likeCount !== null ? youtubeLikes(yt.likeCount) : null, yt.publishedAt ? formatDate(yt.publishedAt) : null].filter(Boolean);
  return [`<a href="${escapeHtml(yt.url)}">${FROM_YOUTUBE}</a>`, ...facts.map((f) => escapeHtml(f!))].join(" · ");
}

function postHtml(origin: string, p: FeedPost): string {
  const watch = escapeHtml(youtubeWatchUrl(p.videoId, p.videoStart));
  const thumb = escapeHtml(`${origin}${thumbnailPath(p.videoId)}`);
  const category = categoryFromSlug(p.category)
    ? `<a href="${escapeHtml(`${origin}/category/${categorySlug(p.category)}`)}">${escapeHtml(p.category)}</a>`
    : escapeHtml(p.category);
  return [
    `<blockquote><p>“${escapeHtml(p.comment)}”</p><p>— ${escapeHtml(p.commentAuthor)}, ${sourceHtml(p)}</p></blockquote>`,
    `<p><a href="${watch}"><img src="${thumb}" width="320" height="180" alt=""></a></p>`,
    `<p>Video: <a href="${watch}">${escapeHtml(p.videoTitle)}</a> (${escapeHtml(p.videoChannel)})</p>`,
    `<p>Category: ${category}</p>`,
  ].join("");
}

/** One post as an Atom entry. */
function postEntry(origin: string, p: FeedPost): AtomEntry {
  const link = `${origin}/post/${p.id}`;
  return {
    id: link,
    title: p.title,
    link,
    updated: p.updatedAt,
    published: p.createdAt,
    author: person(origin, p.author),
    summary: `“${p.comment}” — ${p.commentAuthor}`,
    contentHtml: postHtml(origin, p),
    category: { term: p.category, label: p.category, scheme: `${origin}/category/` },
  };
}

/** One comment as an Atom entry of its post's comments feed. */
export function commentEntry(origin: string, post: { id: number; title: string }, c: FeedComment): AtomEntry {
  const link = `${origin}/post/${post.id}#comment-${c.id}`;
  return {
    id: `${origin}/post/${post.id}/comments/${c.id}`,
    title: `${c.parentId === null ? "Comment" : "Reply"} by ${c.author.displayName} on “${post.title}”`,
    link,
    updated: c.updatedAt,
    published: c.createdAt,
    author: person(origin, c.author),
    contentHtml: `<p>${escapeHtml(c.content).replace(/\n/g, "<br>")}</p>`,
  };
}

/** A feed of posts: its title, the page it mirrors and its own path. */
export function postsFeed(
  request: Request,
  { title, subtitle, page, self, posts }: { title: string; subtitle?: string; page: string; self: string; posts: FeedPost[] },
): string {
  const origin = siteOrigin(request);
  return atomXml({
    id: `${origin}${self}`,
    title: `${title} | ${getEnv().SITE_NAME}`,
    subtitle,
    self: `${origin}${self}`,
    alternate: `${origin}${page}`,
    generator: getEnv().SITE_NAME,
    icon: `${origin}/favicon.svg`,
    entries: posts.map((p) => postEntry(origin, p)),
  });
}

/** The public moderation log as a feed: one entry per action, its reason the content. */
export function moderationFeed(request: Request, { title, page, self, entries }: { title: string; page: string; self: string; entries: PublicEntry[] }): string {
  const origin = siteOrigin(request);
  return atomXml({
    id: `${origin}${self}`,
    title: `${title} | ${getEnv().SITE_NAME}`,
    subtitle: "Every moderation action, newest first",
    self: `${origin}${self}`,
    alternate: `${origin}${page}`,
    generator: getEnv().SITE_NAME,
    icon: `${origin}/favicon.svg`,
    entries: entries.map((e) => {
      const by = actorText(e.actor);
      const lines = [
        `<p>${escapeHtml(e.text)}: ${e.href ? `<a href="${escapeHtml(`${origin}${e.href}`)}">${escapeHtml(e.title)}</a>` : escapeHtml(e.title)}</p>`,
        e.reason ? `<p>Reason: ${escapeHtml(e.reason)}</p>` : "",
        e.reports ? `<p>${plural(e.reports, "report")}</p>` : "",
        e.category ? `<p>Category: ${escapeHtml(e.category)}</p>` : "",
        `<p>By ${escapeHtml(by)}</p>`,
      ];
      const at = new Date(e.at);
      return {
        id: `${origin}/moderation#entry-${e.id}`,
        title: `${e.text}: ${e.title}`,
        link: `${origin}${moderationLogHref("/moderation", { before: e.id + 1 })}#entry-${e.id}`,
        updated: at,
        published: at,
        author: { name: by },
        summary: e.reason ?? undefined,
        contentHtml: lines.join(""),
        ...(e.category ? { category: { term: e.category, label: e.category } } : {}),
      };
    }),
  });
}

// ---- Conditional GET ----

type Version = { etag: string; lastModified: number };
/** The body version last served per URL, so Last-Modified moves with any change, deletions included. */
const versions = new Map<string, Version>();
const MAX_VERSIONS = 5000;

function versionOf(key: string, body: string): Version {
  const etag = `W/"${crypto.createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  const known = versions.get(key);
  if (known?.etag === etag) return known;
  // HTTP dates have whole seconds: a new version is always at least a second after the last one.
  const now = Math.floor(Date.now() / 1000) * 1000;
  const version = { etag, lastModified: Math.max(now, (known?.lastModified ?? 0) + 1000) };
  versions.delete(key);
  versions.set(key, version);
  if (versions.size > MAX_VERSIONS) versions.delete(versions.keys().next().value!);
  return version;
}

function notModified(request: Request, version: Version): boolean {
  const inm = request.headers.get("If-None-Match");
  if (inm !== null) {
    // Weak comparison (RFC 9110 §13.1.2): W/ prefixes do not matter.
    const strip = (t: string) => t.trim().replace(/^W\//, "");
    return inm.trim() === "*" || inm.split(",").some((t) => strip(t) === strip(version.etag));
  }
  const ims = Date.parse(request.headers.get("If-Modified-Since") ?? "");
  return !Number.isNaN(ims) && version.lastModified <= ims;
}

/**
 * An XML answer with ETag / Last-Modified, or 304 when the reader already has this body.
 * A public feed or sitemap may be kept by a shared cache exactly as a visitor's page is (SHARED_CACHE_CONTROL:
 * gone within the same lag, decision 0135); a reader asks again each time, by its ETag. A private one
 * only by the reader, asked again each time too.
 */
export function xmlResponse(
  request: Request,
  body: string,
  { type = ATOM_TYPE, isPrivate = false }: { type?: string; isPrivate?: boolean } = {},
): Response {
  const url = new URL(request.url);
  const version = versionOf(url.pathname + url.search, body);
  const headers = new Headers({
    "Content-Type": type,
    "Cache-Control": isPrivate ? "private, max-age=0" : SHARED_CACHE_CONTROL,
    ETag: version.etag,
    "Last-Modified": new Date(version.lastModified).toUTCString(),
  });
  if (isPrivate) headers.set("X-Robots-Tag", "noindex");
  if (notModified(request, version)) return new Response(null, { status: 304, headers });
  return new Response(body, { status: 200, headers });
}

/** A feed or sitemap loader: a Problem (unknown post, member, token) is its status as plain text. */
export async function xmlRoute(run: () => Response | Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (!isProblem(error)) throw error;
    return new Response(`${error.message}\n`, {
      status: error.status,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
}
