// A post's link-preview picture (docs/product.md §3): what it shows is read here, drawn and kept by
// integrations/preview-cache.server.ts.
import { forgetPreview, getPreview, type PreviewFacts } from "~/integrations/preview-cache.server.ts";
import { getEnv } from "~/integrations/env.server.ts";
import { getPost } from "./read.server.ts";

export type PostPreview = { kind: "picture"; png: Buffer } | { kind: "gone" } | { kind: "unavailable" };

/** The revision a post's picture is kept by: its last edit, or its creation (ms). */
export function previewRevision(post: { createdAt: string; editedAt?: string | null }): number {
  return Date.parse(post.editedAt ?? post.createdAt);
}

/** The picture of post `id`: gone (and its kept files removed) when there is no such post. */
export async function postPreview(id: number): Promise<PostPreview> {
  const post = getPost({ id });
  if (!post) {
    forgetPreview(id);
    return { kind: "gone" };
  }
  const facts: PreviewFacts = {
    postId: post.id,
    revision: previewRevision(post),
    comment: post.comment,
    commentAuthor: post.commentAuthor,
    title: post.title,
    siteName: getEnv().SITE_NAME,
  };
  const png = await getPreview(facts);
  return png ? { kind: "picture", png } : { kind: "unavailable" };
}
