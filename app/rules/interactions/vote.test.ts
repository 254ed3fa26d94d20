import { describe, expect, it } from "vitest";
import { applyVote, voteChange } from "./vote.ts";

describe("the vote toggle rule", () => {
  it("adds a first vote, takes the same direction back, switches the other", () => {
    expect(voteChange(null, "up")).toEqual({ myVote: "up", change: "added", up: 1, down: 0 });
    expect(voteChange(null, "down")).toEqual({ myVote: "down", change: "added", up: 0, down: 1 });
    expect(voteChange("up", "up")).toEqual({ myVote: null, change: "removed", up: -1, down: 0 });
    expect(voteChange("down", "down")).toEqual({ myVote: null, change: "removed", up: 0, down: -1 });
    expect(voteChange("up", "down")).toEqual({ myVote: "down", change: "switched", up: -1, down: 1 });
    expect(voteChange("down", "up")).toEqual({ myVote: "up", change: "switched", up: 1, down: -1 });
  });

  it("reads a press from what the voter saw, so one sent twice or overtaken keeps the vote meant", () => {
    // Saw none, pressed up: up, however the vote stands when the press arrives.
    expect(voteChange("up", "up", null)).toEqual({ myVote: "up", change: "kept", up: 0, down: 0 });
    expect(voteChange("down", "up", null)).toEqual({ myVote: "up", change: "switched", up: 1, down: -1 });
    // Saw up, pressed up (take it back): gone, even if it already went.
    expect(voteChange(null, "up", "up")).toEqual({ myVote: null, change: "kept", up: 0, down: 0 });
    expect(voteChange("down", "up", "up")).toEqual({ myVote: null, change: "removed", up: 0, down: -1 });
    // Saw down, pressed up: up.
    expect(voteChange(null, "up", "down")).toEqual({ myVote: "up", change: "added", up: 1, down: 0 });
  });

  it("previews the counts the server will answer", () => {
    expect(applyVote({ upvotes: 3, downvotes: 1, myVote: null }, "up")).toEqual({ upvotes: 4, downvotes: 1, myVote: "up" });
    expect(applyVote({ upvotes: 4, downvotes: 1, myVote: "up" }, "up")).toEqual({ upvotes: 3, downvotes: 1, myVote: null });
    expect(applyVote({ upvotes: 4, downvotes: 1, myVote: "up" }, "down")).toEqual({ upvotes: 3, downvotes: 2, myVote: "down" });
  });

  it("previews a press by what its voter saw, on top of the answer that came since", () => {
    // Pressed down after an up still on its way (saw up): down, whether the up is in yet or not.
    expect(applyVote({ upvotes: 3, downvotes: 1, myVote: null }, "down", "up")).toEqual({ upvotes: 3, downvotes: 2, myVote: "down" });
    expect(applyVote({ upvotes: 4, downvotes: 1, myVote: "up" }, "down", "up")).toEqual({ upvotes: 3, downvotes: 2, myVote: "down" });
    // The press already answered (its answer is the state): nothing more.
    expect(applyVote({ upvotes: 4, downvotes: 1, myVote: "up" }, "up", null)).toEqual({ upvotes: 4, downvotes: 1, myVote: "up" });
  });
});
