import { describe, expect, it } from "vitest";
import { commentDraft, commentKeptOnFailure } from "./comment.ts";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe("what a no-JS comment keeps when it fails", () => {
  it("keeps the reply target and a rule's message in the URL, never the text", () => {
    expect(commentKeptOnFailure(form({ content: "abc", parentId: "9" }), { kind: "invalid", message: "Reply too short" })).toEqual({
      replyTo: "9",
      commentError: "Reply too short",
    });
    expect(commentKeptOnFailure(form({ content: "a fine comment" }), { kind: "too_many", message: "Slow down" })).toEqual({});
  });

  it("hands the text back to its box (not a blank one, not for a malformed reply target)", () => {
    expect(commentDraft(form({ content: "abc", parentId: "9" }))).toEqual({ parentId: 9, text: "abc" });
    expect(commentDraft(form({ content: "x".repeat(1001) }))).toEqual({ parentId: null, text: "x".repeat(1001) });
    expect(commentDraft(form({ content: "   " }))).toBeNull();
    expect(commentDraft(form({ content: "abc", parentId: "nine" }))).toBeNull();
  });
});
