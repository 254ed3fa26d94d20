// The public moderation log's query: ?category=&kind=&before= (the page, its feed) and &limit= (the
// JSON). The JSON is strict (a bad parameter is a 400 with the message); the page and the feed are
// lenient (a bad parameter falls back to no filter, the newest page).
import { z } from "zod";
import { KIND_LABELS, MODERATION_LOG_MAX, MODERATION_LOG_PAGE, type ModerationKind } from "../moderation-log-rules.ts";
import { category, whole } from "./browse-query.ts";

const KINDS = Object.keys(KIND_LABELS) as [ModerationKind, ...ModerationKind[]];
const kind = z.enum(KINDS, { error: `kind must be one of ${KINDS.join(", ")}` });
// No default: absent means the newest page.
const before = z.coerce.number({ error: "before must be a number" }).int("before must be a whole number").min(1, "before must be at least 1").max(Number.MAX_SAFE_INTEGER);

/** GET /api/moderation */
export const ModerationLogQuerySchema = z.object({
  category: category.optional(),
  kind: kind.optional(),
  before: before.optional(),
  limit: whole("limit", 1, MODERATION_LOG_MAX, MODERATION_LOG_PAGE),
});

/** /moderation and /moderation/feed.xml */
export const ModerationLogPageQuerySchema = z.object({
  category: category.optional().catch(undefined),
  kind: kind.optional().catch(undefined),
  before: before.optional().catch(undefined),
});
export type ModerationLogFilter = z.infer<typeof ModerationLogPageQuerySchema>;
