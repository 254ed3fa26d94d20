import { categoryFromSlug, categorySlug } from "~/lib/category-list.ts";
import { notFound } from "~/lib/problem.ts";
import { listFeedEntries } from "~/models/syndication.server.ts";
import { postsFeed, xmlResponse, xmlRoute } from "~/http/answers/atom-answer.server.ts";
import { resource } from "~/http/contract.server.ts";

// /category/{name}/feed.xml: a category's newest posts.
export const loader = resource({ who: "anyone", sessionless: true }, ({ request, params }) =>
  xmlRoute(() => {
    const category = categoryFromSlug(params.name ?? "");
    if (!category) throw notFound(`There is no category called '${params.name}'.`);
    const page = `/category/${categorySlug(category)}`;
    const posts = listFeedEntries({ source: { kind: "category", category } });
    return xmlResponse(request, postsFeed(request, { title: `${category} Comments`, page, self: `${page}/feed.xml`, posts }));
  }),
);
