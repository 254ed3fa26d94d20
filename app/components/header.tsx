import { Form, useLocation } from "react-router";
import { Link } from "~/components/ui/link.tsx";
import { shareDialogHref } from "~/lib/browse.ts";
import { LogoIcon } from "./icons.tsx";
import { LazyMemberControls, preloadShareDialog } from "./lazy-parts.tsx";
import { buttonClass } from "./ui/button.tsx";
import type { HeaderUser } from "~/lib/types.ts";

export function Header({
  user,
  siteName,
  unreadCount = 0,
  timeZone = "UTC",
}: {
  user: HeaderUser | null;
  siteName: string;
  unreadCount?: number;
  timeZone?: string;
}) {
  const { pathname, search } = useLocation();
  const searchParams = new URLSearchParams(search);
  const onAuth = pathname === "/auth";
  // docs/product.md §2 Header: a visitor pressing it goes to /auth (and on to the dialog after signing in).
  const shareHref = shareDialogHref(Boolean(user));

  return (
    <header className="fixed inset-x-0 top-0 z-40 h-[60px] border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-full max-w-6xl items-center gap-3 px-3 sm:px-4">
        <Link to="/" className="flex items-center gap-2 text-xl font-extrabold tracking-tight text-brand">
          <span aria-hidden="true" className="inline-flex h-8 w-8 items-center justify-center rounded-lg bg-brand text-white">
            <LogoIcon className="h-6 w-6" />
          </span>
          <span className="hidden sm:inline">{siteName}</span>
          <span className="sr-only sm:hidden">{siteName} home</span>
        </Link>

        {pathname === "/" ? (
          // The submit button (.search-go, app.css) lies over the field's right end: a keyboard or
          // switch reaches it after the field, and it submits without JavaScript.
          <Form method="get" action="/" role="search" className="flex min-w-0 flex-1 items-center">
            {["sort", "t"].map((name) =>
              searchParams.get(name) ? (
                <input key={name} type="hidden" name={name} value={searchParams.get(name) ?? ""} />
              ) : null,
            )}
            <label htmlFor="header-search" className="sr-only">
              Search posts, users
            </label>
            <input
              id="header-search"
              type="search"
              name="q"
              defaultValue={searchParams.get("q") ?? ""}
              placeholder="Search posts, users..."
              maxLength={100}
              className="w-full max-w-md rounded-full border border-slate-300 bg-slate-50 py-1.5 pl-4 pr-9 text-sm"
            />
            <button type="submit" aria-label="Search" className="search-go" />
          </Form>
        ) : (
          <div className="flex-1" />
        )}

        {!onAuth ? (
          <nav aria-label="Account" className="flex items-center gap-2">
            <Link
              to={shareHref}
              className={buttonClass()}
              onPointerEnter={user ? preloadShareDialog : undefined}
              onFocus={user ? preloadShareDialog : undefined}
            >
              <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
                <path d="M9 3h2v6h6v2h-6v6H9v-6H3V9h6z" />
              </svg>
              <span className="sr-only md:not-sr-only">Share a Funny Comment</span>
            </Link>
            {/* Members only, so visitors never load its code; no <Suspense> (see lazy-parts.tsx). */}
            {user ? (
              <LazyMemberControls user={user} unreadCount={unreadCount} timeZone={timeZone} />
            ) : (
              <Link
                to="/auth"
                className={buttonClass({ variant: "secondary" })}
              >
                Sign In
              </Link>
            )}
          </nav>
        ) : null}
      </div>
    </header>
  );
}
