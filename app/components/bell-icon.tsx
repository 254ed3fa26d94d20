import type { ReactNode } from "react";
import { stroke, type IconProps } from "./icons.tsx";

// The bell: the header's (a member's first load, without the notification icons) and a notification's;
// the heading of its list, drawn before and after the list's code comes.
export function BellIcon({ className = "h-5 w-5" }: IconProps) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={className} {...stroke}>
      <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}

/** 'Mark all as read', as its button reads wherever it is (the bell, /notifications). */
export const MARK_ALL_READ = "Mark all as read";
export const MARK_ALL_READ_CLASS = "text-xs font-semibold text-brand-dark hover:underline disabled:opacity-50";

/**
 * The bell's list heading with its 'Mark all as read' (`children`): a plain form in the frame drawn
 * before the list's code comes, the list's fetcher form after.
 */
export function BellHeading({ children }: { children: ReactNode }) {
  return (
    <div className="flex items-center justify-between border-b border-slate-200 px-4 py-2">
      <h2 className="text-sm font-bold">Notifications</h2>
      {children}
    </div>
  );
}
