import { atomXml } from "~/http/answers/xml.server.ts";
import { requireId } from "~/rules/schemas/id-field.ts";
import { listPostCommentEntries } from "~/models/syndication.server.ts";
import { getEnv } from "~/integrations/env.server.ts";
import { commentEntry, xmlResponse, xmlRoute } from "~/http/answers/atom-answer.server.ts";
import { resource } from "~/http/contract.server.ts";
import { siteOrigin } from "~/http/origin.server.ts";
import { NOT_FOUND } from "~/lib/problem.ts";

// /post/{id}/comments.xml: a post's newest comments and replies (deleted ones left out).
export const loader = resource({ who: "anyone", sessionless: true }, ({ request, params }) =>
  xmlRoute(() => {
    const { post, comments } = listPostCommentEntries({ postId: requireId(params.id, NOT_FOUND.post) });
    const origin = siteOrigin(request);
    const self = `${origin}/post/${post.id}/comments.xml`;
    const xml = atomXml({
      id: self,
      title: `Comments on “${post.title}” | ${getEnv().SITE_NAME}`,
      self,
      alternate: `${origin}/post/${post.id}`,
      generator: getEnv().SITE_NAME,
      icon: `${origin}/favicon.svg`,
      entries: comments.map((c) => commentEntry(origin, post, c)),
    });
    return xmlResponse(request, xml);
  }),
);
