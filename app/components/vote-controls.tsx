import { Form } from "react-router";
import { formatScore } from "~/lib/format.ts";
import { SignInLink } from "./auth-link.tsx";

export type VoteControlsProps = {
  kind: "post" | "comment";
  id: number;
  upvotes: number;
  downvotes: number;
  myVote: "up" | "down" | null;
  signedIn: boolean;
  /** Where the page should land after a no-JS vote (e.g. "post-12", "comment-40"). */
  anchor?: string;
};

// Owned by the interactions work: the forms post to /post/:id/vote and /comments/:id/vote.
export function VoteControls({ kind, id, upvotes, downvotes, myVote, signedIn, anchor }: VoteControlsProps) {
  const score = upvotes - downvotes;
  const button = "inline-flex h-8 w-8 items-center justify-center rounded-full hover:bg-slate-100";
  const target = anchor ?? `${kind}-${id}`;
  const scoreLabel = <span className="min-w-8 text-center text-sm font-semibold" aria-label={`Score ${score}`}>{formatScore(score)}</span>;
  if (!signedIn) {
    return (
      <div className="flex items-center gap-1">
        <SignInLink anchor={target} className={button} label="Sign in to vote">▲</SignInLink>
        {scoreLabel}
        <SignInLink anchor={target} className={button} label="Sign in to vote">▼</SignInLink>
      </div>
    );
  }
  const action = kind === "post" ? `/post/${id}/vote` : `/comments/${id}/vote`;
  return (
    <Form method="post" action={action} className="flex items-center gap-1">
      <button type="submit" name="direction" value="up" aria-pressed={myVote === "up"} aria-label="Upvote" className={`${button} ${myVote === "up" ? "text-brand" : ""}`}>
        ▲
      </button>
      {scoreLabel}
      <button type="submit" name="direction" value="down" aria-pressed={myVote === "down"} aria-label="Downvote" className={`${button} ${myVote === "down" ? "text-indigo-700" : ""}`}>
        ▼
      </button>
    </Form>
  );
}
