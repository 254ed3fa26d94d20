import type { ReactNode } from "react";
import { useLocation, useNavigation } from "react-router";
import { Link } from "~/components/ui/link.tsx";
import { LazyConfirmStep } from "../lazy-parts.tsx";
import { buttonClass, type ButtonSize } from "./button.tsx";

/** The URL parameter that holds which confirmation is open (?confirm=delete-post-12). */
const CONFIRM_PARAM = "confirm";

function withConfirm(search: string, key: string | null): string {
  const params = new URLSearchParams(search);
  if (key) params.set(CONFIRM_PARAM, key);
  else params.delete(CONFIRM_PARAM);
  const query = params.toString();
  return query ? `?${query}` : "?";
}

/**
 * A destructive action behind a confirmation that works without JavaScript: the trigger is a link
 * to this page with ?confirm=<confirmKey>, which renders the confirm step (a dialog holding the real
 * form); with JavaScript the same step opens as a modal. The action's redirect drops ?confirm.
 * The step's code (the dialog, the form) loads when it opens (app/components/lazy-parts.tsx).
 */
export function ConfirmForm({
  confirmKey,
  trigger,
  triggerLabel,
  title,
  message,
  action,
  fields = {},
  confirmLabel,
  reason = false,
  size = "sm",
}: {
  confirmKey: string;
  trigger: ReactNode;
  /** The accessible name of the trigger when it is only an icon. */
  triggerLabel?: string;
  title: string;
  message: ReactNode;
  action: string;
  fields?: Record<string, string>;
  confirmLabel: string;
  /** Offer an optional 'Reason' field (admin actions: it goes to the moderation log). */
  reason?: boolean;
  size?: ButtonSize;
}) {
  const location = useLocation();
  const navigation = useNavigation();
  const open = new URLSearchParams(location.search).get(CONFIRM_PARAM) === confirmKey;
  const closeHref = `${location.pathname}${withConfirm(location.search, null)}`;
  const busy = navigation.state === "submitting" && navigation.formAction === action;
  return (
    <>
      <Link
        to={withConfirm(location.search, confirmKey)}
        preventScrollReset
        aria-label={triggerLabel}
        className={buttonClass({ variant: "secondary", size })}
      >
        {trigger}
      </Link>
      {open ? (
        <LazyConfirmStep
          confirmKey={confirmKey}
          title={title}
          message={message}
          action={action}
          fields={fields}
          confirmLabel={confirmLabel}
          reason={reason}
          closeHref={closeHref}
          busy={busy}
        />
      ) : null}
    </>
  );
}
