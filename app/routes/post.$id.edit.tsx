import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useNavigation } from "react-router";
import { Link } from "~/components/ui/link.tsx";
import { ErrorPanel, GeneralErrorBoundary } from "~/components/ui/general-error-boundary.tsx";
import type { Route } from "./+types/post.$id.edit";
import { formProblemReply, invalidReply, problemReply } from "~/http/answers/conform-problem.server.ts";
import { page, pageAction } from "~/http/answers/page-problem.server.ts";
import { actsAsAdmin } from "~/http/contract.server.ts";
import { redirectWithToast } from "~/http/cookies/toast-cookie.server.ts";
import { SubmitButton, useZodForm } from "~/components/ui/field.tsx";
import { PostEditFields } from "~/components/post-edit-fields.tsx";
import { JS_FIELD } from "~/rules/interactions/action-reply.ts";
import type { Toast } from "~/lib/toast.ts";
import { requireId } from "~/rules/schemas/id-field.ts";
import { PostEditSchema } from "~/rules/schemas/post-input.ts";
import { editPost, postForEditing } from "~/models/edit.server.ts";
import { HELD_POST_TOAST } from "~/rules/spam-rules.ts";
import { NOT_FOUND } from "~/lib/problem.ts";

// /post/:id/edit: the author edits the title, category and quoted author of their post within the edit
// window; an admin the title and category of any post. A page of its own, so it works without
// JavaScript (POST → 303 to the post with a toast, or the form again with its messages). With
// JavaScript the card's in-place editor (components/post-edit-inline.tsx) posts here too, by a
// fetcher that sends JS_FIELD: it is answered data (the edited post and the toast), not a redirect
// that would take the member away from the page they were on.

export const meta: Route.MetaFunction = ({ matches }) => {
  const siteName = (matches[0]?.loaderData as { siteName?: string } | undefined)?.siteName ?? "Chortle";
  return [{ title: `Edit post · ${siteName}` }, { name: "robots", content: "noindex" }];
};

export const loader = page({ who: "member" }, async ({ request, params, user }) =>
  postForEditing({ id: requireId(params.id, NOT_FOUND.post), actorId: user.id, asAdmin: await actsAsAdmin(request) }),
);

// It spends the "post" budget (the JSON twin PATCH /api/posts/:id is the same write). A spent budget
// is said in the form (with its 429), like any refusal of the edit itself.
export const action = pageAction(
  { who: "member", budget: "post", input: PostEditSchema },
  async ({ request, params, user, form }) => {
    const id = requireId(params.id, NOT_FOUND.post);
    const submission = parseWithZod(form, { schema: PostEditSchema });
    if (submission.status !== "success") return invalidReply(submission);
    try {
      const post = editPost({ id, actorId: user.id, asAdmin: await actsAsAdmin(request), changes: submission.value });
      // A new account's new title that waits for a moderator, as new text would: said as a held post is.
      const toast: Toast = post.held ? HELD_POST_TOAST : { type: "success", title: "Post updated" };
      if (submission.payload[JS_FIELD] === "1") return data({ result: submission.reply(), post, toast });
      return redirectWithToast(`/post/${id}`, toast);
    } catch (error) {
      return problemReply(submission, error);
    }
  },
  {
    refused: (form, problem) => {
      if (problem.kind !== "too_many") throw problem;
      return formProblemReply(form, problem);
    },
  },
);

export default function EditPostPage({ loaderData: post, actionData }: Route.ComponentProps) {
  const [form, fields] = useZodForm("edit-post", () => import("~/rules/schemas/post-input.ts").then((m) => m.PostEditSchema), actionData?.result, post);
  const submitting = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-lg py-6">
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <Form method="post" {...form.props} className="space-y-4">
          <h1 className="text-2xl font-bold">Edit post</h1>
          <p className="text-sm text-slate-700">
            {post.asModerator ? "As an admin you can change the title and the category; the change is logged." : "The video and the quoted comment stay as you shared them."}
          </p>
          <PostEditFields form={form} fields={fields} category={post.category} asModerator={post.asModerator} />
          <SubmitButton disabled={submitting}>{submitting ? "Saving…" : "Save changes"}</SubmitButton>
        </Form>
        <p className="mt-4 text-center text-sm">
          <Link to={`/post/${post.id}`} className="font-semibold text-brand hover:underline">
            Back to the post
          </Link>
        </p>
      </div>
    </div>
  );
}

// A refused edit (the window closed: 409; not yours: 403) is answered on this page, under its own
// title (the root's boundary would leave the document without one).
export function ErrorBoundary() {
  return <GeneralErrorBoundary title="This post cannot be edited" statusHandlers={{ 404: () => <ErrorPanel title="Post Not Found" message="The post you're looking for doesn't exist or has been removed." alert={false} /> }} />;
}
