import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Link } from "~/components/ui/link.tsx";
import { badgeText } from "~/lib/notification-view.ts";
import { BellHeading, BellIcon, MARK_ALL_READ, MARK_ALL_READ_CLASS } from "./bell-icon.tsx";

/** docs/product.md §7: the unread count is polled every 60 s (and on focus). */
const UNREAD_POLL_MS = 60_000;

// The list's code comes when the bell is first opened: not part of a member's first load.
const loadPanel = () => import("./notification-panel.tsx");
const NotificationPanel = lazy(loadPanel);
/** Fetches the list's code as the pointer or focus reaches the bell, before it is pressed. */
const preloadPanel = () => void loadPanel().catch(() => {});

/**
 * What the bell shows until its list's code has come (and all it shows without JS): the heading,
 * 'Mark all as read' as a plain POST, and the link to /notifications.
 */
function PanelFrame({ loading }: { loading: boolean }) {
  return (
    <>
      <BellHeading>
        <form method="post" action="/notifications">
          <input type="hidden" name="intent" value="read-all" />
          <button type="submit" className={MARK_ALL_READ_CLASS}>
            {MARK_ALL_READ}
          </button>
        </form>
      </BellHeading>
      <div className="max-h-96 overflow-y-auto">
        {loading ? <p className="px-4 py-6 text-center text-sm text-slate-600">Loading notifications...</p> : null}
      </div>
    </>
  );
}

/**
 * The header bell for signed-in users: red badge with the unread count ('9+' above 9) and a
 * <details> dropdown. With JS the list loads when it opens (its code too, the first time) and the
 * count refreshes every 60 s and on focus while the tab is visible; without JS the dropdown links to
 * the /notifications page.
 */
export function NotificationBell({ unreadCount, timeZone }: { unreadCount: number; timeZone: string }) {
  const [count, setCount] = useState(unreadCount);
  // How many times it has been opened in this page (0: never, so the list's code is not needed yet).
  const [opening, setOpening] = useState(0);
  const details = useRef<HTMLDetailsElement>(null);

  // The root loader's count is fresh after every navigation and action.
  useEffect(() => setCount(unreadCount), [unreadCount]);

  useEffect(() => {
    let signedOut = false;
    const refresh = async () => {
      if (signedOut || document.visibilityState !== "visible") return;
      try {
        const res = await fetch("/api/notifications/unread/count", {
          cache: "no-store",
        });
        if (res.status === 401) signedOut = true;
        if (!res.ok) return;
        const body = (await res.json()) as { count?: unknown };
        if (typeof body.count === "number") setCount(body.count);
      } catch {
        // Offline for a moment: the next tick tries again.
      }
    };
    const timer = setInterval(refresh, UNREAD_POLL_MS);
    window.addEventListener("focus", refresh);
    document.addEventListener("visibilitychange", refresh);
    return () => {
      clearInterval(timer);
      window.removeEventListener("focus", refresh);
      document.removeEventListener("visibilitychange", refresh);
    };
  }, []);

  // Opened before this code arrived (the page works before hydration): as if it had just opened.
  useEffect(() => {
    if (details.current?.open) setOpening(1);
  }, []);

  const onToggle = () => {
    if (details.current?.open) setOpening((n) => n + 1);
  };
  const close = () => {
    if (details.current) details.current.open = false;
  };
  const badge = badgeText(count);

  return (
    <details ref={details} className="relative" onToggle={onToggle} data-menu>
      <summary
        onPointerEnter={preloadPanel}
        onFocus={preloadPanel}
        aria-label={count > 0 ? `Notifications, ${count} unread` : "Notifications"}
        className="relative inline-flex h-9 w-9 cursor-pointer items-center justify-center rounded-full text-lg hover:bg-slate-100"
      >
        <BellIcon />
        {badge ? (
          <span
            data-testid="notification-badge"
            aria-hidden="true"
            className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-[11px] font-bold leading-5 text-white"
          >
            {badge}
          </span>
        ) : null}
      </summary>
      <div className="absolute right-0 mt-2 w-80 max-w-[calc(100vw-1.5rem)] rounded-lg border border-slate-200 bg-white shadow-lg">
        {opening > 0 ? (
          <Suspense fallback={<PanelFrame loading />}>
            <NotificationPanel opening={opening} count={count} timeZone={timeZone} onAllRead={() => setCount(0)} close={close} />
          </Suspense>
        ) : (
          <PanelFrame loading={false} />
        )}
        <Link
          to="/notifications"
          onClick={close}
          className="block border-t border-slate-200 px-4 py-2 text-center text-xs font-semibold text-brand hover:underline"
        >
          View all notifications
        </Link>
      </div>
    </details>
  );
}
