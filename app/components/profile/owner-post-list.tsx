import type { PostView } from "~/lib/browse.ts";
import { PostCard, type PostCardProps } from "../post-card.tsx";
import { ConfirmForm } from "../ui/confirm-form.tsx";

/**
 * The owner's own posts (docs/product.md §5: deletion is offered only there): each card with 'Delete', which
 * opens its confirmation step (?confirm=delete-post-12, with or without JS) posting to /post/:id/delete.
 */
export function OwnerPostList({ posts, editable, ...card }: Omit<PostCardProps, "post" | "headingLevel" | "canEdit"> & { posts: PostView[]; editable?: number[] }) {
  return (
    <ol className="space-y-4" aria-label="Posts">
      {posts.map((post) => (
        <li key={post.id}>
          <PostCard post={post} canEdit={editable?.includes(post.id)} {...card} />
          <div className="mt-1 flex justify-end">
            <ConfirmForm
              confirmKey={`delete-post-${post.id}`}
              trigger="Delete"
              triggerLabel={`Delete post “${post.title}”`}
              title="Delete this post?"
              message={`“${post.title}” and its comments will be removed for everyone. This cannot be undone.`}
              action={`/post/${post.id}/delete`}
              confirmLabel="Delete post"
            />
          </div>
        </li>
      ))}
    </ol>
  );
}
