import { useLocation } from "react-router";
import { Link } from "~/components/ui/link.tsx";

export type Tab = { to: string; label: string; count?: number; end?: boolean };

/**
 * Tabs as links: each tab is a URL with its own loader, so it works without JavaScript and survives
 * a reload. The current one carries aria-current="page" (as NavLink would mark it: NavLink itself
 * is left out of every page's React Router code: it kept a share of the router in every page's JS).
 */
export function Tabs({ label, tabs }: { label: string; tabs: Tab[] }) {
  const here = useLocation().pathname.replace(/(.)\/+$/, "$1");
  const isActive = (tab: Tab) => here === tab.to || (tab.end === false && here.startsWith(`${tab.to}/`));
  return (
    <nav aria-label={label} className="overflow-x-auto border-b border-slate-200">
      <ul className="flex min-w-max gap-1">
        {tabs.map((tab) => (
          <li key={tab.to}>
            <Link
              to={tab.to}
              preventScrollReset
              aria-current={isActive(tab) ? "page" : undefined}
              className={isActive(tab) ? "tab on" : "tab"}
            >
              {tab.label}
              {tab.count !== undefined ? <span className="ml-1 rounded-full bg-slate-100 px-1.5 text-xs text-slate-700">{tab.count}</span> : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
