import { Link } from "~/components/ui/link.tsx";
import type { BlockedMember } from "~/rules/interactions/block-member.ts";
import { BlockButton } from "./block-button.tsx";

/** The about tab's list of the members the owner blocked, each with its Unblock form. */
export function BlockedList({ blocks }: { blocks: BlockedMember[] }) {
  return (
    <section aria-labelledby="account-blocks" className="space-y-2">
      <h3 id="account-blocks" className="font-bold">
        Blocked members
      </h3>
      {blocks.length === 0 ? (
        <p className="text-sm text-slate-600">You have not blocked anyone.</p>
      ) : (
        <ul data-testid="blocked-list" className="space-y-2">
          {blocks.map((b) => (
            <li key={b.id} id={`blocked-${b.id}`} className="flex items-center justify-between gap-2 text-sm">
              <Link to={`/profile/${b.id}`} className="font-semibold text-slate-900 hover:underline">
                <span dir="auto">{b.displayName}</span> <span className="font-normal text-slate-600">@{b.username}</span>
              </Link>
              <BlockButton userId={b.id} name={b.displayName} blocked anchor={`blocked-${b.id}`} size="sm" />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
