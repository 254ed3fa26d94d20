// "Posts visible to this member": the one question a digest (or any list made away from a page) asks,
// answered by the feed's own query, so it leaves out what the member muted or hid (and, with
// `unreadOnly`, what they opened) in its SQL, as every page does (decision 0125).
import type { FeedSort, PostView, Timeframe } from "~/lib/browse.ts";
import { listFeedPosts } from "../post/read.server.ts";

/** The member's feed in `sort` within `timeframe` (by default the week's top), without what they muted or hid. */
export function listPostsVisibleTo({
  userId,
  sort = "top",
  timeframe = "week",
  limit,
  unreadOnly = false,
  now = Date.now(),
}: {
  userId: number;
  sort?: FeedSort;
  timeframe?: Timeframe;
  limit: number;
  unreadOnly?: boolean;
  now?: number;
}): PostView[] {
  return listFeedPosts({ sort, timeframe, limit, viewerId: userId, unreadOnly, now });
}
