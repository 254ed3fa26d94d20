import { ROBOTS_DISALLOW } from "~/lib/seo.ts";
import { resource } from "~/http/contract.server.ts";
import { siteOrigin } from "~/http/origin.server.ts";

// /robots.txt: crawlers skip the admin, the JSON API, the form actions and private feeds; the
// sitemap lists the rest. (Pages that must not be indexed but may be crawled carry noindex instead.)
export const loader = resource({ who: "anyone", sessionless: true }, ({ request }) => {
  const lines = ["User-agent: *", ...ROBOTS_DISALLOW.map((p) => `Disallow: ${p}`), "", `Sitemap: ${siteOrigin(request)}/sitemap.xml`];
  return new Response(`${lines.join("\n")}\n`, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
});
