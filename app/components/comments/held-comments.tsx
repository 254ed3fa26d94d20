import { HELD_LABEL } from "~/rules/spam-rules.ts";

export type HeldComment = { id: number; content: string; parentId: number | null };

/**
 * A new member's own comments that wait for a moderator (docs/product.md §11 "Spam"): shown to them
 * alone, marked as waiting; nobody else's page carries them.
 */
export function HeldComments({ items }: { items: readonly HeldComment[] }) {
  return (
    <ul aria-label="Your comments waiting for review" className="mb-3 space-y-2">
      {items.map((item) => (
        <li key={item.id} id={`held-${item.id}`} data-testid="held-comment" className="held">
          <p className="text-xs font-semibold text-amber-900">{HELD_LABEL}</p>
          <p className="whitespace-pre-wrap break-words">{item.content}</p>
        </li>
      ))}
    </ul>
  );
}
