import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { Header, type HeaderUser } from "./components/header.tsx";
import { useRouteModulePreload } from "./components/route-preload.tsx";
import {
  isNetworkError,
  NETWORK_ERROR_MESSAGE,
  NETWORK_ERROR_TITLE,
  RetryLink,
  secondaryButton,
} from "./components/state-panel.tsx";
import { ShareDialog } from "./components/share-dialog.tsx";
import { Toaster } from "./components/toaster.tsx";
import { getUser } from "./services/session.server.ts";
import { getToast } from "./services/toast.server.ts";
import { loadShareDialog } from "./services/share-dialog.server.ts";
import { getEnv } from "./services/env.server.ts";
import { clientHintScript, getTimeZone } from "./services/client-hints.server.ts";
import { countUnread } from "./models/notification.server.ts";
import { isNoindexPath } from "./lib/seo.ts";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const [row, { toast, headers }, share] = await Promise.all([
    getUser(request),
    getToast(request),
    loadShareDialog(request),
  ]);
  const user: HeaderUser | null = row
    ? { id: row.id, username: row.username, displayName: row.displayName || row.username, isAdmin: row.isAdmin }
    : null;
  return data(
    {
      user,
      toast,
      share,
      siteName: getEnv().SITE_NAME,
      timeZone: getTimeZone(request),
      clientHintScript,
      unreadCount: row ? countUnread({ userId: row.id }) : 0,
    },
    headers ? { headers } : undefined,
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const { pathname } = useLocation();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#e11d48" />
        {isNoindexPath(pathname) ? <meta name="robots" content="noindex" /> : null}
        {root ? <script dangerouslySetInnerHTML={{ __html: root.clientHintScript }} /> : null}
        <Meta />
        <Links />
      </head>
      <body>
        <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2">
          Skip to content
        </a>
        <Header
          user={root?.user ?? null}
          siteName={root?.siteName ?? "Chortle"}
          unreadCount={root?.unreadCount ?? 0}
          timeZone={root?.timeZone ?? "UTC"}
        />
        <main id="main" className="mx-auto max-w-6xl px-3 pb-16 pt-[76px] sm:px-4">
          <ShareDialog share={root?.share ?? null} timeZone={root?.timeZone ?? "UTC"} />
          {children}
        </main>
        <Toaster toast={root?.toast ?? null} />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  useRouteModulePreload();
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let heading = "Something went wrong";
  let details = "Something went wrong. Please try again.";
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) {
      heading = "404 Page Not Found";
      details = "Did you forget to add the page to the router?";
    } else if (error.status === 403) {
      heading = "Access Denied";
      details = typeof error.data?.message === "string" ? error.data.message : "You do not have access to this page.";
    } else {
      heading = `Error ${error.status}`;
      details = typeof error.data?.message === "string" ? error.data.message : error.statusText || details;
    }
  } else if (isNetworkError(error)) {
    // The page's request never reached us (offline): say so, and offer Retry.
    heading = NETWORK_ERROR_TITLE;
    details = NETWORK_ERROR_MESSAGE;
  } else {
    console.error(error);
  }
  return (
    <section className="mx-auto max-w-xl py-16 text-center">
      <h1 className="text-3xl font-bold">{heading}</h1>
      <p className="mt-4 text-slate-700">{details}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-2">
        {isRouteErrorResponse(error) && error.status === 404 ? null : <RetryLink className={secondaryButton} />}
        <a href="/" className="inline-block rounded-full bg-brand px-4 py-2 font-semibold text-white">
          Return to Home
        </a>
      </div>
    </section>
  );
}
