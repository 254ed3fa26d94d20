import { useId } from "react";
import { Form, useFetcher } from "react-router";
import { nextSaveIntent, savedAfter, type SaveReply } from "~/rules/interactions/save.ts";
import { StarIcon } from "./icons.tsx";
import { JsField, useInteractionReply } from "./interaction.tsx";
import { useOnePress } from "./one-press.ts";

// Posts to /post/:id/save ('Post saved' / 'Post unsaved').
// With JS the star flips at once (optimistic); visitors get 'Sign in to save'.
export function SaveButton({ postId, isSaved, signedIn }: { postId: number; isSaved: boolean; signedIn: boolean }) {
  const fetcherKey = useId();
  const fetcher = useFetcher<SaveReply>({ key: fetcherKey });
  useInteractionReply(fetcher);
  const settled = fetcher.data?.ok && fetcher.data.postId === postId ? fetcher.data.isSaved : null;
  const { press, onSubmit } = useOnePress(fetcher);
  const pending = signedIn ? press?.get("intent") : null;
  const saved = pending === "save" || pending === "unsave" ? savedAfter(pending) : (settled ?? isSaved);
  return (
    <Form navigate={false} fetcherKey={fetcherKey} onSubmit={onSubmit} method="post" action={`/post/${postId}/save`}>
      <JsField />
      {signedIn ? (
        <button type="submit" name="intent" value={nextSaveIntent(saved)} aria-pressed={saved} className={saved ? "action text-amber-700" : "action"}>
          <StarIcon filled={saved} />
          {saved ? " Saved" : " Save"}
        </button>
      ) : (
        <button type="submit" name="intent" value="save" className="action">
          <StarIcon /> Sign in to save
        </button>
      )}
    </Form>
  );
}
