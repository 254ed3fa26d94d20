import { notFound, NOT_FOUND } from "~/lib/problem.ts";
import { parseId } from "~/rules/schemas/id-field.ts";
import { XML_TYPE, xmlResponse, xmlRoute } from "~/http/answers/atom-answer.server.ts";
import { resource } from "~/http/contract.server.ts";
import { siteOrigin } from "~/http/origin.server.ts";
import { sitemapFileXml, sitemapProfilesXml, sitemapXml } from "~/http/answers/sitemap-answer.server.ts";

// /sitemap.xml (a urlset, or an index past SITEMAP_SPLIT URLs), /sitemap/{n}.xml (pages and posts) and
// /sitemap/profiles-{n}.xml (the profiles of members with posts).
export const loader = resource({ who: "anyone", sessionless: true }, ({ request, params }) =>
  xmlRoute(() => {
    const origin = siteOrigin(request);
    if (!("file" in params) || params.file === undefined) return xmlResponse(request, sitemapXml(origin), { type: XML_TYPE });
    const [, profiles, number] = /^(profiles-)?(\d+)\.xml$/.exec(params.file) ?? [];
    const n = parseId(number);
    if (n === null) throw notFound(NOT_FOUND.sitemap);
    return xmlResponse(request, profiles ? sitemapProfilesXml(origin, n) : sitemapFileXml(origin, n), { type: XML_TYPE });
  }),
);
