import type { ReactNode } from "react";
import { FollowingFeedPanel } from "../private-atom-url.tsx";
import { buttonClass, LinkButton } from "../ui/button.tsx";
import type { BlockedMember } from "~/rules/interactions/block-member.ts";
import { BlockedList } from "./blocked-list.tsx";
import { InviteList, type OwnerInvites } from "./invite-list.tsx";
import { SessionList, type SessionItem } from "./session-list.tsx";

/** For the shared demo account (`demo`), no sessions nor feed link: they are other visitors'. `invites` only with SIGNUP_MODE=invite. */
export type OwnerAccount = { demo: boolean; sessions: SessionItem[] | null; feedUrl: string | null; blocks: BlockedMember[]; invites?: OwnerInvites };

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-2">
      <h3 id={id} className="font-bold">
        {title}
      </h3>
      {children}
    </section>
  );
}

/**
 * The about tab's owner-only section: sessions, the private Following feed, the password and
 * 'Delete my account' (its confirmation is the /account/delete page). Nobody else is sent this data.
 */
export function AccountPanel({
  account,
  now,
  timeZone,
  className,
}: {
  account: OwnerAccount;
  now: number;
  timeZone: string;
  className: string;
}) {
  return (
    <section aria-labelledby="about-account" data-testid="account-panel" className={className}>
      <h2 id="about-account" className="font-bold">
        Your account
      </h2>
      <p className="text-sm text-slate-600">Only you can see this section.</p>
      {account.demo ? (
        <p data-testid="demo-account-note" className="text-sm text-slate-700">
          This is the shared demo account: its password, sessions, private feed link and deletion are not available.
        </p>
      ) : null}
      {account.sessions ? <SessionList sessions={account.sessions} now={now} timeZone={timeZone} /> : null}
      {account.feedUrl ? <FollowingFeedPanel feedUrl={account.feedUrl} /> : null}
      {account.demo ? null : <Part id="account-password" title="Password">
        <div className="flex flex-wrap gap-2">
          <LinkButton to="/account/password" variant="secondary" size="sm">
            Change password
          </LinkButton>
          <LinkButton to="/account/two-factor" variant="secondary" size="sm">
            Two-factor sign-in
          </LinkButton>
        </div>
      </Part>}
      {account.demo ? null : (
        <Part id="account-email" title="E-mail">
          <p className="text-sm text-slate-700">Replies, mentions, followed threads and a weekly digest by e-mail: off until you turn them on.</p>
          <LinkButton to="/account/email" variant="secondary" size="sm">
            E-mail preferences
          </LinkButton>
        </Part>
      )}
      <BlockedList blocks={account.blocks} />
      {account.invites ? <InviteList invites={account.invites} timeZone={timeZone} /> : null}
      <Part id="account-export" title="Your data">
        <p className="text-sm text-slate-700">
          One JSON file with your account, posts, comments, votes, saves, follows, notifications, followed threads, e-mail choices and sessions. Once an hour.
        </p>
        <a href="/account/export" className={buttonClass({ variant: "secondary", size: "sm" })}>
          Download my data
        </a>
      </Part>
      {account.demo ? null : <Part id="account-delete" title="Delete my account">
        <p className="text-sm text-slate-700">Your posts, votes, saves and follows go with it. You confirm with your password.</p>
        <LinkButton to="/account/delete" variant="danger" size="sm">
          Delete my account
        </LinkButton>
      </Part>}
    </section>
  );
}
