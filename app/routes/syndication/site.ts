import { listFeedEntries } from "~/models/syndication.server.ts";
import { postsFeed, xmlResponse, xmlRoute } from "~/http/answers/atom-answer.server.ts";
import { resource } from "~/http/contract.server.ts";

// /feed.xml (the newest posts) and /hot.xml (the hot page), as Atom.
export const loader = resource({ who: "anyone", sessionless: true }, ({ request }) =>
  xmlRoute(() => {
    const hot = new URL(request.url).pathname === "/hot.xml";
    const posts = listFeedEntries({ source: { kind: hot ? "hot" : "new" } });
    const xml = hot
      ? postsFeed(request, { title: "Hot", subtitle: "The hottest comments right now", page: "/", self: "/hot.xml", posts })
      : postsFeed(request, { title: "New posts", subtitle: "The newest comments shared", page: "/?sort=new", self: "/feed.xml", posts });
    return xmlResponse(request, xml);
  }),
);
