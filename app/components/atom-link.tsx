import { FeedIcon } from "./icons.tsx";

/** A small visible link to a page's Atom feed (the head has the matching rel="alternate"). */
export function FeedLink({ href, label = "Feed" }: { href: string; label?: string }) {
  return (
    <a
      href={href}
      type="application/atom+xml"
      className="inline-flex items-center gap-1 rounded-full px-2 py-1 text-xs font-semibold text-orange-700 hover:bg-orange-50"
    >
      <FeedIcon className="h-3.5 w-3.5" />
      {label}
    </a>
  );
}
