import { isRouteErrorResponse, useLocation } from "react-router";

export const primaryButton =
  "inline-block rounded-full bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark";

/** A client-side navigation whose request never reached the server (offline, connection dropped). */
export function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError && /fetch|network|load failed/i.test(error.message);
}

export const NETWORK_ERROR_TITLE = "Connection lost";
export const NETWORK_ERROR_MESSAGE = "We couldn't reach the server. Check your connection, then retry.";

/** The message of a route error: a thrown data({ message }) says it; anything else is logged. */
export function routeErrorMessage(error: unknown, fallback: string): string {
  if (isNetworkError(error)) return NETWORK_ERROR_MESSAGE;
  if (!isRouteErrorResponse(error)) {
    console.error(error);
    return fallback;
  }
  return typeof error.data?.message === "string" ? error.data.message : fallback;
}

export const secondaryButton =
  "inline-block rounded-full border border-slate-300 bg-white px-4 py-2 font-semibold hover:bg-slate-100";

/**
 * Retry: a plain link to the page that failed, so it reloads in full (it also answers a client-side
 * navigation that failed because the network was down).
 */
export function RetryLink({ className = primaryButton }: { className?: string }) {
  const { pathname, search } = useLocation();
  return (
    <a href={`${pathname}${search}`} className={className}>
      Retry
    </a>
  );
}

/** A centred panel for a screen's empty, not-found and error states. */
export function StatePanel({
  title,
  message,
  level = 1,
  alert = false,
  children,
}: {
  title: string;
  message: string;
  level?: 1 | 2;
  alert?: boolean;
  children?: React.ReactNode;
}) {
  const Heading = level === 1 ? "h1" : "h2";
  return (
    <section
      role={alert ? "alert" : undefined}
      className="mx-auto max-w-xl rounded-xl border border-slate-200 bg-white p-8 text-center"
    >
      <Heading className="text-xl font-bold">{title}</Heading>
      <p className="mt-2 text-slate-700">{message}</p>
      {children ? <div className="mt-4">{children}</div> : null}
    </section>
  );
}
