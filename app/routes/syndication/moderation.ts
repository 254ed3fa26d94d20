import { listPublicLog } from "~/models/moderation/public-log.server.ts";
import { moderationFeed, xmlResponse, xmlRoute } from "~/http/answers/atom-answer.server.ts";
import { resource } from "~/http/contract.server.ts";
import { searchParamsObject } from "~/rules/schemas/browse-query.ts";
import { ModerationLogPageQuerySchema } from "~/rules/schemas/moderation-log.ts";
import { moderationLogHref, MODERATION_LOG_PAGE } from "~/rules/moderation-log-rules.ts";

// /moderation/feed.xml?category=&kind=: the public moderation log's newest entries, as the page filters them.
export const loader = resource({ who: "anyone", sessionless: true }, ({ request }) =>
  xmlRoute(() => {
    const { category, kind } = ModerationLogPageQuerySchema.parse(searchParamsObject(new URL(request.url)));
    const { entries } = listPublicLog({ category, kind, limit: MODERATION_LOG_PAGE });
    const title = ["Moderation log", category, kind].filter(Boolean).join(" · ");
    const xml = moderationFeed(request, {
      title,
      page: moderationLogHref("/moderation", { category, kind }),
      self: moderationLogHref("/moderation/feed.xml", { category, kind }),
      entries,
    });
    return xmlResponse(request, xml);
  }),
);
