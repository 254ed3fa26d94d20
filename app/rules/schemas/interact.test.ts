import { describe, expect, it } from "vitest";
import { COMMENT_MESSAGES, commentError } from "../comment-rules.ts";
import { parseId } from "../../lib/id.ts";
import { CommentApiSchema, CommentFormSchema, NotificationFormSchema, VoteApiSchema } from "./interact.ts";
import { badgeText } from "../../lib/notification-view.ts";
import { notificationHref, notificationIcon } from "../notification-registry.ts";

describe("comment rules (docs/product.md §5)", () => {
  it("comments need 5 to 1000 characters, replies 3 to 500; blank is no error", () => {
    expect(commentError("", false)).toBeNull();
    expect(commentError("   ", true)).toBeNull();
    expect(commentError("abcd", false)).toBe("Comment too short");
    expect(commentError("  abcd  ", false)).toBe("Comment too short");
    expect(commentError("abcde", false)).toBeNull();
    expect(commentError("x".repeat(1000), false)).toBeNull();
    expect(commentError("x".repeat(1001), false)).toBe("Comment must be at most 1000 characters");
    expect(commentError("ab", true)).toBe("Reply too short");
    expect(commentError("abc", true)).toBeNull();
    expect(commentError("x".repeat(501), true)).toBe("Reply must be at most 500 characters");
  });

  it("only these messages may come back through the URL", () => {
    expect(COMMENT_MESSAGES.has("Comment too short")).toBe(true);
    expect(COMMENT_MESSAGES.has("Reply too short")).toBe(true);
    expect(COMMENT_MESSAGES.has("Your account is locked, call us")).toBe(false);
  });

  it("one schema for the form and the API", () => {
    expect(CommentFormSchema.safeParse({ content: "abc" }).error?.issues[0].message).toBe("Comment too short");
    expect(CommentFormSchema.safeParse({ content: "abc", parentId: "12" }).data).toEqual({ content: "abc", parentId: 12 });
    expect(CommentApiSchema.safeParse({ content: "hello there", postId: 3, parentId: null }).success).toBe(true);
    expect(CommentApiSchema.safeParse({ content: "   ", postId: 3 }).error?.issues[0].message).toBe("Comment cannot be empty");
    expect(CommentApiSchema.safeParse({ content: "hello there" }).success).toBe(false);
    expect(CommentApiSchema.safeParse({ content: 42, postId: 3 }).success).toBe(false);
  });
});

describe("ids and votes", () => {
  it("takes only positive integer ids", () => {
    expect(parseId("12")).toBe(12);
    for (const bad of ["0", "-1", "1.5", "1e3", "abc", "", null, undefined, "99999999999999999"]) expect(parseId(bad)).toBeNull();
  });

  it("a vote names exactly one target and a real boolean", () => {
    expect(VoteApiSchema.safeParse({ postId: 1, isUpvote: true }).success).toBe(true);
    expect(VoteApiSchema.safeParse({ commentId: "4", isUpvote: false }).data).toEqual({ commentId: 4, isUpvote: false });
    expect(VoteApiSchema.safeParse({ postId: 1, commentId: 2, isUpvote: true }).error?.issues[0].message).toBe("Give either postId or commentId");
    expect(VoteApiSchema.safeParse({ isUpvote: true }).success).toBe(false);
    expect(VoteApiSchema.safeParse({ postId: 1, isUpvote: "yes" }).success).toBe(false);
    expect(VoteApiSchema.safeParse({ postId: true, isUpvote: true }).success).toBe(false);
  });

  it("notification forms say what they do", () => {
    expect(NotificationFormSchema.safeParse({ intent: "read", id: "3" }).data).toEqual({ intent: "read", id: 3 });
    expect(NotificationFormSchema.safeParse({ intent: "open" }).success).toBe(false);
    expect(NotificationFormSchema.safeParse({ intent: "explode" }).success).toBe(false);
  });
});

describe("the bell", () => {
  it("shows the count, '9+' above 9, nothing at 0", () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(1)).toBe("1");
    expect(badgeText(9)).toBe("9");
    expect(badgeText(10)).toBe("9+");
  });

  it("has an icon per type and a default, and links to the post or home", () => {
    expect(notificationIcon("comment_on_post")).toBe("comment");
    expect(notificationIcon("something_new")).toBe("bell");
    const facts = { postId: null, commentId: null, actorId: null, batchSize: 1 };
    expect(notificationHref({ ...facts, type: "post_upvote", params: { actor: "ann", title: "Cats" }, postId: 7 })).toBe("/post/7");
    expect(notificationHref({ ...facts, type: "report_outcome", params: { outcome: "none", noun: "post" } })).toBe("/");
    expect(notificationHref({ ...facts, type: "new_follower", params: { actor: "ann" }, actorId: 12 })).toBe("/profile/12");
  });
});
