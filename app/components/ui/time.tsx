import type { ReactNode } from "react";
import { formatDateTime } from "~/lib/format.ts";

/**
 * Every `<time>` of the site: its machine date, and the absolute date and time in its title (a relative
 * "3h ago" or a bare day says when exactly on hover and to a screen reader that reads titles).
 * app/components/time.test.ts keeps a bare <time> out of the components.
 */
export function Time({ value, timeZone, className, children }: { value: string; timeZone: string; className?: string; children: ReactNode }) {
  return (
    <time dateTime={value} title={formatDateTime(value, timeZone)} className={className}>
      {children}
    </time>
  );
}
