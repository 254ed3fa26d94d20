import { HELD_LABEL } from "~/rules/spam-rules.ts";
import { MemberText } from "./member-text.tsx";

export type HeldEntry = { id: number; title?: string | null; content: string };

/**
 * A new member's own posts or comments that wait for a moderator (docs/product.md §11 "Spam"): shown
 * to them alone, each marked as waiting; nobody else's page carries them. On the post page (their
 * comments there), their profile's Posts tab and their standing page.
 */
export function HeldList({ items, label, testId }: { items: readonly HeldEntry[]; label: string; testId: string }) {
  return (
    <ul aria-label={label} className="mb-3 space-y-2">
      {items.map((item) => (
        <li key={item.id} id={`held-${item.id}`} data-testid={testId} className="held">
          <p className="text-xs font-semibold text-amber-900">{HELD_LABEL}</p>
          <MemberText title={item.title} text={item.content} />
        </li>
      ))}
    </ul>
  );
}
