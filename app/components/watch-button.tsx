import { useId } from "react";
import { Form, useFetcher } from "react-router";
import { nextWatchIntent, watchLabel, type WatchReply } from "~/rules/interactions/watch.ts";
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
  // This button's own fetcher (its key): its answer is about this target.
  const settled = fetcher.data?.ok ? fetcher.data.following : null;
  const { press, onSubmit } = useOnePress(fetcher);
  // A press on its way (or held) shows at once: its intent is the state it asks for.
  const pending = press?.get("intent");
  const now = pending ? pending === "follow" : (settled ?? following);
  const action = target === "post" ? `/post/${id}/watch` : `/comments/${id}/watch`;
  return (
    <Form navigate={false} fetcherKey={fetcherKey} onSubmit={onSubmit} method="post" action={action} className="inline">
      <JsField />
      <button type="submit" name="intent" value={nextWatchIntent(now)} aria-pressed={isAuthor ? !now : now} className={className}>
        {watchLabel(target, now, isAuthor)}
      </button>
    </Form>
  );
}
