import { describe, expect, it } from "vitest";
import { makePost, makeUser } from "../../tests/support/unit-factories.ts";
import { isPostSaved, savePost, unsavePost } from "./save.server.ts";
import { getViewerPostStates } from "./post/index.server.ts";

describe("saves", () => {
  it("save and unsave toggle the saved state, harmlessly when repeated", () => {
    const user = makeUser();
    const post = makePost({ userId: user.id });
    expect(isPostSaved({ userId: user.id, postId: post.id })).toBe(false);
    expect(savePost({ userId: user.id, postId: post.id })).toEqual({ isSaved: true });
    expect(savePost({ userId: user.id, postId: post.id })).toEqual({ isSaved: true });
    expect(isPostSaved({ userId: user.id, postId: post.id })).toBe(true);
    expect(getViewerPostStates({ viewerId: user.id, postIds: [post.id] }).get(post.id)).toEqual({ myVote: null, isSaved: true });
    expect(unsavePost({ userId: user.id, postId: post.id })).toEqual({ isSaved: false });
    expect(unsavePost({ userId: user.id, postId: post.id })).toEqual({ isSaved: false });
    expect(isPostSaved({ userId: user.id, postId: post.id })).toBe(false);
  });

  it("is per user", () => {
    const a = makeUser();
    const b = makeUser();
    const post = makePost({ userId: a.id });
    savePost({ userId: a.id, postId: post.id });
    expect(isPostSaved({ userId: b.id, postId: post.id })).toBe(false);
  });

  it("answers null for a post that does not exist", () => {
    const user = makeUser();
    expect(() => savePost({ userId: user.id, postId: 999999 })).toThrow(expect.objectContaining({ kind: "not_found" }));
    expect(() => unsavePost({ userId: user.id, postId: 999999 })).toThrow(expect.objectContaining({ kind: "not_found" }));
    expect(() => isPostSaved({ userId: user.id, postId: 999999 })).toThrow(expect.objectContaining({ kind: "not_found" }));
  });
});
