import type { Route } from "./+types/about";
import { useRootData } from "~/components/hooks.ts";
import { AccountPanel, type OwnerAccount } from "~/components/profile/account-panel.tsx";
import { ActivityChart } from "~/components/profile/weekly-activity-chart.tsx";
import { BadgeList } from "~/components/profile/badges.tsx";
import { ProfileDetails } from "~/components/profile/profile-header.tsx";
import { isDemo } from "~/rules/demo-rules.ts";
import { followingFeedPath } from "~/lib/seo.ts";
import { getFeedToken } from "~/models/syndication-token.server.ts";
import { getProfile, getWeeklyActivity } from "~/models/profile.server.ts";
import { listBlocks } from "~/models/block.server.ts";
import type { OwnerInvites } from "~/components/profile/invite-list.tsx";
import { inviteRefusal, listInvites } from "~/models/account/invites.server.ts";
import { signupNeedsInvite } from "~/models/account/registration.server.ts";
import { getUserById } from "~/models/user.server.ts";
import { listUserSessions } from "~/models/session.server.ts";
import { page } from "~/http/answers/page-problem.server.ts";
import { actsAsAdmin } from "~/http/contract.server.ts";
import { ProfileTabQuerySchema } from "~/rules/schemas/profile-input.ts";
import { profileTab } from "~/routes/profile/profile-tab.server.ts";
import { getSessionToken } from "~/http/cookies/session-cookie.server.ts";

// /profile/:id/about — join date, details, badges with their rules, and the weekly activity picture;
// for the owner only, their account: sessions, the private Following feed, password, deletion.

/** The owner's account section, read only when the viewer is the owner (nobody else is sent it). */
async function ownerAccount(request: Request, userId: number, origin: string, username: string): Promise<OwnerAccount> {
  // The shared demo account's sessions and feed link are other visitors' business.
  const blocks = listBlocks({ userId });
  const invites = ownerInvites(userId, await actsAsAdmin(request));
  if (isDemo({ username })) return { demo: true, sessions: null, feedUrl: null, blocks, invites };
  const sessions = listUserSessions({ userId, currentToken: await getSessionToken(request) });
  return {
    demo: false,
    blocks,
    invites,
    sessions: sessions.map(({ key, device, userAgent, signedInAt, lastSeenAt, current, twoFactor }) => ({
      key,
      device,
      userAgent,
      signedInAt: signedInAt.toISOString(),
      lastSeenAt: lastSeenAt.toISOString(),
      current,
      twoFactor,
    })),
    feedUrl: `${origin}${followingFeedPath(getFeedToken({ userId }))}`,
  };
}

/** The owner's invite codes and whether they may make one, when sign-ups need invites. */
function ownerInvites(userId: number, asAdmin: boolean): OwnerInvites | undefined {
  if (!signupNeedsInvite()) return undefined;
  const user = getUserById({ id: userId });
  return { items: listInvites({ userId }), refusal: user ? inviteRefusal(user, { asAdmin }) : null };
}

// Its answers may be memoised (lib/route-handle.ts): the loader reads only the database, URL and cookies.
export const handle = { memo: true };

export const loader = page({ who: "anyone", input: ProfileTabQuerySchema, reads: ["posts-by-ids", "thread", "blocked"] }, async (args) => {
  const { request } = args;
  const tab = profileTab(args);
  const profile = getProfile({ id: tab.userId, viewerId: tab.viewerId });
  return {
    profile,
    weeks: getWeeklyActivity({ userId: tab.userId, now: tab.now }),
    account: tab.isOwner ? await ownerAccount(request, tab.userId, tab.origin, profile.username) : null,
    now: tab.now,
  };
});

export default function ProfileAbout({ loaderData }: Route.ComponentProps) {
  const { profile, weeks, account, now } = loaderData;
  const { timeZone } = useRootData();
  const section = "card space-y-3";
  return (
    <div className="space-y-4">
      <section aria-labelledby="about-details" className={section}>
        <h2 id="about-details" className="font-bold">
          About {profile.displayName}
        </h2>
        <ProfileDetails profile={profile} timeZone={timeZone} />
      </section>
      <section aria-labelledby="about-badges" className={section}>
        <h2 id="about-badges" className="font-bold">
          Badges
        </h2>
        <BadgeList badges={profile.badges} withRules />
      </section>
      <section aria-labelledby="about-activity" className={section}>
        <h2 id="about-activity" className="font-bold">
          Activity
        </h2>
        <ActivityChart weeks={weeks} timeZone={timeZone} />
      </section>
      {account ? <AccountPanel account={account} now={now} timeZone={timeZone} className={section} /> : null}
    </div>
  );
}
