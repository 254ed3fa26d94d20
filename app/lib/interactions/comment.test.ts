import { describe, expect, it } from "vitest";
import { commentKeptOnFailure } from "./comment.ts";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe("what a no-JS comment keeps when it fails", () => {
  it("keeps the draft and the reply target, and a rule's message", () => {
    expect(commentKeptOnFailure(form({ content: "abc", parentId: "9" }), { kind: "invalid", message: "Reply too short" })).toEqual({
      draft: "abc",
      replyTo: "9",
      commentError: "Reply too short",
    });
  });

  it("keeps the draft without a message when something else failed, and drops a draft too long to carry", () => {
    expect(commentKeptOnFailure(form({ content: "a fine comment" }), { kind: "too_many", message: "Slow down" })).toEqual({ draft: "a fine comment" });
    expect(commentKeptOnFailure(form({ content: "x".repeat(1001) }), { kind: "invalid", message: "Comment must be at most 1000 characters" })).toEqual({
      commentError: "Comment must be at most 1000 characters",
    });
  });
});
