// A member's e-mail choices (opt-in per kind), the cursor that keeps older notices out of mail, and
// the unsubscribe a signed link makes (decision 0131).
import { and, eq, inArray, sql } from "drizzle-orm";
import { emailCursors, emailPreferences, notifications, type EmailKind } from "#db/schema.ts";
import { EMAIL_KIND_LIST, INVALID_UNSUBSCRIBE_LINK, NOTICE_KINDS, type EmailPreferences, type UnsubscribeScope } from "~/rules/email-rules.ts";
import { invalid } from "~/lib/problem.ts";
import { isUnsubscribeSignature } from "./unsubscribe-link.server.ts";
import { prepared, writeTransaction, type Tx } from "../db.server.ts";

const chosen = prepared((db) =>
  db.select({ kind: emailPreferences.kind }).from(emailPreferences).where(eq(emailPreferences.userId, sql.placeholder("userId"))).prepare(),
);

function toPreferences(kinds: Iterable<EmailKind>): EmailPreferences {
  const on = new Set(kinds);
  return Object.fromEntries(EMAIL_KIND_LIST.map((k) => [k, on.has(k)])) as EmailPreferences;
}

/** Every kind, on or off (all off until the member opts in). */
export function getEmailPreferences(userId: number): EmailPreferences {
  return toPreferences(chosen().all({ userId }).map((r) => r.kind));
}

/**
 * Turns kinds on or off (the others stay). Turning the first notice kind on starts the member's mail
 * after the newest notification: nothing that happened before the opt-in is mailed. Turning the
 * digest on counts its first week from now.
 */
export function setEmailPreferences({ userId, changes }: { userId: number; changes: Partial<Record<EmailKind, boolean>> }): EmailPreferences {
  return writeTransaction((tx) => {
    const before = new Set(chosen().all({ userId }).map((r) => r.kind));
    for (const kind of EMAIL_KIND_LIST) {
      const want = changes[kind];
      if (want === undefined || want === before.has(kind)) continue;
      if (want) tx.insert(emailPreferences).values({ userId, kind }).run();
      else tx.delete(emailPreferences).where(and(eq(emailPreferences.userId, userId), eq(emailPreferences.kind, kind))).run();
    }
    const after = new Set(chosen().all({ userId }).map((r) => r.kind));
    const noticesStart = !NOTICE_KINDS.some((k) => before.has(k)) && NOTICE_KINDS.some((k) => after.has(k));
    const digestStarts = !before.has("weekly_digest") && after.has("weekly_digest");
    if (noticesStart || digestStarts) startCursor(tx, userId, { notices: noticesStart, digest: digestStarts });
    return toPreferences(after);
  });
}

function startCursor(tx: Tx, userId: number, { notices, digest }: { notices: boolean; digest: boolean }) {
  const newest = tx.select({ id: sql<number>`coalesce(max(${notifications.id}), 0)` }).from(notifications).get()?.id ?? 0;
  const now = new Date();
  tx.insert(emailCursors)
    .values({ userId, noticesThrough: newest, digestAt: now })
    .onConflictDoUpdate({
      target: emailCursors.userId,
      set: {
        ...(notices ? { noticesThrough: newest } : {}),
        ...(digest ? { digestAt: now } : {}),
      },
    })
    .run();
}

/** What a scope ends. */
function kindsOf(scope: UnsubscribeScope): EmailKind[] {
  if (scope === "all") return EMAIL_KIND_LIST;
  return scope === "notices" ? NOTICE_KINDS : ["weekly_digest"];
}

/** The signed link's one-click unsubscribe: idempotent; a member who is gone changes nothing. */
function unsubscribe({ userId, scope }: { userId: number; scope: UnsubscribeScope }): void {
  writeTransaction((tx) => {
    tx.delete(emailPreferences).where(and(eq(emailPreferences.userId, userId), inArray(emailPreferences.kind, kindsOf(scope)))).run();
  });
}

/** Whether a link's signature is this member's for this scope (the page asks before offering the button). */
export function isUnsubscribeLinkValid(link: { u: number; scope: UnsubscribeScope; sig: string }): boolean {
  return isUnsubscribeSignature(link.u, link.scope, link.sig);
}

/**
 * The one-click unsubscribe of a mailed link (RFC 8058), without signing in: the signature decides.
 * Problem(invalid) for a link whose signature is not the site's.
 */
export function unsubscribeByLink(link: { u: number; scope: UnsubscribeScope; sig: string }): { scope: UnsubscribeScope } {
  if (!isUnsubscribeLinkValid(link)) throw invalid(INVALID_UNSUBSCRIBE_LINK);
  unsubscribe({ userId: link.u, scope: link.scope });
  return { scope: link.scope };
}
