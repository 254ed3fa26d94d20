import { MAX_LIST, pageClock } from "~/lib/browse.ts";
import { USER_NOT_FOUND } from "~/lib/profile.ts";
import { requireId } from "~/lib/schemas/id.ts";
import { searchParamsObject } from "~/lib/schemas/browse.ts";
import { ProfileTabQuerySchema } from "~/lib/schemas/profile.ts";
import { siteOrigin } from "./origin.server.ts";
import { getUser } from "./session-cookie.server.ts";

/** What every profile tab's loader starts from: whose profile, who looks, how many to show. */
export async function profileTab(request: Request, params: { id?: string }) {
  const url = new URL(request.url);
  const viewer = await getUser(request);
  const userId = requireId(params.id, USER_NOT_FOUND);
  const { limit } = ProfileTabQuerySchema.parse(searchParamsObject(url));
  return { url, userId, viewerId: viewer?.id ?? null, isOwner: viewer?.id === userId, limit, now: pageClock(), origin: siteOrigin(request) };
}

/** A list read with one extra row: the page to show and whether 'Load More' has anything to add. */
export function pageOf<T>(rows: T[], limit: number): { items: T[]; hasMore: boolean } {
  return { items: rows.slice(0, limit), hasMore: rows.length > limit && limit < MAX_LIST };
}
