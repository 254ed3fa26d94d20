import { Form } from "react-router";
import { Link } from "~/components/ui/link.tsx";
import { Avatar } from "./avatar.tsx";
import type { HeaderUser } from "~/lib/types.ts";
import { NotificationBell } from "./notification-bell.tsx";

/**
 * The header's controls for a member: the notification bell and the account menu. Visitors never
 * load this code (app/components/lazy-parts.tsx).
 */
export function MemberControls({ user, unreadCount, timeZone }: { user: HeaderUser; unreadCount: number; timeZone: string }) {
  return (
    <>
      <NotificationBell unreadCount={unreadCount} timeZone={timeZone} />
      <details className="relative" data-menu>
        <summary className="cursor-pointer rounded-full" aria-label={`Account menu for ${user.displayName}`}>
          <Avatar name={user.displayName} />
        </summary>
        <div className="absolute right-0 mt-2 w-48 rounded-lg border border-slate-200 bg-white py-1 shadow-lg">
          <p className="truncate px-4 py-2 text-xs text-slate-600">Signed in as {user.username}</p>
          <Link to={`/profile/${user.id}`} className="block px-4 py-2 text-sm hover:bg-slate-100">
            Profile
          </Link>
          <Link to="/account/standing" className="block px-4 py-2 text-sm hover:bg-slate-100">
            Your standing
          </Link>
          {user.isAdmin ? (
            <Link to="/admin" className="block px-4 py-2 text-sm hover:bg-slate-100">
              Admin Dashboard
            </Link>
          ) : null}
          <Form method="post" action="/logout">
            <button type="submit" className="block w-full px-4 py-2 text-left text-sm hover:bg-slate-100">
              Logout
            </button>
          </Form>
        </div>
      </details>
    </>
  );
}
