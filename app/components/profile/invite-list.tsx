import { Form } from "react-router";
import { Link } from "~/components/ui/link.tsx";
import { formatDate } from "~/lib/format.ts";
import { Button } from "../ui/button.tsx";

type InviteItem = { code: string; createdAt: string; usedAt: string | null; usedBy: { id: number; username: string } | null };
/** The owner's codes and whether they may make one now (`refusal`: why not). */
export type OwnerInvites = { items: InviteItem[]; refusal: string | null };

/**
 * The about tab's invites (SIGNUP_MODE=invite): the owner's codes, made when and used by whom, and the
 * 'Create invite' form (a plain POST, 303 back here with the code in the toast), or why they cannot.
 */
export function InviteList({ invites, timeZone }: { invites: OwnerInvites; timeZone: string }) {
  return (
    <section id="invites" aria-labelledby="account-invites" className="space-y-2">
      <h3 id="account-invites" className="font-bold">
        Invites
      </h3>
      <p className="text-sm text-slate-700">Sign-ups on this site need an invite code. Each code can be used once.</p>
      {invites.refusal ? (
        <p className="text-sm text-slate-700" data-testid="invite-refusal">
          {invites.refusal}
        </p>
      ) : (
        <Form method="post" action="/invites">
          <Button type="submit" variant="secondary" size="sm">
            Create invite
          </Button>
        </Form>
      )}
      {invites.items.length === 0 ? (
        <p className="text-sm text-slate-600">You have not made any invites.</p>
      ) : (
        <ul data-testid="invite-list" className="space-y-1 text-sm">
          {invites.items.map((i) => (
            <li key={i.code} className="flex flex-wrap items-center gap-x-3">
              <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-slate-900">{i.code}</code>
              <span className="text-slate-700">made {formatDate(i.createdAt, timeZone)}</span>
              {i.usedBy ? (
                <span className="text-slate-700">
                  used by{" "}
                  <Link to={`/profile/${i.usedBy.id}`} className="text-brand hover:underline">
                    {i.usedBy.username}
                  </Link>
                </span>
              ) : i.usedAt ? (
                <span className="text-slate-700">used</span>
              ) : (
                <span className="font-semibold text-emerald-800">unused</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
