import { useId } from "react";
import { Form, useFetcher } from "react-router";
import { Time } from "~/components/ui/time.tsx";
import { formatDateTime } from "~/lib/format.ts";
import type { ActionReply } from "~/rules/interactions/action-reply.ts";
import type { NotificationView } from "~/lib/notification-view.ts";
import { notificationIcon } from "~/rules/notification-registry.ts";
import { JsField, useInteractionReply } from "./interaction.tsx";
import { NotificationIcon } from "./notification-icon.tsx";
import { MARK_ALL_READ, MARK_ALL_READ_CLASS } from "./bell-icon.tsx";

// A notification and 'Mark all as read': the /notifications page's and the bell's list's.

/**
 * One notification: a button in a POST form to /notifications that marks it read and goes where it
 * leads (the registry's link). A form, so it works without JS too. Its links (a removal's appeal and
 * the public log) are plain links under it.
 */
export function NotificationItem({ n, timeZone, onOpen }: { n: NotificationView; timeZone: string; onOpen?: () => void }) {
  return (
    <Form method="post" action="/notifications" onSubmit={onOpen} className={`min-w-0 flex-1 ${n.isRead ? "" : "bg-blue-50/60"}`}>
      <input type="hidden" name="intent" value="open" />
      <input type="hidden" name="id" value={n.id} />
      <button type="submit" className="flex w-full items-start gap-3 px-4 py-3 text-left hover:bg-slate-100">
        <NotificationIcon name={notificationIcon(n.type)} />
        <span className="min-w-0 flex-1">
          <span dir="auto" className="block break-words text-sm text-slate-900">
            {n.message}
          </span>
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
      {n.links ? (
        <p className="flex flex-wrap gap-x-4 gap-y-1 pb-3 pl-12 pr-4 text-xs">
          {n.links.map((l) => (
            <a key={l.href} href={l.href} className="font-semibold text-blue-600 hover:underline">
              {l.label}
            </a>
          ))}
        </p>
      ) : null}
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
      <button type="submit" disabled={fetcher.state !== "idle"} className={MARK_ALL_READ_CLASS}>
        {MARK_ALL_READ}
      </button>
    </Form>
  );
}
