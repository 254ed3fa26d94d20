// The outbox's states (decision 0132): pending → sending (claimed in a transaction, with the time) →
// sent; a failed send goes back to pending until MAX_ATTEMPTS, then failed. A claim older than the
// lease belongs to a process that died mid-send: it is claimed again (the same Message-ID goes out, so
// a mail that did leave before the death is one message to the reader's client).
import { and, eq, inArray, lte, or, sql } from "drizzle-orm";
import { mailQueue } from "#db/schema.ts";
import { getDb } from "#db/client.server.ts";
import { writeTransaction } from "../db.server.ts";

export const MAX_ATTEMPTS = 5;

export type QueuedMail = typeof mailQueue.$inferSelect;

/** Claims up to `limit` mails to send now: pending ones and those whose claim outlived the lease. */
export function claimMail({ now, leaseMs, limit = 10 }: { now: number; leaseMs: number; limit?: number }): QueuedMail[] {
  return writeTransaction((tx) => {
    const ids = tx
      .select({ id: mailQueue.id })
      .from(mailQueue)
      .where(or(eq(mailQueue.status, "pending"), and(eq(mailQueue.status, "sending"), lte(mailQueue.claimedAt, new Date(now - leaseMs)))))
      .orderBy(mailQueue.id)
      .limit(limit)
      .all()
      .map((r) => r.id);
    if (ids.length === 0) return [];
    return tx
      .update(mailQueue)
      .set({ status: "sending", claimedAt: new Date(now), attempts: sql`${mailQueue.attempts} + 1` })
      .where(inArray(mailQueue.id, ids))
      .returning()
      .all()
      .sort((a, b) => a.id - b.id);
  });
}

/** The server accepted it. Only a mail still claimed is marked (idempotent). */
export function markSent(id: number, now = Date.now()): void {
  getDb().update(mailQueue).set({ status: "sent", sentAt: new Date(now), lastError: null }).where(and(eq(mailQueue.id, id), eq(mailQueue.status, "sending"))).run();
}

/** The server refused it or did not answer: pending again, or failed for good after MAX_ATTEMPTS. */
export function markFailed(id: number, error: string): void {
  getDb()
    .update(mailQueue)
    .set({ status: sql`CASE WHEN ${mailQueue.attempts} >= ${MAX_ATTEMPTS} THEN 'failed' ELSE 'pending' END`, lastError: error.slice(0, 500) })
    .where(and(eq(mailQueue.id, id), eq(mailQueue.status, "sending")))
    .run();
}

/** Not sent: its address had its share of mail (integrations/mail-cap.server.ts, decision 0190). Failed for good. */
export function markCapped(id: number): void {
  getDb()
    .update(mailQueue)
    .set({ status: "failed", lastError: "not sent: the address had its share of mail for now" })
    .where(and(eq(mailQueue.id, id), eq(mailQueue.status, "sending")))
    .run();
}
