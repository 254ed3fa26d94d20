import { useId } from "react";
import { Form, useFetcher } from "react-router";
import { followingAfter, nextWatchIntent, watchLabel, type WatchReply } from "~/lib/interactions/watch.ts";
import { BellIcon } from "./notification-icon.tsx";
import { JsField, useInteractionReply } from "./interaction.tsx";
import { useOnePress } from "./one-press.ts";

// Follow a post (POST /post/:id/watch) or the replies to a comment (POST /comments/:id/watch): a
// toggle that flips at once with JS (optimistic) and is a plain form without it. For the post's
// author the pressed state is the mute of replies to their own post.
export function WatchButton({
  target,
  id,
  following,
  isAuthor = false,
  className = "action",
}: {
  target: "post" | "comment";
  id: number;
  following: boolean;
  isAuthor?: boolean;
  className?: string;
}) {
  const fetcherKey = useId();
  const fetcher = useFetcher<WatchReply>({ key: fetcherKey });
  useInteractionReply(fetcher);
  const settled = fetcher.data?.ok && fetcher.data.id === id && fetcher.data.target === target ? fetcher.data.following : null;
  const { press, onSubmit } = useOnePress(fetcher);
  const pending = press?.get("intent");
  const now = pending === "follow" || pending === "unfollow" ? followingAfter(pending) : (settled ?? following);
  const action = target === "post" ? `/post/${id}/watch` : `/comments/${id}/watch`;
  return (
    <Form navigate={false} fetcherKey={fetcherKey} onSubmit={onSubmit} method="post" action={action} className="inline">
      <JsField />
      <button type="submit" name="intent" value={nextWatchIntent(now)} aria-pressed={isAuthor && target === "post" ? !now : now} className={className}>
        {target === "post" ? <BellIcon /> : null}
        {target === "post" ? " " : null}
        {watchLabel(target, now, isAuthor)}
      </button>
    </Form>
  );
}
