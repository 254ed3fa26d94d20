// Step 2's 'Already shared' notice: the comment (by its id) or the typed quote (by video and
// normalised text) is on the site already. It links to that post with its score and offers to
// upvote it instead: a plain form posting the post's vote route, so it works without JavaScript.
// The form sits outside the share form (forms do not nest); its button names it with `form=`.
import { buttonClass } from "~/components/ui/button.tsx";
import { formatScore } from "~/lib/format.ts";
import { NO_VOTE } from "~/rules/interactions/vote.ts";
import type { SharedPostLink } from "~/rules/share-dialog-state.ts";

export const UPVOTE_FORM = "share-upvote-instead";

/** The upvote's form, placed outside the share form. */
export function UpvoteInsteadForm({ post }: { post: SharedPostLink }) {
  return (
    <form id={UPVOTE_FORM} method="post" action={`/post/${post.id}/vote`} hidden>
      <input type="hidden" name="direction" value="up" />
      <input type="hidden" name="seen" value={NO_VOTE} />
    </form>
  );
}

export function AlreadyShared({ post }: { post: SharedPostLink }) {
  return (
    <div role="status" data-testid="already-shared" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      <p>
        <strong>Already shared</strong>
        {": "}
        <a href={`/post/${post.id}`} className="font-semibold underline" dir="auto">
          {post.title}
        </a>{" "}
        ({formatScore(post.score)} {Math.abs(post.score) === 1 ? "point" : "points"})
      </p>
      <button type="submit" form={UPVOTE_FORM} className={`${buttonClass({ variant: "secondary", size: "sm" })} mt-2`}>
        Upvote it instead
      </button>
    </div>
  );
}
