import { requireId } from "~/rules/schemas/id-field.ts";
import { getFeedMember, listFeedEntries } from "~/models/syndication.server.ts";
import { postsFeed, xmlResponse, xmlRoute } from "~/http/answers/atom-answer.server.ts";
import { resource } from "~/http/contract.server.ts";
import { NOT_FOUND } from "~/lib/problem.ts";

// /profile/{id}/feed.xml: a member's newest posts.
export const loader = resource({ who: "anyone", sessionless: true }, ({ request, params }) =>
  xmlRoute(() => {
    const member = getFeedMember({ userId: requireId(params.id, NOT_FOUND.user) });
    const page = `/profile/${member.id}`;
    const posts = listFeedEntries({ source: { kind: "user", userId: member.id } });
    const title = `Posts by ${member.displayName} (@${member.username})`;
    return xmlResponse(request, postsFeed(request, { title, page, self: `${page}/feed.xml`, posts }));
  }),
);
