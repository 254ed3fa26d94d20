import { Outlet, useLocation, useRevalidator } from "react-router";
import type { AdminViewer } from "~/components/admin/admin-viewer.ts";
import type { Route } from "./+types/layout";
import { page } from "~/http/answers/page-problem.server.ts";
import { useHydrated } from "~/components/hooks.ts";
import { buttonClass } from "~/components/ui/button.tsx";
import { ErrorPanel, GeneralErrorBoundary } from "~/components/ui/general-error-boundary.tsx";
import { Tabs } from "~/components/ui/tabs.tsx";
import { ADMIN_ACCESS_DENIED } from "~/rules/admin-rules.ts";
import { ADMIN_SIGN_IN } from "~/routes/admin/admin-page.server.ts";
import { reachOf } from "~/models/moderation/roles.server.ts";
import { roleWords } from "~/rules/role-rules.ts";

// /admin: the guard (`who: "moderator"`: visitor → /auth, member → 403; each tab's loader declares it too), the tabs and 'Refresh Data' around each tab's
// own route. Every admin page and answer is no-store.

export const meta: Route.MetaFunction = () => [
  { title: "Admin Dashboard" },
  { name: "description", content: "The admin dashboard: site statistics, users, posts and the moderation log." },
];

export function headers() {
  return { "Cache-Control": "no-store" };
}

// Who looks: the tabs and buttons of each page show only what they may use (the contracts and the
// model refuse the rest whatever is shown).
export const loader = page(
  { who: "moderator" },
  ({ user }): AdminViewer => {
    const { role, categories } = reachOf(user.id);
    return { role, categories };
  },
  ADMIN_SIGN_IN,
);

const TABS = [
  { to: "/admin", label: "Dashboard" },
  { to: "/admin/users", label: "Users", siteWide: true },
  { to: "/admin/posts", label: "Posts" },
  { to: "/admin/log", label: "Log" },
  { to: "/admin/reports", label: "Reports" },
  { to: "/admin/rules", label: "Rules", adminOnly: true },
];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  // data-hydrated: tests (and scripts) can tell when the enhancements are live.
  const hydrated = useHydrated();
  const tabs = TABS.filter((tab) => (!tab.siteWide || loaderData.categories === null) && (!tab.adminOnly || loaderData.role === "admin"));
  return (
    <div className="mx-auto max-w-6xl space-y-4" data-hydrated={hydrated || undefined}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">Admin Dashboard</h1>
        {loaderData.role === "admin" ? null : (
          <p className="basis-full text-sm text-slate-700 sm:order-last" data-testid="admin-viewer">
            {`You are ${roleWords(loaderData.role, loaderData.categories ?? []).replace(/^./, (c) => `a ${c.toLowerCase()}`)}.`}
          </p>
        )}
        <RefreshData />
      </div>
      <div className="rounded-t-xl bg-white px-2">
        <Tabs label="Admin sections" tabs={tabs} />
      </div>
      <Outlet />
    </div>
  );
}

/** Without JavaScript a link to this very page; with it, the loaders run again in place. */
function RefreshData() {
  const { pathname, search } = useLocation();
  const revalidator = useRevalidator();
  const busy = revalidator.state === "loading";
  return (
    <a
      href={`${pathname}${search}`}
      aria-busy={busy || undefined}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        void revalidator.revalidate();
      }}
      className={buttonClass({ variant: "secondary" })}
    >
      {busy ? "Refreshing…" : "Refresh Data"}
    </a>
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        403: ({ message }) => <ErrorPanel title="Access Denied" message={message ?? ADMIN_ACCESS_DENIED} />,
      }}
    />
  );
}
