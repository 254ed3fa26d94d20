import { createContext, useContext } from "react";
import type { CommentView } from "~/lib/types.ts";

// The comment thread's shared pieces: the tree built from flat comments, and the context every
// comment, form and reply box of one thread reads.

export type ThreadViewer = { id: number; username: string } | null;

export type Node = CommentView & { replies: Node[] };

/** Replies deeper than this are behind a 'continue this thread' link (it shows that subtree). */
export const MAX_DEPTH = 5;

/** Flat comments (parentId) → a tree, in one pass. */
export function buildTree(comments: CommentView[]): Node[] {
  const byId = new Map<number, Node>();
  const roots: Node[] = [];
  for (const c of comments) byId.set(c.id, { ...c, replies: [] });
  for (const node of byId.values()) {
    const parent = node.parentId ? byId.get(node.parentId) : undefined;
    (parent ? parent.replies : roots).push(node);
  }
  return roots;
}

export function findNode(nodes: Node[], id: number): Node | null {
  for (const node of nodes) {
    if (node.id === id) return node;
    const found = findNode(node.replies, id);
    if (found) return found;
  }
  return null;
}

export function countAll(nodes: Node[]): number {
  return nodes.reduce((n, node) => n + 1 + countAll(node.replies), 0);
}

export type ThreadContext = {
  postId: number;
  /** The post's video: times in its comments link to that second of it. */
  videoId?: string;
  viewer: ThreadViewer;
  timeZone: string;
  now: number;
  maxDepth: number;
  /** The reply box that is open (from ?replyTo without JS, from clicks with JS). */
  openReply: number | null;
  setOpenReply: (id: number | null) => void;
  /** ?replyTo, ?commentError, ?draft: a no-JS reply box and a validation failure coming back to its box. */
  urlReplyTo: number | null;
  serverError: string | null;
  serverDraft: string;
  /** ?edit=comment-{id} and ?editError: the no-JS edit box and its refused edit's message. */
  urlEdit: number | null;
  editError: string | null;
  /** Hours after writing during which an author may edit (0: never), for showing 'Edit'. */
  editWindowHours: number;
  /** The comments whose replies the viewer follows; null where the page offers no following. */
  watched: ReadonlySet<number> | null;
  /** Builds this page's URL with some query params changed (null removes one). */
  hrefWith: (changes: Record<string, string | null>, anchor?: string) => string;
  onChange?: () => void;
};

export const Thread = createContext<ThreadContext | null>(null);
export function useThread(): ThreadContext {
  const ctx = useContext(Thread);
  if (!ctx) throw new Error("useThread outside CommentThread");
  return ctx;
}
