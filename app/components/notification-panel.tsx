import { useCallback, useEffect, useRef, useState } from "react";
import type { NotificationView } from "~/lib/notification-view.ts";
import { BellHeading } from "./bell-icon.tsx";
import { MarkAllRead, NotificationItem } from "./notification-item.tsx";

/** docs/product.md §7: the list is fresh for a minute. */
const LIST_FRESH_MS = 60_000;

type ListState = { status: "loading" | "error" } | { status: "ready"; items: NotificationView[]; at: number; count: number };

/**
 * The bell's list (notification-bell.tsx), whose code comes only when a member first opens the bell:
 * loaded then, and again on each later opening (`opening` counts them) when it is over a minute old or
 * the unread count has changed since.
 */
export default function NotificationPanel({
  opening,
  count,
  timeZone,
  onAllRead,
  close,
}: {
  opening: number;
  count: number;
  timeZone: string;
  onAllRead: () => void;
  close: () => void;
}) {
  const [list, setList] = useState<ListState>({ status: "loading" });
  const latestCount = useRef(count);
  latestCount.current = count;

  const loadList = useCallback(async () => {
    setList((l) => (l.status === "ready" ? l : { status: "loading" }));
    try {
      const res = await fetch("/api/notifications", { cache: "no-store" });
      if (!res.ok) throw new Error(`HTTP Error ${res.status}`);
      const items = (await res.json()) as NotificationView[];
      setList({
        status: "ready",
        items,
        at: Date.now(),
        count: latestCount.current,
      });
    } catch {
      setList({ status: "error" });
    }
  }, []);

  const listRef = useRef(list);
  listRef.current = list;
  useEffect(() => {
    const l = listRef.current;
    const stale = l.status !== "ready" || Date.now() - l.at > LIST_FRESH_MS || l.count !== latestCount.current;
    if (stale) void loadList();
  }, [opening, loadList]);

  return (
    <>
      <BellHeading>
        <MarkAllRead
          onDone={() => {
            onAllRead();
            setList((l) =>
              l.status === "ready"
                ? {
                    ...l,
                    count: 0,
                    items: l.items.map((n) => ({ ...n, isRead: true })),
                  }
                : l,
            );
          }}
        />
      </BellHeading>
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
        ) : (
          <p role="alert" className="px-4 py-6 text-center text-sm text-red-700">
            Failed to load notifications
          </p>
        )}
      </div>
    </>
  );
}
