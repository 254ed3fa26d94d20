import type { Route } from "./+types/log";
import { AdminTable, cellClass, Pager } from "~/components/admin/list-controls.tsx";
import { useRootData } from "~/components/hooks.ts";
import { GeneralErrorBoundary, RetryLink } from "~/components/ui/general-error-boundary.tsx";
import { formatDateTime } from "~/lib/format.ts";
import { parseAdminListQuery } from "~/lib/schemas/admin.ts";
import { listModerationLog, type ModerationEntry } from "~/models/moderation-log.server.ts";
import { loadOrFail } from "~/services/admin-page.server.ts";
import { requireAdmin } from "~/services/guards.server.ts";

// /admin/log: the moderation log, newest first, 50 a page. Read-only: nothing edits an entry.

export const meta: Route.MetaFunction = () => [
  { title: "Moderation log · Admin Dashboard" },
  { name: "description", content: "Every admin action and self-deletion, newest first." },
];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { page } = parseAdminListQuery(new URL(request.url));
  return loadOrFail("Failed to load the moderation log", () => listModerationLog({ page }));
}

const ACTION_LABELS: Record<ModerationEntry["action"], string> = {
  create_user: "Created user",
  grant_admin: "Granted admin",
  remove_admin: "Removed admin",
  delete_user: "Deleted user",
  delete_post: "Deleted post",
  delete_self: "Deleted own account",
};

export default function AdminLog({ loaderData }: Route.ComponentProps) {
  const { items, page, pageCount, total } = loaderData;
  const { timeZone } = useRootData();
  return (
    <div className="space-y-4">
      <h2 className="text-lg font-semibold">Moderation log</h2>
      <AdminTable caption="Moderation log, newest first" head={["When", "Admin", "Action", "Target", "Reason"]}>
        {items.map((e) => (
          <tr key={e.id}>
            <td className={cellClass}>{formatDateTime(e.createdAt, timeZone)}</td>
            <td className={cellClass}>{e.adminName}</td>
            <td className={cellClass}>{ACTION_LABELS[e.action]}</td>
            <td className={`${cellClass} max-w-xs truncate`}>
              {e.targetKind === "post" ? "Post" : "User"} '{e.targetLabel}' <span className="text-slate-700">#{e.targetId}</span>
            </td>
            <td className={`${cellClass} max-w-xs whitespace-normal`}>{e.reason ?? "—"}</td>
          </tr>
        ))}
      </AdminTable>
      {items.length === 0 ? <p className="text-center text-slate-700">No admin actions yet.</p> : null}
      <Pager page={page} pageCount={pageCount} total={total} noun="entries" />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary fallback="Failed to load the moderation log" actions={<RetryLink to="/admin/log" />} />;
}
