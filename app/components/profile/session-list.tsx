import { Form } from "react-router";
import { Time } from "~/components/ui/time.tsx";
import { formatDate, formatRelative } from "~/lib/format.ts";
import { Button } from "../ui/button.tsx";

export type SessionItem = {
  key: string;
  /** 'Firefox on Linux' … (the full User-Agent is its tooltip). */
  device: string;
  userAgent: string | null;
  signedInAt: string;
  lastSeenAt: string;
  current: boolean;
  /** Signed in with a password and a second factor. */
  twoFactor: boolean;
};

/**
 * The owner's sessions ('Signed in on …, last seen …', this device first) and 'Sign out everywhere
 * else', a plain form to /sessions/sign-out-others that comes back here with a toast (no JS needed).
 */
export function SessionList({ sessions, now, timeZone }: { sessions: SessionItem[]; now: number; timeZone: string }) {
  const others = sessions.filter((s) => !s.current).length;
  return (
    <section aria-labelledby="sessions-title" className="space-y-2">
      <h3 id="sessions-title" className="font-bold">
        Where you are signed in
      </h3>
      <ul data-testid="session-list" className="divide-y divide-slate-100 rounded-lg border border-slate-200">
        {sessions.map((s) => (
          <li
            key={s.key}
            data-testid="session"
            className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 px-3 py-2 text-sm"
          >
            <span className="font-semibold text-slate-900" title={s.userAgent ?? undefined}>
              {s.device}
              {s.current ? (
                <span className="ml-2 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800">This device</span>
              ) : null}
              {s.twoFactor ? (
                <span data-testid="session-two-factor" className="ml-2 rounded-full bg-sky-50 px-2 py-0.5 text-xs font-semibold text-sky-800">
                  two-factor
                </span>
              ) : null}
            </span>
            <span className="text-slate-700">
              Signed in on{" "}
              <Time value={s.signedInAt} timeZone={timeZone}>
                {formatDate(s.signedInAt, timeZone)}
              </Time>
              , last seen{" "}
              <Time value={s.lastSeenAt} timeZone={timeZone}>
                {formatRelative(s.lastSeenAt, now, timeZone)}
              </Time>
            </span>
          </li>
        ))}
      </ul>
      <Form method="post" action="/sessions/sign-out-others" className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="secondary" size="sm" disabled={others === 0}>
          Sign out everywhere else
        </Button>
        <span className="text-sm text-slate-600">
          {others === 0 ? "No other sessions." : `${others} other session${others === 1 ? "" : "s"}.`}
        </span>
      </Form>
    </section>
  );
}
