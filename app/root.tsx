import {
  data,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import { useEffect } from "react";
import type { Route } from "./+types/root";
import { Header } from "./components/header.tsx";
import type { HeaderUser, RootViewerData } from "./lib/types.ts";
import { LazyModerationParts, LazyShareDialog } from "./components/lazy-parts.tsx";
import { Toaster } from "./components/toaster.tsx";
import { IconSprite } from "./components/icons.tsx";
import { useHeadScript, useNonce, ZOD_JITLESS_SCRIPT } from "./components/nonce.tsx";
import stylesheet from "./app.css?url";
import { page } from "./http/answers/page-problem.server.ts";
import { getToast } from "./http/cookies/toast-cookie.server.ts";
import { getDraft } from "./http/cookies/draft-cookie.server.ts";
import { readTheme } from "./http/cookies/theme-cookie.server.ts";
import type { Theme } from "./lib/theme-names.ts";
import { loadShareDialog } from "./routes/root/share-dialog-loader.server.ts";
import { getEnv } from "./integrations/env.server.ts";
import { getTimeZone } from "./http/cookies/client-hints.server.ts";
import { countUnread } from "./models/notification.server.ts";
import { activeSuspension } from "./models/moderation/suspension.server.ts";
import type { AccountBanner } from "./components/moderation-parts.tsx";
import { readReportParam, REPORT_PARAM } from "./rules/interactions/report-url.ts";
import { isNoindexPath } from "./lib/seo.ts";
import { useRouteModulePreload } from "./components/route-preload.tsx";
import { useLinkNavigation, WritesUnderWay } from "./components/ui/link.tsx";
import { ErrorPanel, GeneralErrorBoundary } from "~/components/ui/general-error-boundary.tsx";
import { NotFoundPanel } from "~/components/not-found-panel.tsx";

export const links: Route.LinksFunction = () => [
  // The one stylesheet, a content-hashed file the browser keeps (immutable): every page after the
  // first gets it from its cache, and no document carries it (docs/decisions/0083).
  { rel: "stylesheet", href: stylesheet },
  // A small PNG: an SVG icon is a document of its own, laid out and painted on the page's main thread.
  { rel: "icon", href: "/favicon.png", type: "image/png" },
  // Installing the site, and its place in a phone's share sheet (public/manifest.webmanifest, docs/product.md §2).
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

// The browser's bar (and an installed app's title bar): the brand rose in the light theme, the dark
// header's surface (--color-white of the dark theme, app.css) in the dark one; the switch's choice,
// when made, is the only one.
const THEME_COLORS = { light: "#e11d48", dark: "#0f172a" } as const;

function ThemeColor({ chosen }: { chosen?: "light" | "dark" }) {
  if (chosen) return <meta name="theme-color" content={THEME_COLORS[chosen]} />;
  return (
    <>
      <meta name="theme-color" media="(prefers-color-scheme: light)" content={THEME_COLORS.light} />
      <meta name="theme-color" media="(prefers-color-scheme: dark)" content={THEME_COLORS.dark} />
    </>
  );
}

// Its answers may be memoised (lib/route-handle.ts): the loader reads only the database, URL and
// cookies, but for the share dialog, which the answer memo never keeps.
export const handle = { memo: true };

export const loader = page({ who: "anyone", reads: ["mutes"] }, async ({ request, user: row }) => {
  const [flash, share] = await Promise.all([getToast(request), loadShareDialog(request, row)]);
  const { toast } = flash;
  let { headers } = flash;
  // A no-JS comment that failed: its text, handed back to its box once.
  const { draft, clear } = getDraft(request);
  if (clear) (headers ??= new Headers()).append("Set-Cookie", clear);
  const user: HeaderUser | null = row
    ? { id: row.id, username: row.username, displayName: row.displayName || row.username, isAdmin: row.isAdmin }
    : null;
  return data(
    {
      user,
      toast,
      draft,
      ...themeState(readTheme(request)),
      share,
      siteName: getEnv().SITE_NAME,
      timeZone: getTimeZone(request),
      unreadCount: row ? countUnread({ userId: row.id }) : 0,
      // The banner on every page: a suspension (read against the clock now: it ends by itself at its
      // end), or an address still to verify.
      banner: row ? accountBanner(row) : null,
      // The report dialog's URL state (?report=post-12), for members.
      report: row ? readReportParam(new URL(request.url).searchParams.get(REPORT_PARAM)) : null,
    } satisfies RootViewerData & Record<string, unknown>,
    headers ? { headers } : undefined,
  );
});

function accountBanner(row: { id: number; email: string; emailVerified: boolean }): AccountBanner | null {
  const suspension = activeSuspension(row.id)?.message;
  if (suspension) return { suspension };
  return row.emailVerified ? null : { verify: row.email };
}

// The switch's one button moves System → Light → Dark → System; the server works out the next one.
const NEXT_THEME = { system: "light", light: "dark", dark: "system" } as const;
const themeState = (theme: Theme) => ({ theme, nextTheme: NEXT_THEME[theme], themeClass: theme === "system" ? undefined : theme });

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  useLinkNavigation();
  const { pathname } = useLocation();
  const nonce = useNonce();
  const headScript = useHeadScript();
  return (
    // The chosen theme is a class rendered by the server (no flash of the other one); without a
    // choice the stylesheet follows prefers-color-scheme.
    <html lang="en" className={root?.themeClass}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <ThemeColor chosen={root?.themeClass} />
        {isNoindexPath(pathname) ? <meta name="robots" content="noindex" /> : null}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: ZOD_JITLESS_SCRIPT }} />
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: headScript }} />
        <Meta />
        <Links />
      </head>
      <body>
        <IconSprite />
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
          {/* No <Suspense> of its own: React would send a large boundary after the rest of the page,
              to be moved in place by script. The server has its code at hand (lazy-parts.tsx), and
              the browser hydrates (a transition) or opens it (a navigation) once the chunk is in. */}
          {root?.share ? <LazyShareDialog share={root.share} timeZone={root.timeZone} /> : null}
          {root?.banner || root?.report ? <LazyModerationParts banner={root.banner} report={root.report} /> : null}
          {children}
        </main>
        {/* The theme switch, in the footer's flow under the page (never over it): a plain form (POST
            /theme sets a cookie, 303 back), so no JavaScript needed; beside it, the public moderation log. */}
        <footer className="mx-auto max-w-6xl px-3 pb-8 sm:px-4">
          <form method="post" action="/theme">
            <button type="submit" name="theme" value={root?.nextTheme} className="min-h-11 rounded-full border px-3 transition-colors">
              Theme: {root?.theme}
            </button>
            <a href="/moderation" className="px-3 underline">
              Moderation log
            </a>
          </form>
        </footer>
        <Toaster toast={root?.toast ?? null} />
        <WritesUnderWay />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  useRouteModulePreload();
  // <html data-app-hydrated>: the page's code runs after its first paint (pipeline/deferred-boot.server.ts), so the
  // load event does not say it has; tests (and scripts) wait for this instead.
  useEffect(() => {
    document.documentElement.dataset.appHydrated = "";
  }, []);
  return <Outlet />;
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => <NotFoundPanel />,
        403: ({ message }) => <ErrorPanel title="Access Denied" message={message ?? "You do not have access to this page."} />,
      }}
    />
  );
}
