import type { Route } from "./+types/log";
import { Time } from "~/components/ui/time.tsx";
import { page } from "~/http/answers/page-problem.server.ts";
import { AdminList, AdminRow, Pager } from "~/components/admin/list-controls.tsx";
import { useRootData } from "~/components/hooks.ts";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { GeneralErrorBoundary, RetryLink } from "~/components/ui/general-error-boundary.tsx";
import { formatDateTime } from "~/lib/format.ts";
import { AdminListQuerySchema } from "~/rules/schemas/admin.ts";
import { listModerationLog, type ModerationEntry } from "~/models/moderation-log.server.ts";
import { ACTION_TEXT, ROLE_TEXT } from "~/rules/moderation-log-rules.ts";
import { ADMIN_SIGN_IN, loadOrFail } from "~/routes/admin/admin-page.server.ts";

// /admin/log: the moderation log, newest first, 50 a page. Read-only: nothing edits an entry.

export const meta: Route.MetaFunction = () => [
  { title: "Moderation log · Admin Dashboard" },
  { name: "description", content: "Every admin action and self-deletion, newest first." },
];

export const loader = page(
  { who: "moderator", input: AdminListQuerySchema },
  ({ input }) => loadOrFail("Failed to load the moderation log", () => listModerationLog({ page: input.page })),
  ADMIN_SIGN_IN,
);

const TARGET_LABELS: Record<ModerationEntry["targetKind"], string> = { user: "User", post: "Post", comment: "Comment" };

export default function AdminLog({ loaderData }: Route.ComponentProps) {
  const { items, page, pageCount, total } = loaderData;
  const { timeZone } = useRootData();
  return (
    <div className="space-y-4">
      <h2 className="text-lg font-semibold">Moderation log</h2>
      {items.length === 0 ? (
        <EmptyState
          level={3}
          title="No admin actions yet"
          message="Creating users, granting or removing admin, and deleting users or posts are recorded here."
        />
      ) : (
        <AdminList label="Moderation log, newest first">
          {items.map((e) => (
            <AdminRow key={e.id} id={`log-${e.id}`}>
              <span className="font-medium">{ACTION_TEXT[e.action]}</span>
              <span className="min-w-0 truncate">
                {TARGET_LABELS[e.targetKind]} '{e.targetLabel}' <span className="text-slate-700">#{e.targetId}</span>
              </span>
              <span className="text-slate-700">{e.ruleId !== null ? `by rule #${e.ruleId}` : `by ${e.adminName || ROLE_TEXT.site}`}</span>
              <Time value={e.createdAt} timeZone={timeZone} className="text-slate-700">
                {formatDateTime(e.createdAt, timeZone)}
              </Time>
              {e.reason ? <span className="basis-full text-slate-800">Reason: {e.reason}</span> : null}
            </AdminRow>
          ))}
        </AdminList>
      )}
      <Pager page={page} pageCount={pageCount} total={total} noun="entries" />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary fallback="Failed to load the moderation log" actions={<RetryLink to="/admin/log" />} />;
}
