import { useLocation } from "react-router";
import { Time } from "~/components/ui/time.tsx";
import type { SubmissionResult } from "@conform-to/react";
import { formatCount, formatDate } from "~/lib/format.ts";
import type { ProfileFields, ProfileView } from "~/rules/profile-rules.ts";
import { Avatar } from "../avatar.tsx";
import { FeedLink } from "../atom-link.tsx";
import { LinkButton } from "../ui/button.tsx";
import { BadgeList } from "./badges.tsx";
import { BlockButton } from "./block-button.tsx";
import { FollowForm, useFollow } from "./follow-button.tsx";
import { ReportLink } from "../report-link.tsx";
import { LazyProfileEditForm, preloadProfileEditForm } from "../lazy-parts.tsx";
import { MuteLink } from "../mutes/mute-link.tsx";
import { UnmuteForm } from "../mutes/unmute-form.tsx";

/** A member's website as a safe link: only http(s) is ever stored; nofollow for what members write. */
function WebsiteLink({ url }: { url: string }) {
  const label = url.replace(/^https?:\/\//, "").replace(/\/$/, "");
  return (
    <a href={url} rel="nofollow ugc noopener" target="_blank" className="break-all font-medium text-brand hover:underline">
      {label}
    </a>
  );
}

/** Where the member is from, what they do, their website and join date. */
export function ProfileDetails({ profile, timeZone }: { profile: ProfileView; timeZone: string }) {
  const row = "flex gap-2";
  return (
    <dl className="grid gap-x-6 gap-y-1 text-sm text-slate-700 sm:grid-cols-2">
      <div className={row}>
        <dt className="font-semibold">Joined</dt>
        <dd>
          <Time value={profile.joinDate} timeZone={timeZone}>{formatDate(profile.joinDate, timeZone)}</Time>
        </dd>
      </div>
      <div className={row}>
        <dt className="font-semibold">Location</dt>
        <dd dir="auto">{profile.location}</dd>
      </div>
      <div className={row}>
        <dt className="font-semibold">Occupation</dt>
        <dd dir="auto">{profile.occupation}</dd>
      </div>
      <div className={row}>
        <dt className="font-semibold">Website</dt>
        <dd>{profile.website ? <WebsiteLink url={profile.website} /> : "None"}</dd>
      </div>
    </dl>
  );
}

type HeaderProps = {
  profile: ProfileView;
  isOwner: boolean;
  /** The viewer blocked this member. */
  blocked: boolean;
  signedIn: boolean;
  timeZone: string;
  /** The owner's values when the edit form is open (?edit=profile). */
  fields: ProfileFields | null;
  lastResult: SubmissionResult<string[]> | null | undefined;
  /** The viewer muted this member (their posts and comments leave the viewer's lists). */
  muted?: boolean;
};

/** Banner, avatar, names, bio (or its edit form), counts, details, badges and Follow. */
export function ProfileHeader({ profile, isOwner, blocked, muted = false, signedIn, timeZone, fields, lastResult }: HeaderProps) {
  const { pathname } = useLocation();
  const follow = useFollow(profile.id, { following: profile.isFollowingUser, followersCount: profile.followersCount });
  const { state } = follow;
  const counts = [
    { label: "Posts", value: profile.postsCount, id: "posts" },
    { label: "Followers", value: state.followersCount, id: "followers" },
    { label: "Following", value: profile.followingCount, id: "following" },
  ];
  return (
    <section aria-labelledby="profile-name" className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <div aria-hidden="true" className="h-24 bg-gradient-to-r from-rose-500 via-orange-400 to-amber-300 md:h-32" />
      <div className="px-4 pb-4 md:px-6">
        <div className="-mt-10 flex flex-wrap items-end justify-between gap-3">
          <span className="rounded-full ring-4 ring-white">
            <Avatar name={profile.displayName} size="lg" />
          </span>
          {isOwner ? (
            fields ? null : (
              <LinkButton
                to={`${pathname}?edit=profile#profile-edit`}
                variant="secondary"
                onPointerEnter={preloadProfileEditForm}
                onFocus={preloadProfileEditForm}
              >
                Edit<span className="sr-only"> profile</span>
              </LinkButton>
            )
          ) : (
            <div className="flex items-center gap-2">
              {signedIn ? <ReportLink targetType="user" targetId={profile.id} label="Report" className="rounded-full px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-100" /> : null}
              {blocked ? null : (
                <FollowForm userId={profile.id} name={profile.displayName} signedIn={signedIn} follow={follow} />
              )}
              {signedIn ? <BlockButton userId={profile.id} name={profile.displayName} blocked={blocked} /> : null}
              {signedIn ? (
                muted ? (
                  <UnmuteForm kind="member" value={profile.id} className="rounded-full px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-100">
                    Unmute
                  </UnmuteForm>
                ) : (
                  <MuteLink kind="member" value={profile.id} className="rounded-full px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-100">
                    Mute
                  </MuteLink>
                )
              ) : null}
            </div>
          )}
        </div>
        <h1 id="profile-name" dir="auto" className="mt-2 text-2xl font-bold">
          {profile.displayName}
        </h1>
        <p className="flex flex-wrap items-center gap-x-3 text-slate-600">
          @{profile.username}
          <FeedLink href={`/profile/${profile.id}/feed.xml`} />
        </p>
        {fields ? (
          // No <Suspense>: hydration waits for the form's code (see lazy-parts.tsx).
          <LazyProfileEditForm fields={fields} lastResult={lastResult} cancelHref={pathname} action={`/profile/${profile.id}?edit=profile`} />
        ) : (
          <p data-testid="profile-bio" dir="auto" className="mt-3 whitespace-pre-line break-words text-slate-800">
            {profile.bio}
          </p>
        )}
        <ul aria-label="Counts" className="mt-3 flex gap-5 text-sm">
          {counts.map((c) => (
            <li key={c.id} data-testid={`count-${c.id}`}>
              <span className="font-bold text-slate-900">{formatCount(c.value)}</span> <span className="text-slate-600">{c.label}</span>
            </li>
          ))}
        </ul>
        <div className="mt-3 space-y-3">
          <ProfileDetails profile={profile} timeZone={timeZone} />
          <BadgeList badges={profile.badges} />
        </div>
      </div>
    </section>
  );
}
