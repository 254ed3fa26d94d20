import { Link } from "~/components/ui/link.tsx";
import type { Route } from "./+types/posts";
import { page } from "~/http/answers/page-problem.server.ts";
import { AdminList, AdminRow, Pager, SearchBox } from "~/components/admin/list-controls.tsx";
import { useRootData } from "~/components/hooks.ts";
import { ConfirmForm } from "~/components/ui/confirm-form.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { GeneralErrorBoundary, RetryLink } from "~/components/ui/general-error-boundary.tsx";
import { formatDate, plural } from "~/lib/format.ts";
import { AdminListQuerySchema } from "~/rules/schemas/admin.ts";
import { listAdminPosts } from "~/models/admin/posts.server.ts";
import { reachOf } from "~/models/moderation/roles.server.ts";
import { ADMIN_SIGN_IN, loadOrFail } from "~/routes/admin/admin-page.server.ts";

// /admin/posts: every post, newest first, ?q= on the title, ?page=; deletion behind a confirmation
// (posted to /admin/posts/:id/delete).

export const meta: Route.MetaFunction = () => [
  { title: "Posts · Admin Dashboard" },
  { name: "description", content: "Every post on the site, newest first, with search and deletion for admins." },
];

export const loader = page(
  { who: "moderator", input: AdminListQuerySchema },
  ({ user, input }) => ({ ...loadOrFail("Failed to load posts", () => listAdminPosts({ ...input, reach: reachOf(user.id) })), q: input.q }),
  ADMIN_SIGN_IN,
);

export default function AdminPosts({ loaderData }: Route.ComponentProps) {
  const { items, page, pageCount, total, q } = loaderData;
  const { timeZone } = useRootData();
  return (
    <div className="space-y-4">
      <h2 className="sr-only">Posts</h2>
      <SearchBox label="Search posts by title" q={q} />
      {items.length === 0 ? (
        <EmptyState level={3} title="No posts found" message={q ? `No posts match '${q}'.` : "No posts yet."} />
      ) : (
        <AdminList label="Posts, newest first">
          {items.map((p) => (
            <AdminRow
              key={p.id}
              id={`post-${p.id}`}
              actions={
                <ConfirmForm
                  confirmKey={`delete-post-${p.id}`}
                  trigger="Delete"
                  triggerLabel={`Delete '${p.title}'`}
                  title="Delete this post?"
                  message={<>'{p.title}' goes with its comments, votes and saves. This cannot be undone.</>}
                  action={`/admin/posts/${p.id}/delete`}
                  confirmLabel="Delete post"
                  reason
                />
              }
            >
              <Link
                to={`/post/${p.id}`}
                dir="auto"
                className="min-w-0 basis-full truncate font-medium text-brand hover:underline md:basis-auto md:flex-1"
              >
                {p.title}
              </Link>
              <span className="text-slate-700">
                by{" "}
                {p.userId ? (
                  <Link to={`/profile/${p.userId}`} className="hover:underline">
                    {p.username}
                  </Link>
                ) : (
                  p.username
                )}
              </span>
              <span className="text-slate-700">{p.category}</span>
              <span className="text-slate-700">{plural(p.upvotes, "upvote")}</span>
              <span className="text-slate-700">{plural(p.commentsCount, "comment")}</span>
              <span className="text-slate-700">{formatDate(p.createdAt, timeZone)}</span>
            </AdminRow>
          ))}
        </AdminList>
      )}
      <Pager page={page} pageCount={pageCount} total={total} noun="posts" />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary fallback="Failed to load posts" actions={<RetryLink to="/admin/posts" />} />;
}
