import { useId } from "react";
import { Form, useFetcher } from "react-router";
import { useRootData } from "~/components/hooks.ts";
import type { Route } from "./+types/notifications";
import { page } from "~/http/answers/page-problem.server.ts";
import { listNotifications, markAllNotificationsRead, markNotificationRead, openNotification } from "~/models/notification.server.ts";
import { NotificationPageFormSchema } from "~/rules/schemas/interact.ts";
import type { ActionReply } from "~/rules/interactions/action-reply.ts";
import { isProblem, Problem } from "~/lib/problem.ts";
import { interactionAction, succeed } from "~/http/answers/form-action.server.ts";
import { MarkAllRead, NotificationItem } from "~/components/notification-item.tsx";
import { JsField, useInteractionReply } from "~/components/interaction.tsx";

// The notifications list as a page: the bell's dropdown without JavaScript, and 'View all'.

export const meta: Route.MetaFunction = () => [
  { title: "Notifications" },
  { name: "description", content: "Your notifications: comments, replies, votes and new followers." },
];

export const loader = page({ who: "member", reads: ["mutes"] }, ({ user }) => ({ notifications: listNotifications({ userId: user.id }) }));

export const action = interactionAction(
  { who: "member", budget: "toggle", input: NotificationPageFormSchema, whileSuspended: true },
  () => "/notifications",
  (ctx) => {
    const { user, input } = ctx;
    if (input.intent === "read-all") {
      markAllNotificationsRead({ userId: user.id });
      return succeed(ctx, { toast: { type: "success", title: "Success", description: "All notifications marked as read" } });
    }
    try {
      // Opening one goes where it leads (a navigation, with or without JS); 'Mark as read' stays here.
      if (input.intent === "open") return succeed({ ...ctx, js: false }, { to: openNotification({ id: input.id, userId: user.id }).href });
      const notification = markNotificationRead({ id: input.id, userId: user.id });
      return succeed(ctx, { anchor: `notification-${notification.id}` });
    } catch (error) {
      // docs/product.md §8: 'Failed to mark notification as read: {message}'.
      if (isProblem(error)) throw new Problem(error.kind, `Failed to mark notification as read: ${error.message}`);
      throw error;
    }
  },
);

export default function Notifications({ loaderData }: Route.ComponentProps) {
  const root = useRootData();
  const timeZone = root.timeZone;
  const { notifications } = loaderData;
  return (
    <section className="mx-auto max-w-2xl">
      <div className="flex items-center justify-between">
        <h1 className="text-2xl font-bold">Notifications</h1>
        <MarkAllRead />
      </div>
      {notifications.length === 0 ? (
        <p className="mt-6 rounded-lg border border-slate-200 bg-white p-6 text-center text-slate-600">No notifications yet</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-100 overflow-hidden rounded-lg border border-slate-200 bg-white">
          {notifications.map((n) => (
            <li key={n.id} id={`notification-${n.id}`} className="flex items-center">
              <NotificationItem n={n} timeZone={timeZone} />
              {n.isRead ? null : <MarkOneRead id={n.id} />}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function MarkOneRead({ id }: { id: number }) {
  const fetcherKey = useId();
  const fetcher = useFetcher<ActionReply>({ key: fetcherKey });
  useInteractionReply(fetcher);
  return (
    <Form navigate={false} fetcherKey={fetcherKey} method="post" className="px-3">
      <JsField />
      <input type="hidden" name="intent" value="read" />
      <input type="hidden" name="id" value={id} />
      <button type="submit" className="whitespace-nowrap text-xs font-semibold text-slate-700 hover:underline">
        Mark as read
      </button>
    </Form>
  );
}
