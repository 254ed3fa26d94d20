import { getEnv } from "./env.server.ts";
import { limiter, spend, TooManyRequests } from "./rate-limit.server.ts";

// A new account's budgets (docs/product.md §9, §11 "Spam"), beside every member's: posts, comments,
// mentions and follows per account an hour and a day. 0 turns one off; RATE_LIMIT=off turns all off.

export type NewcomerKind = "post" | "comment" | "follow" | "mention";

const WHAT: Record<NewcomerKind, string> = {
  post: "posts from a new account",
  comment: "comments from a new account",
  follow: "follows from a new account",
  mention: "mentions from a new account",
};

function windows(kind: NewcomerKind): { hourly: number; daily: number } {
  const env = getEnv();
  switch (kind) {
    case "post":
      return { hourly: env.NEWCOMER_POSTS_HOURLY, daily: env.NEWCOMER_POSTS_DAILY };
    case "comment":
      return { hourly: env.NEWCOMER_COMMENTS_HOURLY, daily: env.NEWCOMER_COMMENTS_DAILY };
    case "follow":
      return { hourly: env.NEWCOMER_FOLLOWS_HOURLY, daily: env.NEWCOMER_FOLLOWS_DAILY };
    case "mention":
      return { hourly: env.NEWCOMER_MENTIONS_HOURLY, daily: env.NEWCOMER_MENTIONS_DAILY };
  }
}

/** `points` writes of `kind` by new account `userId`: TooManyRequests (429, Retry-After) when over. */
export async function limitNewcomer(kind: NewcomerKind, userId: number, points = 1) {
  const { hourly, daily } = windows(kind);
  for (const [name, budget, seconds] of [
    [`newcomer-${kind}-hour`, hourly, 3600],
    [`newcomer-${kind}-day`, daily, 86_400],
  ] as const) {
    if (budget <= 0) continue;
    const rl = limiter(name, () => ({ points: budget, seconds }));
    for (let i = 0; i < points; i++) {
      const result = await spend(rl, String(userId), WHAT[kind]);
      if (!result.ok) throw new TooManyRequests(result);
    }
  }
}
