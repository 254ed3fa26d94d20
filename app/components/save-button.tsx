import { Form } from "react-router";
import { SignInLink } from "./auth-link.tsx";

// Owned by the interactions work: posts to /post/:id/save.
export function SaveButton({ postId, isSaved, signedIn }: { postId: number; isSaved: boolean; signedIn: boolean }) {
  const cls = "inline-flex items-center gap-1 rounded-full px-3 py-1.5 text-sm hover:bg-slate-100";
  if (!signedIn) {
    return (
      <SignInLink anchor={`post-${postId}`} className={cls} label="Sign in to save">
        <span aria-hidden="true">☆</span> Save
      </SignInLink>
    );
  }
  return (
    <Form method="post" action={`/post/${postId}/save`}>
      <button type="submit" name="intent" value={isSaved ? "unsave" : "save"} aria-pressed={isSaved} className={cls}>
        <span aria-hidden="true">{isSaved ? "★" : "☆"}</span> {isSaved ? "Saved" : "Save"}
      </button>
    </Form>
  );
}
