import type { ActionReply } from "./action-reply.ts";

// The vote, one contract for the model (which derives the row change and the counter deltas from
// it), the two form routes (/post/:id/vote, /comments/:id/vote) and the arrows (which preview it
// before the server answers). Browser-safe: no zod, no server code.

export type VoteKind = "post" | "comment";
export type Direction = "up" | "down";
export type MyVote = Direction | null;
export type VoteChange = "added" | "switched" | "removed" | "kept";

/** A target's counts as one voter sees them. */
export type VoteState = { upvotes: number; downvotes: number; myVote: MyVote };

/** What a vote form's fetcher receives on success: the target it is about and its new state. */
export type VotePayload = VoteState & { target: string };
export type VoteReply = ActionReply<VotePayload>;

/**
 * The toggle rule: pressing `direction` where the voter saw `seen` (by default the vote as it
 * stands, `current`). A first vote adds it, the same direction again takes it back, the other
 * direction switches it; `up`/`down` are the counter deltas from `current`. A form names what its
 * voter saw, so a press the server already has (sent twice, or overtaken by the next press when a
 * fetcher cancels it mid-way) leaves the vote as the voter meant it ("kept") instead of flipping it.
 */
export function voteChange(current: MyVote, direction: Direction, seen: MyVote = current): { myVote: MyVote; change: VoteChange; up: number; down: number } {
  const myVote = seen === direction ? null : direction;
  const delta = (d: Direction) => (myVote === d ? 1 : 0) - (current === d ? 1 : 0);
  const change: VoteChange = myVote === current ? "kept" : current === null ? "added" : myVote === null ? "removed" : "switched";
  return { myVote, change, up: delta("up"), down: delta("down") };
}

/** The state after pressing `direction` where the voter saw `seen` (the arrows' preview of `voteChange`). */
export function applyVote(state: VoteState, direction: Direction, seen: MyVote = state.myVote): VoteState {
  const { myVote, up, down } = voteChange(state.myVote, direction, seen);
  return { upvotes: state.upvotes + up, downvotes: state.downvotes + down, myVote };
}

/** The element id of a vote's target on a page ("post-12", "comment-40"): its anchor and reply key. */
export function voteTarget(kind: VoteKind, id: number | string): string {
  return `${kind}-${id}`;
}

/** The no-JS vote's confirmation (with JS the arrows say it all). */
export function voteToastTitle({ myVote }: { myVote: MyVote }): string {
  return myVote === null ? "Vote removed" : myVote === "up" ? "Upvoted" : "Downvoted";
}

/** The form's name for "no vote" in its `seen` field. */
export const NO_VOTE = "none";

/** What each target is called when it does not exist. */
