import type { NotificationIconName } from "~/lib/notification-view.ts";
import { BellIcon } from "./bell-icon.tsx";
import { CommentIcon, stroke } from "./icons.tsx";

// A notification's type icon, drawn inline (emoji fonts differ between devices, some have none).
const PATHS: Record<Exclude<NotificationIconName, "bell" | "comment">, string> = {
  reply: "M9 14 4 9l5-5M4 9h10a6 6 0 0 1 6 6v4",
  up: "M12 19V5M5 12l7-7 7 7",
  down: "M12 5v14M19 12l-7 7-7-7",
  like: "M7 10v11H3V10zM7 10l4-8a3 3 0 0 1 3 3v4h6a2 2 0 0 1 2 2.3l-1.4 8A2 2 0 0 1 18.6 21H7",
  dislike: "M17 14V3h4v11zM17 14l-4 8a3 3 0 0 1-3-3v-4H4a2 2 0 0 1-2-2.3l1.4-8A2 2 0 0 1 5.4 3H17",
  follower: "M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8M19 8v6M22 11h-6",
  fire: "M12 22a7 7 0 0 0 7-7c0-4-3-6-4-10-2 2-3 4-3 6-1-1-2-2-2-4-2 2-5 5-5 8a7 7 0 0 0 7 7z",
  mention: "M16 12a4 4 0 1 1-8 0 4 4 0 0 1 8 0zM16 12v1.5a2.5 2.5 0 0 0 5 0V12a9 9 0 1 0-3.5 7.1",
};

const COLOURS: Record<NotificationIconName, string> = {
  comment: "text-blue-600",
  reply: "text-blue-600",
  up: "text-orange-600",
  down: "text-slate-600",
  like: "text-emerald-600",
  dislike: "text-slate-600",
  follower: "text-violet-600",
  fire: "text-red-600",
  mention: "text-sky-600",
  bell: "text-slate-600",
};

export function NotificationIcon({ name }: { name: NotificationIconName }) {
  const className = `mt-0.5 h-5 w-5 shrink-0 ${COLOURS[name]}`;
  if (name === "bell") return <BellIcon className={className} />;
  if (name === "comment") return <CommentIcon className={className} />;
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={className} {...stroke}>
      <path d={PATHS[name]} />
    </svg>
  );
}
