import { Form, useFetcher } from "react-router";
import type { FollowReply, FollowState } from "~/rules/interactions/follow-member.ts";
import { JsField, useInteractionReply } from "../interaction.tsx";
import { useOnePress } from "../one-press.ts";
import { buttonClass } from "../ui/button.tsx";

/**
 * The follow state of one member as the page shows it: the loader's, or while a follow is on its
 * way the optimistic one (then the action's answer until the page's data is fresh again).
 */
export function useFollow(userId: number, initial: FollowState) {
  // Keyed: the header's count and the button read the same submission.
  const fetcherKey = `follow-${userId}`;
  const fetcher = useFetcher<FollowReply>({ key: fetcherKey });
  const { press, onSubmit } = useOnePress(fetcher);
  const intent = press?.get("intent");
  let state = initial;
  if (intent === "follow" || intent === "unfollow") {
    const following = intent === "follow";
    const delta = following === initial.following ? 0 : following ? 1 : -1;
    state = { following, followersCount: initial.followersCount + delta };
  } else if (fetcher.state === "loading" && fetcher.data?.ok) {
    state = { following: fetcher.data.following, followersCount: fetcher.data.followersCount };
  }
  return { fetcher, fetcherKey, state, onSubmit };
}

/**
 * Follow / Following: a form that toggles (POST /profile/:id/follow). Without JS a plain POST → 303
 * back with a toast; with JS a fetcher, no navigation. Visitors are sent to sign in first.
 */
export function FollowButton({ userId, initial, ...rest }: { userId: number; name: string; initial: FollowState; signedIn: boolean; size?: "sm" | "md" }) {
  return <FollowForm userId={userId} follow={useFollow(userId, initial)} {...rest} />;
}

/** The follow form for a page that shows the state elsewhere too (the profile header's count): its `useFollow`. */
export function FollowForm({
  userId,
  name,
  signedIn,
  size = "md",
  follow: { fetcher, fetcherKey, state, onSubmit },
}: {
  userId: number;
  name: string;
  signedIn: boolean;
  size?: "sm" | "md";
  follow: ReturnType<typeof useFollow>;
}) {
  useInteractionReply(fetcher);
  return (
    <Form navigate={false} fetcherKey={fetcherKey} onSubmit={onSubmit} method="post" action={`/profile/${userId}/follow`}>
      <JsField />
      <button
        type="submit"
        name="intent"
        value={signedIn && state.following ? "unfollow" : "follow"}
        aria-label={`${state.following ? "Following" : "Follow"} ${name}`}
        className={buttonClass({ variant: state.following ? "secondary" : "primary", size })}
      >
        {state.following ? "Following" : "Follow"}
      </button>
    </Form>
  );
}
