import { eq, sql } from "drizzle-orm";
import { posts, users, type PostRow } from "#db/schema.ts";
import { NewPostSchema, type NewPostInput } from "~/rules/schemas/post-input.ts";
import { parseOrThrow } from "~/rules/schemas/parse.ts";
import { writeTransaction } from "../db.server.ts";
import { alreadyShared, isQuoteKeyClash, sharedQuote } from "./quote.server.ts";

/**
 * Creates a post for `userId` from the person's text and the video facts the server resolved
 * (app/integrations/video-resolver.server.ts; never what a client claims about the video). The input
 * is checked against NewPostSchema (Problem "invalid" otherwise), then one immediate transaction
 * writes the row with its hot rank and the author's postsCount; its category's count follows in the
 * same statement (a trigger on posts: db/aggregate-schema.ts). A quote already on the site (its
 * `quoteKey`, the unique index) is Problem conflict with the existing post's id: two members pressing
 * at once make one post.
 */
export function createPost({ userId, ...input }: { userId: number } & NewPostInput): PostRow {
  const fields = parseOrThrow(NewPostSchema, input);
  const createdAt = new Date();
  try {
    return insertPost(userId, fields, createdAt);
  } catch (error) {
    const existing = isQuoteKeyClash(error) ? sharedQuote(fields.quoteKey ?? null) : null;
    if (existing) throw alreadyShared(existing);
    throw error;
  }
}

function insertPost(userId: number, fields: ReturnType<typeof NewPostSchema.parse>, createdAt: Date): PostRow {
  return writeTransaction((tx) => {
      const post = tx
        .insert(posts)
        .values({
          ...fields,
          userId,
          createdAt,
          hot: sql`hot_score(0, 0, ${createdAt.getTime()})`,
        })
        .returning()
        .get();
      tx.update(users)
        .set({ postsCount: sql`${users.postsCount} + 1` })
        .where(eq(users.id, userId))
        .run();
      return post;
    });
}
