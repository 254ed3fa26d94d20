// Step 2's 'Already shared' notice: the comment (by its id) or the typed quote (by video and
// normalised text) is on the site already. It links to that post with its score and offers to
// upvote it instead: a plain form posting the post's vote route, so it works without JavaScript.
// It stands outside the share form (forms do not nest).
import { buttonClass } from "~/components/ui/button.tsx";
import { formatScore } from "~/lib/format.ts";
import { NO_VOTE } from "~/rules/interactions/vote.ts";
import type { SharedPostLink } from "~/rules/share-dialog-state.ts";

export function AlreadyShared({ post }: { post: SharedPostLink }) {
  return (
    <form method="post" action={`/post/${post.id}/vote`} role="status" data-testid="already-shared" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      <input type="hidden" name="direction" value="up" />
      <input type="hidden" name="seen" value={NO_VOTE} />
      <strong>Already shared</strong>
      {": "}
      <a href={`/post/${post.id}`} className="font-semibold underline" dir="auto">
        {post.title}
      </a>{" "}
      (score {formatScore(post.score)}){" "}
      <button type="submit" className={buttonClass({ variant: "secondary", size: "sm" })}>
        Upvote it instead
      </button>
    </form>
  );
}
