// Suspensions and standing: the texts a member reads, without zod or server code (the banner, the
// refusal of every write and /account/standing say the same words).

/** "2026-12-01 14:00 UTC": one unambiguous form for every reader's time zone. */
export function formatUntil(until: Date | string): string {
  const iso = new Date(until).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** The refusal of every write and the banner while a suspension lasts. */
export function suspensionMessage({ until, reason }: { until: Date | string | null; reason: string }): string {
  return until ? `Your account is suspended until ${formatUntil(until)}: ${reason}` : `Your account is suspended indefinitely: ${reason}`;
}

export const ADMIN_NOT_SUSPENDABLE = "Admins cannot be suspended: remove their admin role first.";
export const SUSPENDED_NOT_PROMOTABLE = "A suspended member cannot be made an admin: lift the suspension first.";
export const CANNOT_SUSPEND_SELF = "You cannot suspend yourself.";
export const NOT_SUSPENDED = "This member is not suspended.";
export const SUSPENSION_END_PAST = "The end of a suspension must be in the future.";

export const APPEAL_SENT = "Appeal sent — a moderator will review it.";
export const APPEAL_ALREADY = "You have already appealed this decision.";
export const APPEAL_NOT_FOUND = "Nothing to appeal here.";
export const APPEAL_DECIDED = "This appeal has already been decided.";

/** What the author of a removed item reads ('Your post "…" was removed: Spam links, rule 2'; no reason given: '… was removed'). */
export function removedNotice(noun: string, label: string, reason: string): string {
  const t = label.trim();
  const quoted = `"${t.length > 60 ? `${t.slice(0, 59).trimEnd()}…` : t}"`;
  return reason ? `Your ${noun} ${quoted} was removed: ${reason}` : `Your ${noun} ${quoted} was removed`;
}

/** What each reporter reads when their report's case is decided; it never names anyone. */
export function reporterNotice(outcome: "removed" | "suspended" | "none", noun: string): string {
  if (outcome === "removed") return `Thanks for your report: the ${noun} was removed`;
  if (outcome === "suspended") return `Thanks for your report: the ${noun} was suspended`;
  return "Thanks for your report: no action was needed";
}

/** What the member reads when their appeal is decided. */
export function appealNotice(decision: "upheld" | "granted", reason: string): string {
  return decision === "granted" ? `Your appeal was granted: ${reason}` : `Your appeal was reviewed and the decision stands: ${reason}`;
}

export const MEMBER_NOT_REMOVABLE = "A member cannot be removed from the queue: dismiss the report, or suspend them.";
export const AUTHOR_GONE = "The author's account is gone: there is nobody to suspend.";
