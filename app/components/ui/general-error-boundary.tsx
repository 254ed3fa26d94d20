import type { ReactNode } from "react";
import { isRouteErrorResponse, useLocation, useRouteError, type ErrorResponse } from "react-router";
import { LinkButton } from "./button.tsx";
import { EmptyState } from "./empty-state.tsx";

// The one error boundary (the Epic Stack's GeneralErrorBoundary is the model): a route's own
// ErrorBoundary export hands it the texts of that screen by status; everything else gets the
// default. Unexpected errors (not thrown responses) are logged, never shown as a stack.

type StatusHandler = (info: { error: ErrorResponse; message: string | null }) => ReactNode;

/** A client-side navigation whose request never reached the server (offline, connection dropped). */
function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError && /fetch|network|load failed/i.test(error.message);
}

/** The message a thrown data({ message }) carries, if any. */
function errorMessage(error: ErrorResponse): string | null {
  return typeof error.data?.message === "string" ? error.data.message : null;
}

function HomeButton() {
  return <LinkButton to="/">Return to Home</LinkButton>;
}

/** A screen's error panel: title, message and (by default) a 'Return to Home' button. */
export function ErrorPanel({
  title,
  message,
  alert = true,
  children = <HomeButton />,
}: {
  title: string;
  message: string;
  alert?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className="py-10">
      <EmptyState title={title} message={message} alert={alert}>
        {children}
      </EmptyState>
    </div>
  );
}

/**
 * `title`, `fallback` (the message when the error carries none) and `actions` describe the screen's
 * error panel; `statusHandlers` replace it for particular statuses (404 → 'Post Not Found' …).
 */
export function GeneralErrorBoundary({
  title = "Something went wrong",
  fallback = "Something went wrong. Please try again.",
  actions,
  statusHandlers = {},
}: {
  title?: string;
  fallback?: string;
  actions?: ReactNode;
  statusHandlers?: Record<number, StatusHandler>;
}) {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    const handler = statusHandlers[error.status];
    const message = errorMessage(error);
    if (handler) return <>{handler({ error, message })}</>;
    return (
      <ErrorPanel title={title} message={message ?? fallback}>
        {actions}
      </ErrorPanel>
    );
  }
  // The request never reached us (offline): no bug to log; say so and offer Retry.
  if (isNetworkError(error)) return <ConnectionLost />;
  console.error(error);
  return (
    <ErrorPanel title={title} message={fallback}>
      {actions}
    </ErrorPanel>
  );
}

function ConnectionLost() {
  const { pathname, search } = useLocation();
  return (
    <ErrorPanel title="Connection lost" message="We couldn't reach the server. Check your connection, then retry.">
      <div className="flex flex-wrap justify-center gap-2">
        <RetryLink to={`${pathname}${search}`} />
        <HomeButton />
      </div>
    </ErrorPanel>
  );
}

/** A Retry button that reloads the page (a plain document load, with or without JavaScript). */
export function RetryLink({ to }: { to: string }) {
  return (
    <LinkButton to={to} reloadDocument>
      Retry
    </LinkButton>
  );
}
