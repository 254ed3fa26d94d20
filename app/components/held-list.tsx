import { HELD_LABEL } from "~/rules/spam-rules.ts";

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
          <HeldText item={item} />
        </li>
      ))}
    </ul>
  );
}

/** A waiting item's own words: a post's title, then its quoted comment (or a comment's text). */
export function HeldText({ item, className = "" }: { item: Omit<HeldEntry, "id">; className?: string }) {
  return (
    <>
      {item.title ? (
        <p dir="auto" className="font-semibold">
          {item.title}
        </p>
      ) : null}
      <p dir="auto" className={`whitespace-pre-wrap break-words ${className}`}>
        {item.content}
      </p>
    </>
  );
}
