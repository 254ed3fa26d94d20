import { MAX_LIST, pageClock } from "~/lib/browse.ts";
import { requireId } from "~/rules/schemas/id-field.ts";
import type { ProfileTabQuerySchema } from "~/rules/schemas/profile-input.ts";
import type { z } from "zod";
import type { UserRow } from "#db/schema.ts";
import { siteOrigin } from "../../http/origin.server.ts";
import { visitorMutesFor } from "../../http/cookies/mute-cookie.server.ts";
import { NOT_FOUND } from "~/lib/problem.ts";

/** The contract of every profile tab's loader: anyone looks; the query says how many to show. */
export type ProfileTabArgs = {
  request: Request;
  params: { id?: string };
  /** Who looks, as the tab's contract admitted them (`page({ who: "anyone", input: ProfileTabQuerySchema }, …)`). */
  user: Pick<UserRow, "id"> | null;
  input: z.output<typeof ProfileTabQuerySchema>;
};

/** What every profile tab's loader starts from: whose profile, who looks, how many to show. */
export function profileTab({ request, params, user, input }: ProfileTabArgs) {
  const url = new URL(request.url);
  const userId = requireId(params.id, NOT_FOUND.user);
  return {
    url,
    userId,
    viewerId: user?.id ?? null,
    // A visitor's mutes (their cookie); a member's own are read by their id.
    visitorMutes: visitorMutesFor(request, user),
    isOwner: user?.id === userId,
    limit: input.limit,
    now: pageClock(),
    origin: siteOrigin(request),
  };
}

/** A list read with one extra row: the page to show and whether 'Load More' has anything to add. */
export function pageOf<T>(rows: T[], limit: number): { items: T[]; hasMore: boolean } {
  return { items: rows.slice(0, limit), hasMore: rows.length > limit && limit < MAX_LIST };
}
