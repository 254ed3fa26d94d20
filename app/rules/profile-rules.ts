import type { CommentView } from "../lib/types.ts";
// Client-safe shapes and constants of profiles and following (docs/product.md §2 Profile page, §3 User, §9).

/** docs/product.md §3's badge icon names (drawn as SVG by BadgeIconSvg: no emoji font needed). */
export type BadgeIcon = "fire" | "medal" | "crown" | "rocket";

/** What a badge is earned by: one count of the member's own activity reaching a threshold. */
export type BadgeMeasure = "joined" | "comments" | "upvotesGiven" | "posts";

/**
 * docs/product.md §3's four badges and the rules that earn them:
 * New User on joining; Commenter at 5 comments; Upvoter at 10 upvotes given; Contributor at 5 posts.
 */
export const BADGE_RULES = [
  { name: "New User", icon: "rocket", measure: "joined", threshold: 0, rule: "Joined the community" },
  { name: "Commenter", icon: "medal", measure: "comments", threshold: 5, rule: "Wrote 5 comments" },
  { name: "Upvoter", icon: "fire", measure: "upvotesGiven", threshold: 10, rule: "Upvoted 10 posts or comments" },
  { name: "Contributor", icon: "crown", measure: "posts", threshold: 5, rule: "Shared 5 posts" },
] as const satisfies readonly { name: string; icon: BadgeIcon; measure: BadgeMeasure; threshold: number; rule: string }[];

export type Badge = { name: string; icon: BadgeIcon };
export type EarnedBadge = Badge & { earned: boolean; rule: string };

/** The profile as GET /api/users/:id answers it (docs/product.md §3, §7). `email` only on your own. */
export type ProfileView = {
  id: number;
  username: string;
  email?: string;
  displayName: string;
  bio: string;
  isAdmin: boolean;
  postsCount: number;
  followersCount: number;
  followingCount: number;
  joinDate: string;
  location: string;
  occupation: string;
  website: string | null;
  badges: EarnedBadge[];
  isFollowingUser: boolean;
};

/** The owner's own values for the edit form (empty where the view shows a default). */
export type ProfileFields = { bio: string; displayName: string; location: string; occupation: string; website: string };

/** A comment on a profile: docs/product.md §3's comment with the title of its post. */
export type ProfileComment = Omit<CommentView, "isDeleted" | "myVote"> & { postTitle: string };

/** The side panel's numbers. */
export type UserStats = { posts: number; comments: number; upvotesReceived: number };

/** One week of the activity picture: its first day and what the member wrote in it. */
export type ActivityWeek = { start: string; posts: number; comments: number };

/** docs/product.md §9: the activity picture covers at most the last 26 weeks. */
export const ACTIVITY_WEEKS = 26;

export const PROFILE_TABS = [
  { key: "posts", label: "Posts", path: "" },
  { key: "comments", label: "Comments", path: "/comments" },
  { key: "upvoted", label: "Upvoted", path: "/upvoted" },
  { key: "saved", label: "Saved", path: "/saved" },
  { key: "about", label: "About", path: "/about" },
] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number]["key"];

export function profilePath(userId: number, tab: ProfileTab = "posts"): string {
  return `/profile/${userId}${PROFILE_TABS.find((t) => t.key === tab)!.path}`;
}

/** What following someone answers: the follow contract's (rules/interactions/follow-member.ts). */
;

/** docs/product.md §9: the profile refetches every 10 s, stale after 5 s. */
export const PROFILE_REFRESH_MS = 10_000;
export const PROFILE_STALE_MS = 5_000;
/** docs/product.md §9: 4 popular contributors on the profile. */
export const PROFILE_CONTRIBUTORS = 4;
export const BIO_MAX = 300;

/** docs/product.md §2: an unknown (or malformed) profile id. */

/** The intent of the profile page's edit form (its action saves nothing else). */
export const EDIT_PROFILE_INTENT = "update-profile";
