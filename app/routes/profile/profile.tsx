import { Outlet, useActionData } from "react-router";
import type { Route } from "./+types/profile";
import { useRevalidateWhileVisible, useRootData } from "~/components/hooks.ts";
import { ProfileHeader } from "~/components/profile/profile-header.tsx";
import { ProfileSidePanel } from "~/components/profile/profile-side-panel.tsx";
import { ProfileTabs } from "~/components/profile/profile-tabs.tsx";
import { ErrorPanel, GeneralErrorBoundary } from "~/components/ui/general-error-boundary.tsx";
import { pageClock } from "~/lib/browse.ts";
import { invalid, NOT_FOUND } from "~/lib/problem.ts";
import { parseOrThrow } from "~/rules/schemas/parse.ts";
import { EDIT_PROFILE_INTENT, PROFILE_CONTRIBUTORS, PROFILE_REFRESH_MS, PROFILE_STALE_MS } from "~/rules/profile-rules.ts";
import { requireId } from "~/rules/schemas/id-field.ts";
import { ProfileUpdateSchema } from "~/rules/schemas/profile-input.ts";
import { feedLink, pageCard, siteCardImage } from "~/lib/seo.ts";
import { getProfile, getProfileFields, getUserStats, mayEditProfile, updateProfile } from "~/models/profile.server.ts";
import { hasBlocked } from "~/models/block.server.ts";
import { page } from "~/http/answers/page-problem.server.ts";
import { formProblemReply } from "~/http/answers/conform-problem.server.ts";
import { interactionAction, succeed } from "~/http/answers/form-action.server.ts";
import { categoryCounts, topContributorsThisWeek } from "~/models/post/week-sidebar.server.ts";
import { siteOrigin } from "~/http/origin.server.ts";
import { getEnv } from "~/integrations/env.server.ts";
import { visitorMutesFor } from "~/http/cookies/mute-cookie.server.ts";
import { mutingFor } from "~/models/mute/mute.server.ts";

// /profile/:id — the layout of the five tabs (child routes): header (bio, counts, Follow, badges),
// the owner's edit form as URL state (?edit=profile), the side panel. Its action saves that form.

const PROFILE_FIELDS = ["bio", "displayName", "location", "occupation", "website"] as const;

/** The tab a profile URL names ("" for the posts tab), so each tab previews as its own page. */
const TAB_PATH = /^\/profile\/[^/]+(\/(?:comments|upvoted|saved|about))?\/?$/;

export const meta: Route.MetaFunction = ({ data, matches, location }) => {
  const siteName = (matches[0]?.loaderData as { siteName?: string } | undefined)?.siteName ?? "Chortle";
  if (!data) return [{ title: `User not found — ${siteName}` }];
  const { displayName, username, bio } = data.profile;
  const title = `${displayName} (@${username})`;
  const description = bio.trim() || `Posts and comments by ${title} on ${siteName}.`;
  const url = `${data.origin}/profile/${data.profile.id}${TAB_PATH.exec(location.pathname)?.[1] ?? ""}`;
  const image = data.card;
  return [
    { title: `${title} — ${siteName}` },
    { name: "description", content: description },
    ...pageCard({ siteName, url, title, description, image, type: "profile" }),
    feedLink(`Posts by ${displayName} (@${username})`, `/profile/${data.profile.id}/feed.xml`),
  ];
};

// Its answers may be memoised (lib/route-handle.ts): the loader reads only the database, URL and cookies.
export const handle = { memo: true };

export const loader = page({ who: "anyone", reads: ["blocked", "mutes"] }, ({ request, params, user: viewer }) => {
  const id = requireId(params.id, NOT_FOUND.user);
  const profile = getProfile({ id, viewerId: viewer?.id });
  const isOwner = viewer?.id === id;
  const editing = isOwner && new URL(request.url).searchParams.get("edit") === "profile";
  const visitorMutes = visitorMutesFor(request, viewer);
  const categories = categoryCounts({ viewerId: viewer?.id, visitorMutes })
    .filter((c) => c.postsCount > 0)
    .sort((a, b) => b.postsCount - a.postsCount)
    .slice(0, 5);
  return {
    profile,
    isOwner,
    blocked: hasBlocked({ blockerId: viewer?.id, blockedId: id }),
    muted: mutingFor(viewer?.id).members.includes(id),
    fields: editing && viewer ? getProfileFields(viewer) : null,
    stats: getUserStats({ userId: id }),
    categories,
    contributors: topContributorsThisWeek(PROFILE_CONTRIBUTORS, { viewerId: viewer?.id }),
    now: pageClock(),
    origin: siteOrigin(request),
    // Members have no picture of their own (their avatar is a letter on a colour): the site's card,
    // made here so the page's JavaScript carries none of it.
    card: siteCardImage(siteOrigin(request), getEnv().SITE_NAME),
  };
});

// The owner's edit form; its fields are parsed below, so that a message re-renders the form with it.
export const action = interactionAction(
  { who: "member", budget: "toggle" },
  (params: { id?: string }) => `/profile/${params.id}`,
  (ctx, params) => {
    const { user } = ctx;
    const userId = requireId(params.id, NOT_FOUND.user);
    if (ctx.form.get("intent") !== EDIT_PROFILE_INTENT) throw invalid("Unknown action");
    mayEditProfile({ actorId: user.id, userId });
    const input = Object.fromEntries(PROFILE_FIELDS.flatMap((k) => (typeof ctx.form.get(k) === "string" ? [[k, ctx.form.get(k)]] : [])));
    let changes;
    try {
      changes = parseOrThrow(ProfileUpdateSchema, input);
    } catch (error) {
      // The form again with the field's message (a stranger was refused above, with a toast).
      return formProblemReply(ctx.form, error);
    }
    updateProfile({ actorId: user.id, userId, changes });
    const back = new URL(ctx.back, "http://local.invalid");
    back.searchParams.delete("edit");
    return succeed(ctx, { to: `${back.pathname}${back.search}`, toast: { type: "success", title: "Profile updated" } });
  },
  { failTitle: "Failed to update bio" },
);

export default function Profile({ loaderData }: Route.ComponentProps) {
  const { profile, isOwner, blocked, muted, fields, stats, categories, contributors } = loaderData;
  const { user, timeZone } = useRootData();
  const actionData = useActionData<{ result?: Parameters<typeof ProfileHeader>[0]["lastResult"] }>();
  useRevalidateWhileVisible(PROFILE_REFRESH_MS, PROFILE_STALE_MS);
  return (
    <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_18rem]">
      <div className="min-w-0 space-y-4">
        <ProfileHeader
          profile={profile}
          isOwner={isOwner}
          blocked={blocked}
          muted={muted}
          signedIn={Boolean(user)}
          timeZone={timeZone}
          fields={fields}
          lastResult={actionData?.result}
        />
        <ProfileTabs userId={profile.id} />
        <Outlet />
      </div>
      <ProfileSidePanel stats={stats} categories={categories} contributors={contributors} />
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      title="Error loading profile"
      statusHandlers={{ 404: () => <ErrorPanel title={NOT_FOUND.user} message="There is no member at this address." /> }}
    />
  );
}
