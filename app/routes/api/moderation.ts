import { apiLoader } from "~/http/answers/json-api.server.ts";
import { jsonRead } from "~/http/answers/json-read.server.ts";
import { listPublicLog } from "~/models/moderation/public-log.server.ts";
import { ModerationLogQuerySchema } from "~/rules/schemas/moderation-log.ts";

// GET /api/moderation?category=&kind=&before=&limit= → { entries, next }: the public moderation log,
// newest first; `next` is the `before` of the next page (null at the end). The same for everyone.
export const loader = apiLoader({ who: "anyone", sessionless: true, input: ModerationLogQuerySchema }, ({ input }) =>
  jsonRead("Failed to load the moderation log", () => listPublicLog(input)),
);
