import { badgeText } from "~/lib/notifications.ts";
import { BellIcon } from "./icons.tsx";

/** The bell with its red unread badge ('9+' above 9): inside the header's bell menu and its stand-in link. */
export function BellWithBadge({ count }: { count: number }) {
  const badge = badgeText(count);
  return (
    <>
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
    </>
  );
}

export const bellLabel = (count: number) => (count > 0 ? `Notifications, ${count} unread` : "Notifications");
export const bellClass = "relative inline-flex h-9 w-9 items-center justify-center rounded-full text-lg hover:bg-slate-100";
