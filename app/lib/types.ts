// Shapes shared by models (which produce them) and components (which show them).

/** The signed-in member as the header and the member controls show them. */
export type HeaderUser = { id: number; username: string; displayName: string; isAdmin: boolean };

/** A no-JS comment that failed, handed back to its box by the next page (http/cookies/draft-cookie.server.ts). */
export type FlashDraft = { postId: number; parentId: number | null; text: string };

/**
 * What the root loader hands every component (`useRouteLoaderData("root")`): declared here, and
 * checked against the loader in app/root.tsx, so no component imports the root route (a cycle).
 */
export type RootViewerData = { user: HeaderUser | null; timeZone: string; siteName: string; draft: FlashDraft | null };

/** A comment as lists and the API show it (docs/product.md §3). A deleted one keeps its place as '[deleted]'. */
export type CommentView = {
  id: number;
  postId: number;
  userId: number | null;
  username: string;
  parentId: number | null;
  content: string;
  upvotes: number;
  downvotes: number;
  createdAt: string;
  isDeleted: boolean;
  /** By a member the viewer blocked: shown as '[comment from a member you blocked]', in its place. */
  isBlocked?: boolean;
  /** When its text was last edited (null: never). */
  editedAt?: string | null;
  /** The members its @mentions name (lower-cased name → id), for the links; absent when none. */
  mentions?: Record<string, number>;
  /** The viewer's own vote on it. */
  myVote: "up" | "down" | null;
};

export type ViewerPostState = { myVote: "up" | "down" | null; isSaved: boolean };

/** One day of the admin dashboard's activity charts ("2026-11-23", 4). */
export type DayCount = { day: string; count: number };
