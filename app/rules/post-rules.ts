// The limits and texts of a post and of the share flow (docs/product.md §3, §5, §8), without zod: the share
// dialog in the browser uses them, and the schemas in app/rules/schemas/post-input.ts check them.

export const POST_LIMITS = { titleMin: 3, titleMax: 200, commentMax: 500, authorMax: 100 } as const;

/** docs/product.md §5 / §8 texts of the share flow. */
export const SHARE_MESSAGES = {
  invalidVideo: "Please enter a valid YouTube video URL.",
  missingTitle: "Please enter a post title.",
  missingFields: "Please fill out all fields.",
  failed: "Failed to share the comment.",
  videoUnavailable: "Failed to fetch video details",
} as const;
