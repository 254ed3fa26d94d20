// Text from any client is normalised once by the shared schemas: invisible-only text is empty, NUL
// and other control characters never reach the database, unpaired surrogates are refused, bidi
// overrides are taken out, and limits count the characters a person sees.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { comments, users } from "#db/schema.ts";
import { startApiServer, type ApiClient, type ApiUser } from "../support/api-client.ts";

let api: ApiClient;
let member: ApiUser;
let postId: number;
beforeAll(async () => {
  api = await startApiServer();
  member = await api.user();
  postId = api.post(member.id).id;
});
afterAll(() => api?.stop());

const comment = (content: string) => api.fetch("/api/comments", { method: "POST", user: member, json: { postId, content } });

describe("text inputs", () => {
  it("a comment of zero-width spaces is empty (400), not a comment", async () => {
    const res = await comment("\u200B".repeat(30));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: "Comment cannot be empty" });
  });

  it("600 emoji are 600 characters: accepted; NUL bytes are not stored", async () => {
    const emoji = await comment("😂".repeat(600));
    expect(emoji.status).toBe(201);
    const nul = await comment("a NUL\u0000 in the middle");
    expect(nul.status).toBe(201);
    const { id } = (await nul.json()) as { id: number };
    expect(api.db.select().from(comments).where(eq(comments.id, id)).get()?.content).toBe("a NUL in the middle");
  });

  it("refuses an unpaired surrogate", async () => {
    const res = await api.fetch("/api/comments", {
      method: "POST",
      user: member,
      body: `{"postId":${postId},"content":"broken \\ud83d surrogate"}`,
      headers: { "Content-Type": "application/json" },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: "Text contains characters that are not allowed." });
  });

  it("takes right-to-left overrides out of a display name", async () => {
    const res = await api.fetch(`/api/users/${member.id}`, { method: "PATCH", user: member, json: { displayName: "\u202Eevil\u202C name" } });
    expect(res.status).toBe(200);
    expect(api.db.select().from(users).where(eq(users.id, member.id)).get()?.displayName).toBe("evil name");
  });
});
