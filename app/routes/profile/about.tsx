import type { Route } from "./+types/about";
import { useRootData } from "~/components/hooks.ts";
import { ActivityChart } from "~/components/profile/activity-chart.tsx";
import { BadgeList } from "~/components/profile/badges.tsx";
import { ProfileDetails } from "~/components/profile/profile-header.tsx";
import { getProfile, getWeeklyActivity } from "~/models/profile.server.ts";
import { pageProblem } from "~/services/http.server.ts";
import { profileTab } from "~/services/profile-tab.server.ts";

// /profile/:id/about — join date, details, badges with their rules, and the weekly activity picture.

export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const tab = await profileTab(request, params);
    return {
      profile: getProfile({ id: tab.userId, viewerId: tab.viewerId }),
      weeks: getWeeklyActivity({ userId: tab.userId, now: tab.now }),
    };
  } catch (error) {
    pageProblem(error);
  }
}

export default function ProfileAbout({ loaderData }: Route.ComponentProps) {
  const { profile, weeks } = loaderData;
  const { timeZone } = useRootData();
  const section = "rounded-xl border border-slate-200 bg-white p-4 shadow-sm space-y-3";
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
    </div>
  );
}
