import { useId } from "react";
import { Form, useFetcher } from "react-router";
import { formatScore } from "~/lib/format.ts";
import { applyVote, NO_VOTE, voteTarget, type MyVote, type VoteReply, type VoteState } from "~/rules/interactions/vote.ts";
import { JsField, useInteractionReply } from "./interaction.tsx";
import { useOnePress } from "./one-press.ts";

export type VoteControlsProps = {
  kind: "post" | "comment";
  id: number;
  upvotes: number;
  downvotes: number;
  myVote: MyVote;
  signedIn: boolean;
  /** Where the page should land after a no-JS vote (e.g. "post-12", "comment-40"). */
  anchor?: string;
};

// The forms post to /post/:id/vote and /comments/:id/vote. Without JS: a plain POST, 303 back to the anchor. With JS: a fetcher, the arrows and score
// change at once (optimistic), then settle on the server's numbers. Visitors get 'Sign in to vote'.
export function VoteControls({ kind, id, upvotes, downvotes, myVote, signedIn, anchor }: VoteControlsProps) {
  const fetcherKey = useId();
  const fetcher = useFetcher<VoteReply>({ key: fetcherKey });
  useInteractionReply(fetcher);
  const { press, onSubmit } = useOnePress(fetcher);
  const target = voteTarget(kind, id);

  // The server's answer is newer than the props that rendered before it (a thread fetched on a
  // card is not revalidated); a press on its way or held is applied on top of whichever is current,
  // as the server will apply it: by what its voter saw.
  const settled = fetcher.data?.ok && fetcher.data.target === target ? fetcher.data : null;
  let shown: VoteState = settled ?? { upvotes, downvotes, myVote };
  const pending = press?.get("direction");
  const seen = press?.get("seen");
  if (signedIn && (pending === "up" || pending === "down")) shown = applyVote(shown, pending, seen === NO_VOTE ? null : (seen as MyVote));

  const score = shown.upvotes - shown.downvotes;
  const arrow = (direction: "up" | "down") => {
    const on = shown.myVote === direction;

    const label = signedIn ? (direction === "up" ? "Upvote" : "Downvote") : "Sign in to vote";
    return (
      <button
        type="submit"
        name="direction"
        value={direction}
        aria-pressed={signedIn ? on : undefined}
        aria-label={label}
        title={label}
        className={on ? `vote ${direction}` : "vote"}
      >
        {direction === "up" ? "▲" : "▼"}
      </button>
    );
  };
  return (
    <Form
      navigate={false}
      fetcherKey={fetcherKey}
      onSubmit={onSubmit}
      method="post"
      action={kind === "post" ? `/post/${id}/vote` : `/comments/${id}/vote`}
      data-vote-target={target}
    >
      <JsField />
      {/* What the voter saw: a press the server gets twice, or after the next one, then means the same. */}
      {signedIn ? <input type="hidden" name="seen" value={shown.myVote ?? NO_VOTE} /> : null}
      {anchor ? <input type="hidden" name="anchor" value={anchor} /> : null}
      {/* The group is a <div>: a <form> may not take role="group" (axe: aria-allowed-role). */}
      <div role="group" aria-label={kind === "post" ? "Post votes" : "Comment votes"} className="votes">
        {arrow("up")}
        <span className="score" data-testid="score">
          <span className="sr-only">Score: </span>
          {formatScore(score)}
        </span>
        {arrow("down")}
      </div>
    </Form>
  );
}
