// The site's daily YouTube quota (docs/decisions/0196): one ledger in SQLite of the units spent per
// UTC day and purpose, written by the client before every Data API request (its `spendQuota` hook),
// so every worker and every restart counts the same day. The guard keeps the members' reserve: the
// refresh job may spend at most its share of the day (YOUTUBE_REFRESH_SHARE of YOUTUBE_DAILY_QUOTA)
// and never past the day's quota; members' lookups are refused only when the whole day is spent.
import { eq, sql } from "drizzle-orm";
import { getDb } from "#db/client.server.ts";
import { QUOTA_PURPOSES, youtubeQuota, type QuotaPurpose } from "#db/schema.ts";
import { getEnv } from "~/integrations/env.server.ts";
import type { QuotaSpender } from "~/integrations/youtube/client.server.ts";
import { writeTransaction } from "./db.server.ts";

export type QuotaLimits = { /** Units a UTC day, all purposes. */ daily: number; /** The refresh job's share of them. */ refresh: number };

function quotaLimits(env = getEnv()): QuotaLimits {
  return { daily: env.YOUTUBE_DAILY_QUOTA, refresh: Math.floor(env.YOUTUBE_DAILY_QUOTA * env.YOUTUBE_REFRESH_SHARE) };
}

/** The ledger's day: YouTube's quota is counted per day too (it resets at midnight Pacific; UTC is ours, said in 0196). */
export const utcDay = (now: number) => new Date(now).toISOString().slice(0, 10);

/** Units spent on the day of `now`, per purpose. */
export function quotaSpent(now = Date.now()): Record<QuotaPurpose, number> {
  const spent = Object.fromEntries(QUOTA_PURPOSES.map((p) => [p, 0])) as Record<QuotaPurpose, number>;
  for (const row of getDb().select().from(youtubeQuota).where(eq(youtubeQuota.day, utcDay(now))).all()) spent[row.purpose] = row.units;
  return spent;
}

/**
 * Spends `units` for `purpose` on the day of `now` if the guard allows it, in one write transaction
 * (two workers never both take the last unit): false, and nothing spent, when the day's quota would
 * be passed, or for the job when its share would be.
 */
function spendQuota(purpose: QuotaPurpose, units: number, { now = Date.now(), limits = quotaLimits() }: { now?: number; limits?: QuotaLimits } = {}): boolean {
  const day = utcDay(now);
  return writeTransaction((tx) => {
    const rows = tx.select().from(youtubeQuota).where(eq(youtubeQuota.day, day)).all();
    const total = rows.reduce((sum, row) => sum + row.units, 0);
    const mine = rows.find((row) => row.purpose === purpose)?.units ?? 0;
    if (total + units > limits.daily) return false;
    if (purpose === "refresh" && mine + units > limits.refresh) return false;
    tx.insert(youtubeQuota)
      .values({ day, purpose, units })
      .onConflictDoUpdate({ target: [youtubeQuota.day, youtubeQuota.purpose], set: { units: sql`${youtubeQuota.units} + ${units}` } })
      .run();
    return true;
  });
}

/** The client's hook (setSiteQuota, or a test's client): the ledger on the given clock and limits. */
export function quotaSpender({ now = Date.now, limits }: { now?: () => number; limits?: QuotaLimits } = {}): QuotaSpender {
  return (purpose, units) => spendQuota(purpose, units, { now: now(), limits: limits ?? quotaLimits() });
}

