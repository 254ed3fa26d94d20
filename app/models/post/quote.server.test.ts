// The quote key (decision 0153): one key per quote, the unique index refusing a second post of it,
// a removed post freeing it, and the backfill of posts from before keys (oldest keeps the key).
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "#db/client.server.ts";
import { posts } from "#db/schema.ts";
import { Problem } from "~/lib/problem.ts";
import type { NewPostInput } from "~/rules/schemas/post-input.ts";
import { normalisedQuote, quoteKey } from "~/rules/quote-key.ts";
import { createUser } from "../user.server.ts";
import { backfillQuoteKeys } from "./quote-backfill.server.ts";
import { sharedComments, sharedQuote } from "./quote.server.ts";
import { createPost } from "./write.server.ts";

let n = 0;
function newUser() {
  n++;
  return createUser({ username: `quoter${n}`, email: `quoter${n}@example.com`, passwordHash: "unused" });
}

const input = (videoId: string, comment: string, extra: Partial<NewPostInput> = {}): NewPostInput => ({
  title: "A quote",
  comment,
  commentAuthor: "@author",
  category: "Comedy",
  videoId,
  videoTitle: "Video",
  videoChannel: "Channel",
  videoThumbnail: `https://i.ytimg.com/vi/${videoId}/hqdefault.jpg`,
  videoViewCount: null,
  videoPublishedAt: null,
  ...extra,
});

describe("quoteKey", () => {
  it("folds case, white space and the text normaliser's differences into one key", () => {
    expect(normalisedQuote("  Hello\r\n  WORLD\u0007 ")).toBe("hello world");
    expect(normalisedQuote("Cafe\u0301")).toBe(normalisedQuote("Café"));
    expect(quoteKey({ videoId: "abcdefghijk", text: "Ha  HA" })).toBe("t:abcdefghijk:ha ha");
    expect(quoteKey({ commentId: "Ugx1.abc" })).toBe("c:Ugx1.abc");
  });
});

describe("one post per quote", () => {
  it("refuses a second post of the same key with 409 and the existing id; a removed post frees it", () => {
    const user = newUser();
    const key = quoteKey({ commentId: "UgxUniqueOne" });
    const first = createPost({ userId: user.id, ...input("quoteVid001", "one"), youtubeCommentId: "UgxUniqueOne", quoteKey: key });
    let error: unknown;
    try {
      createPost({ userId: user.id, ...input("quoteVid001", "one again"), youtubeCommentId: "UgxUniqueOne", quoteKey: key });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(Problem);
    expect((error as Problem).status).toBe(409);
    expect((error as Problem).details).toEqual({ existingPostId: first.id });
    expect(sharedComments(["UgxUniqueOne", "UgxOther"]).get("UgxUniqueOne")?.id).toBe(first.id);
    getDb().delete(posts).where(eq(posts.id, first.id)).run();
    expect(sharedQuote(key)).toBeNull();
    const again = createPost({ userId: user.id, ...input("quoteVid001", "one"), youtubeCommentId: "UgxUniqueOne", quoteKey: key });
    expect(sharedQuote(key)?.id).toBe(again.id);
  });
});

describe("backfillQuoteKeys", () => {
  it("gives legacy hand-typed posts their key, the oldest of duplicates keeps it, and a second run changes nothing", () => {
    const user = newUser();
    const legacy = [
      createPost({ userId: user.id, ...input("legacyVid01", "Same  joke") }),
      createPost({ userId: user.id, ...input("legacyVid01", "same JOKE") }),
      createPost({ userId: user.id, ...input("legacyVid01", "Another joke") }),
      createPost({ userId: user.id, ...input("unknown", "No video") }),
    ];
    // Older first: make the second one the oldest of the duplicates.
    getDb().update(posts).set({ createdAt: new Date(Date.UTC(2020, 0, 1)) }).where(eq(posts.id, legacy[1].id)).run();
    const given = backfillQuoteKeys(getDb());
    expect(given).toBeGreaterThanOrEqual(2);
    const keyOf = (id: number) => getDb().select({ k: posts.quoteKey }).from(posts).where(eq(posts.id, id)).get()?.k;
    expect(keyOf(legacy[1].id)).toBe("t:legacyVid01:same joke");
    expect(keyOf(legacy[0].id)).toBeNull();
    expect(keyOf(legacy[2].id)).toBe("t:legacyVid01:another joke");
    expect(keyOf(legacy[3].id)).toBeNull();
    expect(backfillQuoteKeys(getDb())).toBe(0);
  });
});
