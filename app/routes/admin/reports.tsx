import { Link } from "~/components/ui/link.tsx";
import type { Route } from "./+types/reports";
import { page } from "~/http/answers/page-problem.server.ts";
import { AppealCard } from "~/components/admin/appeal-card.tsx";
import { ReportCase } from "~/components/admin/report-case.tsx";
import { useAdminViewer } from "~/components/admin/admin-viewer.ts";
import { useRootData } from "~/components/hooks.ts";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { GeneralErrorBoundary, RetryLink } from "~/components/ui/general-error-boundary.tsx";
import { listCaseDetails } from "~/models/moderation/queue.server.ts";
import { listOpenAppeals } from "~/models/moderation/standing.server.ts";
import { listHeldQueue } from "~/models/spam/held.server.ts";
import { reachOf } from "~/models/moderation/roles.server.ts";
import { HeldQueue } from "~/components/admin/held-queue.tsx";
import { ADMIN_SIGN_IN, loadOrFail } from "~/routes/admin/admin-page.server.ts";

// /admin/reports: the review queue. Open cases first, most reported first (?status=resolved: the
// decided ones), and the open appeals.

export const meta: Route.MetaFunction = () => [
  { title: "Reports · Admin Dashboard" },
  { name: "description", content: "Reported posts, comments and members, and appeals, for the moderators." },
];

export const loader = page(
  { who: "moderator" },
  ({ request, user }) => {
    const status = new URL(request.url).searchParams.get("status") === "resolved" ? "resolved" : "open";
    // A category moderator's queue holds their categories' items only.
    const reach = reachOf(user.id);
    return loadOrFail("Failed to load the reports", () => ({
      status,
      cases: listCaseDetails({ status, reach }),
      appeals: listOpenAppeals(reach),
      held: status === "open" ? listHeldQueue(100, reach) : [],
    }));
  },
  ADMIN_SIGN_IN,
);

export default function AdminReports({ loaderData }: Route.ComponentProps) {
  const { status, cases, appeals, held } = loaderData;
  const { timeZone } = useRootData();
  const viewer = useAdminViewer();
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-lg font-semibold">{status === "open" ? "Open reports" : "Resolved reports"}</h2>
        <Link to={status === "open" ? "?status=resolved" : "?"} className="text-sm text-brand hover:underline">
          {status === "open" ? "Show resolved" : "Show open"}
        </Link>
      </div>
      <HeldQueue items={held} timeZone={timeZone} />
      {appeals.length > 0 ? (
        <section aria-labelledby="appeals-heading" className="space-y-3">
          <h2 id="appeals-heading" className="text-lg font-semibold">
            Appeals
          </h2>
          {appeals.map((a) => (
            <AppealCard key={a.id} a={a} />
          ))}
        </section>
      ) : null}
      {cases.length === 0 ? (
        <EmptyState level={3} title={status === "open" ? "No open reports" : "No resolved reports yet"} message="Reports members send about posts, comments and members appear here." />
      ) : (
        <div className="space-y-3">
          {cases.map((c) => (
            <ReportCase key={c.id} c={c} timeZone={timeZone} siteWide={viewer.categories === null} />
          ))}
        </div>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary fallback="Failed to load the reports" actions={<RetryLink to="/admin/reports" />} />;
}
