// Atom 1.0 (RFC 4287) and sitemap XML, built as text with every value escaped. No markup from the
// database ever reaches the output unescaped: entry HTML is itself escaped into a type="html" element.

const NEEDS_ESCAPE = /[&<>"'\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;

/** Text as XML character data or an attribute value; characters XML 1.0 forbids are dropped. */
export function escapeXml(value: string): string {
  // Most values (URLs, dates, plain titles) need nothing: one test instead of six replacements.
  if (!NEEDS_ESCAPE.test(value)) return value;
  return value
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** Text as HTML (for an entry's type="html" content, which is escaped once more as XML). @alias */
export const escapeHtml = escapeXml;

type AtomPerson = { name: string; uri?: string };

export type AtomEntry = {
  id: string;
  title: string;
  link: string;
  updated: Date;
  published?: Date;
  author: AtomPerson;
  /** An HTML fragment (already safe HTML); escaped into <content type="html">. */
  contentHtml: string;
  summary?: string;
  category?: { term: string; label?: string; scheme?: string };
};

export type AtomFeed = {
  id: string;
  title: string;
  subtitle?: string;
  /** The feed's own URL (rel="self"). */
  self: string;
  /** The page the feed mirrors (rel="alternate"). */
  alternate: string;
  generator?: string;
  icon?: string;
  entries: AtomEntry[];
};

const EPOCH = new Date(0);

/** The feed's <updated>: its newest entry's, or the epoch for an empty feed (RFC 4287 requires one). */
export function feedUpdated(entries: Pick<AtomEntry, "updated">[]): Date {
  return entries.reduce((latest, e) => (e.updated > latest ? e.updated : latest), EPOCH);
}

function person(tag: string, p: AtomPerson): string {
  const uri = p.uri ? `<uri>${escapeXml(p.uri)}</uri>` : "";
  return `<${tag}><name>${escapeXml(p.name)}</name>${uri}</${tag}>`;
}

function entryXml(e: AtomEntry): string {
  const parts = [
    `<id>${escapeXml(e.id)}</id>`,
    `<title type="text">${escapeXml(e.title)}</title>`,
    `<link rel="alternate" type="text/html" href="${escapeXml(e.link)}"/>`,
    `<updated>${e.updated.toISOString()}</updated>`,
    e.published ? `<published>${e.published.toISOString()}</published>` : "",
    person("author", e.author),
    e.category
      ? `<category term="${escapeXml(e.category.term)}"${e.category.scheme ? ` scheme="${escapeXml(e.category.scheme)}"` : ""}${e.category.label ? ` label="${escapeXml(e.category.label)}"` : ""}/>`
      : "",
    e.summary ? `<summary type="text">${escapeXml(e.summary)}</summary>` : "",
    `<content type="html">${escapeXml(e.contentHtml)}</content>`,
  ];
  return `<entry>${parts.join("")}</entry>`;
}

/** A complete Atom document. */
export function atomXml(feed: AtomFeed): string {
  const head = [
    `<id>${escapeXml(feed.id)}</id>`,
    `<title type="text">${escapeXml(feed.title)}</title>`,
    feed.subtitle ? `<subtitle type="text">${escapeXml(feed.subtitle)}</subtitle>` : "",
    `<link rel="self" type="application/atom+xml" href="${escapeXml(feed.self)}"/>`,
    `<link rel="alternate" type="text/html" href="${escapeXml(feed.alternate)}"/>`,
    `<updated>${feedUpdated(feed.entries).toISOString()}</updated>`,
    feed.generator ? `<generator>${escapeXml(feed.generator)}</generator>` : "",
    feed.icon ? `<icon>${escapeXml(feed.icon)}</icon>` : "",
  ];
  return `<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom">${head.join("")}\n${feed.entries
    .map(entryXml)
    .join("\n")}\n</feed>\n`;
}

const SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";

export type SitemapUrl = { loc: string; lastmod?: Date };

/** A sitemap <urlset>. */
export function urlsetXml(urls: SitemapUrl[]): string {
  const body = urls
    .map((u) => `<url><loc>${escapeXml(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod.toISOString()}</lastmod>` : ""}</url>`)
    .join("\n");
  return `<?xml version="1.0" encoding="utf-8"?>\n<urlset xmlns="${SITEMAP_NS}">\n${body}\n</urlset>\n`;
}

/** A sitemap index pointing at the sitemap files. */
export function sitemapIndexXml(files: SitemapUrl[]): string {
  const body = files
    .map((f) => `<sitemap><loc>${escapeXml(f.loc)}</loc>${f.lastmod ? `<lastmod>${f.lastmod.toISOString()}</lastmod>` : ""}</sitemap>`)
    .join("\n");
  return `<?xml version="1.0" encoding="utf-8"?>\n<sitemapindex xmlns="${SITEMAP_NS}">\n${body}\n</sitemapindex>\n`;
}
