import { useEffect, useRef, type KeyboardEvent, useId } from "react";
import { Form, useFetcher } from "react-router";
import type { PostView } from "~/lib/browse.ts";
import { JS_FIELD } from "~/rules/interactions/action-reply.ts";
import type { Toast } from "~/lib/toast.ts";
import { useRootData } from "./hooks.ts";
import { PostEditFields } from "./post-edit-fields.tsx";
import { showToast } from "./toaster.tsx";
import { buttonClass } from "./ui/button.tsx";
import { useZodForm, type FormResult } from "./ui/field.tsx";

// The card's 'Edit' with JavaScript: the edit form in place, a chunk of its own that the card loads
// when 'Edit' is pressed (the home page's script budget has no room for it). It posts to the route
// action of /post/{id}/edit (the page without JavaScript) with the same schema, so the rules and
// messages are the same; the answer is data (JS_FIELD), the card follows when the page's loaders
// revalidate after the action. Escape or Cancel closes it and gives the focus back to the post's menu
// ('More', where 'Edit' was chosen: the menu closed on that press).

type EditPostReply = { result?: FormResult; post?: { id: number }; toast?: Toast };

const loadSchema = () => import("~/rules/schemas/post-input.ts").then((m) => m.PostEditSchema);

export function PostEditInline({ post, onClose }: { post: PostView; onClose: () => void }) {
  const fetcherKey = useId();
  const fetcher = useFetcher<EditPostReply>({ key: fetcherKey });
  const id = `edit-post-${post.id}`;
  const [form, fields] = useZodForm(id, loadSchema, fetcher.data?.result, post);
  const { user } = useRootData();
  const close = useRef(onClose);
  close.current = () => {
    onClose();
    document.querySelector<HTMLElement>(`#post-${post.id} .more > summary`)?.focus();
  };

  useEffect(() => document.getElementById(`${id}-title`)?.focus(), [id]);
  useEffect(() => {
    const reply = fetcher.data;
    if (!reply?.post) return;
    if (reply.toast) showToast(reply.toast);
    close.current();
  }, [fetcher.data]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Escape") return;
    event.preventDefault();
    close.current();
  };
  const saving = fetcher.state !== "idle";
  return (
    <Form
      navigate={false}
      fetcherKey={fetcherKey}
      method="post"
      action={`/post/${post.id}/edit`}
      {...form.props}
      onKeyDown={onKeyDown}
      aria-label="Edit post"
      className="mt-3 space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-3"
    >
      <input type="hidden" name={JS_FIELD} value="1" />
      <PostEditFields form={form} fields={fields} category={post.category} asModerator={user?.id !== post.userId} />
      <div className="flex gap-2">
        <button type="submit" disabled={saving} className={buttonClass({ size: "sm" })}>
          {saving ? "Saving…" : "Save changes"}
        </button>
        <button type="button" onClick={() => close.current()} className={buttonClass({ variant: "ghost", size: "sm" })}>
          Cancel
        </button>
      </div>
    </Form>
  );
}
