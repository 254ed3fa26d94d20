import { Form } from "react-router";
import { Link } from "../ui/link.tsx";
import { buttonClass } from "../ui/button.tsx";
import { formatDateTime } from "~/lib/format.ts";
import { HELD_REASON_LABELS } from "~/rules/spam-rules.ts";
import { MemberText } from "../member-text.tsx";

// The queue's "Waiting for approval": new accounts' posts and comments that wait for a moderator
// (docs/product.md §11 "Spam"), each with why it waits and two plain forms (no JavaScript needed).

export type HeldCardData = {
  id: number;
  kind: "post" | "comment";
  title: string | null;
  content: string;
  reason: keyof typeof HELD_REASON_LABELS;
  createdAt: string;
  postId: number | null;
  postTitle: string | null;
  author: { id: number; username: string };
};

export function HeldQueue({ items, timeZone }: { items: readonly HeldCardData[]; timeZone: string }) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="held-heading" className="space-y-3">
      <h2 id="held-heading" className="text-lg font-semibold">
        Waiting for approval ({items.length})
      </h2>
      {items.map((item) => (
        <article key={item.id} id={`held-${item.id}`} aria-label={`Waiting ${item.kind} by ${item.author.username}`} className="space-y-2 rounded-xl border border-amber-300 bg-amber-50 p-4">
          <p className="text-sm text-slate-800">
            <strong>{item.kind === "post" ? "Post" : "Comment"}</strong> by{" "}
            <Link to={`/profile/${item.author.id}`} className="font-semibold text-brand hover:underline">
              {item.author.username}
            </Link>
            {item.postId && item.postTitle ? (
              <>
                {" "}on{" "}
                <Link to={`/post/${item.postId}`} dir="auto" className="text-brand hover:underline">
                  {item.postTitle}
                </Link>
              </>
            ) : null}{" "}
            · {HELD_REASON_LABELS[item.reason]} · {formatDateTime(item.createdAt, timeZone)}
          </p>
          <MemberText title={item.title} text={item.content} className="text-sm" />
          <div className="flex flex-wrap gap-2">
            <Form method="post" action={`/admin/held/${item.id}/decide`}>
              <input type="hidden" name="decision" value="approve" />
              <button type="submit" className={buttonClass({ size: "sm" })}>
                Approve
              </button>
            </Form>
            <Form method="post" action={`/admin/held/${item.id}/decide`}>
              <input type="hidden" name="decision" value="reject" />
              <button type="submit" className={buttonClass({ variant: "secondary", size: "sm" })}>
                Reject
              </button>
            </Form>
          </div>
        </article>
      ))}
    </section>
  );
}
