import { NavLink } from "react-router";

export type Tab = { to: string; label: string; count?: number; end?: boolean };

/**
 * Tabs as links: each tab is a URL with its own loader, so it works without JavaScript and survives
 * a reload. The current one carries aria-current="page" (NavLink).
 */
export function Tabs({ label, tabs }: { label: string; tabs: Tab[] }) {
  return (
    <nav aria-label={label} className="overflow-x-auto border-b border-slate-200">
      <ul className="flex min-w-max gap-1">
        {tabs.map((tab) => (
          <li key={tab.to}>
            <NavLink
              to={tab.to}
              end={tab.end ?? true}
              preventScrollReset
              className={({ isActive }) =>
                `inline-block border-b-2 px-3 py-2 text-sm font-semibold ${
                  isActive ? "border-brand text-brand-dark" : "border-transparent text-slate-700 hover:border-slate-300 hover:text-slate-900"
                }`
              }
            >
              {tab.label}
              {tab.count !== undefined ? <span className="ml-1 rounded-full bg-slate-100 px-1.5 text-xs text-slate-700">{tab.count}</span> : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
