// A small breadth-first crawler for the tests: from a few start pages, as one caller, it follows every
// same-origin <a href> and submits every GET form with its default values (what a browser sends when
// the form is submitted untouched), and notes every answer. HTML is parsed with cheerio (a real HTML
// parser), so an attribute is read as a browser reads it (entities decoded, relative URLs resolved).
import * as cheerio from "cheerio";

export type Visit = { url: string; status: number; from: string; type: string; location: string | null };

export type CrawlOptions = {
  origin: string;
  cookie: string;
  starts: string[];
  /** At most this many URLs fetched. */
  limit: number;
  /** At most this many URLs of one shape (a path with its ids made "N", and its query's names). */
  perShape: number;
  /** Stop taking new URLs after this many ms. */
  budgetMs: number;
  /** Requests in flight at once. */
  width: number;
  /** Only pages under this path are read for more links; the URLs they lead elsewhere are still fetched. */
  within?: string;
};

/** "/post/12?sort=new&page=2" → "/post/N?page&sort": URLs that differ only in ids and values. */
function shapeOf(url: URL): string {
  const names = [...new Set(url.searchParams.keys())].sort().join("&");
  return `${url.pathname.replace(/\/\d+(?=\/|$)/g, "/N")}?${names}`;
}

/** The URLs a page leads to by a link or by submitting a GET form as it is. */
export function linksOf(html: string, base: string): string[] {
  const $ = cheerio.load(html);
  const out: string[] = [];
  $("a[href]").each((_, a) => void out.push(new URL($(a).attr("href")!, base).href));
  $("form").each((_, form) => {
    const method = ($(form).attr("method") ?? "get").toLowerCase();
    if (method !== "get") return;
    const action = new URL($(form).attr("action") ?? base, base);
    const query = new URLSearchParams();
    $(form)
      .find("input[name], select[name], textarea[name]")
      .each((_, field) => {
        const $f = $(field);
        if ($f.is("[disabled]")) return;
        const name = $f.attr("name")!;
        if (field.tagName === "select") {
          const chosen = $f.find("option[selected]").first();
          const option = chosen.length ? chosen : $f.find("option").first();
          if (option.length) query.append(name, option.attr("value") ?? option.text());
        } else if (field.tagName === "textarea") {
          query.append(name, $f.text());
        } else {
          const type = ($f.attr("type") ?? "text").toLowerCase();
          if (["submit", "button", "image", "reset", "file"].includes(type)) return;
          if ((type === "checkbox" || type === "radio") && !$f.is("[checked]")) return;
          query.append(name, $f.attr("value") ?? (type === "checkbox" || type === "radio" ? "on" : ""));
        }
      });
    action.search = query.toString();
    out.push(action.href);
  });
  return out;
}

/** Crawls breadth-first within the bounds; returns every visit (redirects included, each one a visit). */
export async function crawl(options: CrawlOptions): Promise<{ visits: Visit[]; pages: Map<string, string>; stoppedBy: string | null }> {
  const { origin, cookie, limit, perShape, budgetMs, width } = options;
  const deadline = Date.now() + budgetMs;
  const seen = new Set<string>();
  const shapes = new Map<string, number>();
  const queue: { url: string; from: string }[] = [];
  const visits: Visit[] = [];
  const pages = new Map<string, string>();
  let stoppedBy: string | null = null;

  const offer = (href: string, from: string) => {
    const url = new URL(href);
    if (url.origin !== origin) return;
    url.hash = "";
    const key = url.pathname + url.search;
    if (seen.has(key)) return;
    const shape = shapeOf(url);
    if ((shapes.get(shape) ?? 0) >= perShape) return;
    if (seen.size >= limit) return void (stoppedBy ??= `the limit of ${limit} URLs`);
    seen.add(key);
    shapes.set(shape, (shapes.get(shape) ?? 0) + 1);
    queue.push({ url: key, from });
  };
  for (const start of options.starts) offer(new URL(start, origin).href, "(start)");

  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      if (Date.now() > deadline) {
        stoppedBy ??= `the time budget of ${budgetMs} ms`;
        queue.length = 0;
        return;
      }
      const res = await fetch(`${origin}${next.url}`, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
      const type = res.headers.get("Content-Type") ?? "";
      const location = res.headers.get("Location");
      visits.push({ url: next.url, status: res.status, from: next.from, type, location });
      if (res.status >= 300 && res.status < 400 && location) offer(new URL(location, `${origin}${next.url}`).href, next.url);
      const readOn = !options.within || next.url.startsWith(options.within);
      if (res.status === 200 && type.startsWith("text/html") && readOn) {
        const html = await res.text();
        pages.set(next.url, html);
        for (const href of linksOf(html, `${origin}${next.url}`)) offer(href, next.url);
      } else {
        await res.body?.cancel();
      }
    }
  };
  // Workers stop when the queue is empty; a page still in flight may add more, so go round until none.
  while (queue.length) await Promise.all(Array.from({ length: width }, worker));
  return { visits, pages, stoppedBy };
}
