import { notFound } from "~/lib/problem.ts";
import { findFeedTokenOwner } from "~/models/syndication-token.server.ts";
import { getFeedMember, listFeedEntries } from "~/models/syndication.server.ts";
import { postsFeed, xmlResponse, xmlRoute } from "~/http/answers/atom-answer.server.ts";
import { resource } from "~/http/contract.server.ts";

// /feeds/following/{token}.xml: a member's private feed of the people they follow. The token is the
// only key (feed readers send no cookie); a revoked or made-up one is 404.
export const loader = resource({ who: "anyone", sessionless: true }, ({ request, params }) =>
  xmlRoute(() => {
    const token = /^(.+)\.xml$/.exec(params.file ?? "")?.[1];
    const userId = token ? findFeedTokenOwner({ token }) : null;
    if (userId === null) throw notFound("Feed not found");
    const member = getFeedMember({ userId });
    const posts = listFeedEntries({ source: { kind: "following", userId } });
    const xml = postsFeed(request, {
      title: `Following — ${member.displayName}`,
      subtitle: "New posts by the people you follow",
      page: `/profile/${member.id}`,
      self: `/feeds/following/${params.file}`,
      posts,
    });
    return xmlResponse(request, xml, { isPrivate: true });
  }),
);
