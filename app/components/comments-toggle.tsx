import { Link } from "react-router";
import { formatCount } from "~/lib/format.ts";

// Owned by the interactions work (with JS it expands the thread in place).
export function CommentsToggle({ postId, count }: { postId: number; count: number }) {
  return (
    <Link to={`/post/${postId}#comments`} className="inline-flex items-center gap-1 rounded-full px-3 py-1.5 text-sm hover:bg-slate-100">
      <span aria-hidden="true">💬</span> {formatCount(count)} {count === 1 ? "comment" : "comments"}
    </Link>
  );
}
