import { Link } from "~/components/ui/link.tsx";
import type { Route } from "./+types/dashboard";
import { page } from "~/http/answers/page-problem.server.ts";
import { ActivityChart } from "~/components/admin/daily-activity-chart.tsx";
import { DemoResetForm } from "~/components/admin/demo-reset-form.tsx";
import { useAdminViewer } from "~/components/admin/admin-viewer.ts";
import { useRootData } from "~/components/hooks.ts";
import { Card } from "~/components/ui/card.tsx";
import { GeneralErrorBoundary, RetryLink } from "~/components/ui/general-error-boundary.tsx";
import { formatCount, formatDate } from "~/lib/format.ts";
import { getDailyActivity, getDashboardStats } from "~/models/admin/stats.server.ts";
import { ADMIN_SIGN_IN, loadOrFail } from "~/routes/admin/admin-page.server.ts";

// /admin: the totals, the newest users, the top posts and 30 days of activity drawn as SVG.

const LOAD_FAILED = "Failed to load dashboard data. Please try again.";

export const meta: Route.MetaFunction = () => [
  { title: "Admin Dashboard" },
  { name: "description", content: "Site totals, recent sign-ups, top posts and daily activity for admins." },
];

export const loader = page(
  { who: "moderator" },
  () => loadOrFail(LOAD_FAILED, () => ({ stats: getDashboardStats(), activity: getDailyActivity() })),
  ADMIN_SIGN_IN,
);

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { stats, activity } = loaderData;
  const viewer = useAdminViewer();
  const { timeZone } = useRootData();
  const tiles = [
    { label: "Total users", value: stats.totalUsers },
    { label: "Total posts", value: stats.totalPosts },
    { label: "Total comments", value: stats.totalComments },
    { label: "Total upvotes", value: stats.totalUpvotes },
  ];
  return (
    <div className="space-y-6">
      <h2 className="sr-only">Dashboard</h2>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {tiles.map((t) => (
          <Card as="div" key={t.label} className="p-4">
            <dt className="text-sm text-slate-700">{t.label}</dt>
            <dd className="mt-1 text-2xl font-bold" title={String(t.value)}>
              {formatCount(t.value)}
            </dd>
          </Card>
        ))}
      </dl>

      <section aria-labelledby="activity-heading" className="space-y-3">
        <h2 id="activity-heading" className="text-lg font-semibold">
          Last 30 days
        </h2>
        <div className="grid gap-3 md:grid-cols-3">
          <ActivityChart id="chart-signups" title="Sign-ups per day" noun={["sign-up", "sign-ups"]} series={activity.signUps} />
          <ActivityChart id="chart-posts" title="Posts per day" noun={["post", "posts"]} series={activity.posts} />
          <ActivityChart id="chart-comments" title="Comments per day" noun={["comment", "comments"]} series={activity.comments} />
        </div>
      </section>

      <div className="grid gap-3 md:grid-cols-2">
        <Card className="p-4">
          <h2 className="font-semibold">Recent users</h2>
          <ul className="mt-2 divide-y divide-slate-100">
            {stats.recentUsers.map((u) => (
              <li key={u.id} className="flex items-center justify-between gap-2 py-2 text-sm">
                <Link to={`/profile/${u.id}`} className="font-medium text-brand hover:underline">
                  {u.username}
                </Link>
                <span className="text-slate-700">
                  {u.isAdmin ? (
                    <span className="mr-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Admin</span>
                  ) : null}
                  Joined {formatDate(u.joinDate, timeZone)}
                </span>
              </li>
            ))}
          </ul>
        </Card>
        <Card className="p-4">
          <h2 className="font-semibold">Top posts</h2>
          <ol className="mt-2 divide-y divide-slate-100">
            {stats.topPosts.map((p) => (
              <li key={p.id} className="flex items-center justify-between gap-2 py-2 text-sm">
                <Link to={`/post/${p.id}`} dir="auto" className="min-w-0 truncate font-medium text-brand hover:underline">
                  {p.title}
                </Link>
                <span className="shrink-0 text-slate-700">
                  {p.category} · {formatCount(p.upvotes)} upvotes
                </span>
              </li>
            ))}
          </ol>
        </Card>
      </div>
      {viewer.role === "admin" ? <DemoResetForm /> : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary fallback={LOAD_FAILED} actions={<RetryLink to="/admin" />} />;
}
