/**
 * What a member wrote, shown as a block: a post's title (if any), then its text, each in the direction
 * its own letters give (`dir="auto"`: right-to-left text is not shown the wrong way round). Waiting
 * items, the review queue's reported items.
 */
export function MemberText({ title, text, className = "" }: { title?: string | null; text: string; className?: string }) {
  return (
    <>
      {title ? (
        <p dir="auto" className="font-semibold">
          {title}
        </p>
      ) : null}
      <p dir="auto" className={`whitespace-pre-wrap break-words ${className}`}>
        {text}
      </p>
    </>
  );
}
