import { useCallback, useEffect, useRef, useState, useId } from "react";
import { Time } from "~/components/ui/time.tsx";
import { Form, useFetcher } from "react-router";
import { Link } from "~/components/ui/link.tsx";
import { formatDateTime } from "~/lib/format.ts";
import type { ActionReply } from "~/rules/interactions/action-reply.ts";
import { badgeText, notificationIcon, type NotificationView } from "~/lib/notification-view.ts";
import { BellIcon, NotificationIcon } from "./notification-icon.tsx";
import { JsField, useInteractionReply } from "./interaction.tsx";

/** docs/product.md §7: the unread count is polled every 60 s (and on focus); the list is fresh for a minute. */
export const UNREAD_POLL_MS = 60_000;
const LIST_FRESH_MS = 60_000;

type ListState =
  | { status: "idle" | "loading" | "error" }
  | { status: "ready"; items: NotificationView[]; at: number; count: number };

/**
 * One notification: a button in a POST form to /notifications that marks it read and goes to its
 * post (or /). A form, so it works without JS too.
 */
export function NotificationItem({ n, timeZone, onOpen }: { n: NotificationView; timeZone: string; onOpen?: () => void }) {
  return (
    <Form method="post" action="/notifications" onSubmit={onOpen} className="min-w-0 flex-1">
      <input type="hidden" name="intent" value="open" />
      <input type="hidden" name="id" value={n.id} />
      <button
        type="submit"
        className={`flex w-full items-start gap-3 px-4 py-3 text-left hover:bg-slate-100 ${n.isRead ? "" : "bg-blue-50/60"}`}
      >
        <NotificationIcon name={notificationIcon(n.type)} />
        <span className="min-w-0 flex-1">
          <span dir="auto" className="block break-words text-sm text-slate-900">{n.message}</span>
          <Time value={n.createdAt} timeZone={timeZone} className="text-xs text-slate-600">
            {formatDateTime(n.createdAt, timeZone)}
          </Time>
        </span>
        {n.isRead ? null : (
          <span data-testid="unread-dot" className="mt-2 h-2.5 w-2.5 shrink-0 rounded-full bg-blue-600">
            <span className="sr-only">Unread</span>
          </span>
        )}
      </button>
    </Form>
  );
}

/** 'Mark all as read': a fetcher with JS (toast, no reload), a plain POST without. */
export function MarkAllRead({ onDone, className = "" }: { onDone?: () => void; className?: string }) {
  const fetcherKey = useId();
  const fetcher = useFetcher<ActionReply>({ key: fetcherKey });
  useInteractionReply(fetcher, () => onDone?.());
  return (
    <Form navigate={false} fetcherKey={fetcherKey} method="post" action="/notifications" className={className}>
      <JsField />
      <input type="hidden" name="intent" value="read-all" />
      <button type="submit" disabled={fetcher.state !== "idle"} className="text-xs font-semibold text-brand-dark hover:underline disabled:opacity-50">
        Mark all as read
      </button>
    </Form>
  );
}

/**
 * The header bell for signed-in users: red badge with the unread count ('9+' above 9) and a
 * <details> dropdown. With JS the list loads when it opens and the count refreshes every 60 s and
 * on focus while the tab is visible; without JS the dropdown links to the /notifications page.
 */
export function NotificationBell({ unreadCount, timeZone }: { unreadCount: number; timeZone: string }) {
  const [count, setCount] = useState(unreadCount);
  const [list, setList] = useState<ListState>({ status: "idle" });
  const details = useRef<HTMLDetailsElement>(null);
  const latestCount = useRef(count);
  latestCount.current = count;

  // The root loader's count is fresh after every navigation and action.
  useEffect(() => setCount(unreadCount), [unreadCount]);

  useEffect(() => {
    let signedOut = false;
    const refresh = async () => {
      if (signedOut || document.visibilityState !== "visible") return;
      try {
        const res = await fetch("/api/notifications/unread/count", { cache: "no-store" });
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

  const loadList = useCallback(async () => {
    setList((l) => (l.status === "ready" ? l : { status: "loading" }));
    try {
      const res = await fetch("/api/notifications", { cache: "no-store" });
      if (!res.ok) throw new Error(`HTTP Error ${res.status}`);
      const items = (await res.json()) as NotificationView[];
      setList({ status: "ready", items, at: Date.now(), count: latestCount.current });
    } catch {
      setList({ status: "error" });
    }
  }, []);

  // Opened before this code arrived (the page works before hydration): load as if it had just opened.
  useEffect(() => {
    if (details.current?.open) void loadList();
  }, [loadList]);

  const onToggle = () => {
    if (!details.current?.open) return;
    const stale = list.status !== "ready" || Date.now() - list.at > LIST_FRESH_MS || list.count !== count;
    if (stale) void loadList();
  };
  const close = () => {
    if (details.current) details.current.open = false;
  };
  const badge = badgeText(count);

  return (
    <details ref={details} className="relative" onToggle={onToggle} data-menu>
      <summary
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
        <div className="flex items-center justify-between border-b border-slate-200 px-4 py-2">
          <h2 className="text-sm font-bold">Notifications</h2>
          <MarkAllRead
            onDone={() => {
              setCount(0);
              setList((l) => (l.status === "ready" ? { ...l, count: 0, items: l.items.map((n) => ({ ...n, isRead: true })) } : l));
            }}
          />
        </div>
        <div className="max-h-96 overflow-y-auto">
          {list.status === "ready" ? (
            list.items.length === 0 ? (
              <p className="px-4 py-6 text-center text-sm text-slate-600">No notifications yet</p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {list.items.map((n) => (
                  <li key={n.id} className="flex">
                    <NotificationItem n={n} timeZone={timeZone} onOpen={close} />
                  </li>
                ))}
              </ul>
            )
          ) : list.status === "loading" ? (
            <p className="px-4 py-6 text-center text-sm text-slate-600">Loading notifications...</p>
          ) : list.status === "error" ? (
            <p role="alert" className="px-4 py-6 text-center text-sm text-red-700">
              Failed to load notifications
            </p>
          ) : null}
        </div>
        <Link to="/notifications" onClick={close} className="block border-t border-slate-200 px-4 py-2 text-center text-xs font-semibold text-brand hover:underline">
          View all notifications
        </Link>
      </div>
    </details>
  );
}
