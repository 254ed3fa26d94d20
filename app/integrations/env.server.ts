import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import { z } from "zod";

const flag = z
  .enum(["true", "false", "1", "0", "yes", "no", "on", "off", ""])
  .optional()
  .transform((v) => (v === undefined || v === "" ? undefined : ["true", "1", "yes", "on"].includes(v)));
const bool = (fallback: boolean) => flag.transform((v) => v ?? fallback);

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_PATH: z.string().min(1).default("data/app.db"),
  // "full": every commit survives a power loss too (an fsync per commit); db/client.server.ts reads it.
  DURABILITY: z.enum(["normal", "full"]).default("normal"),
  PUBLIC_URL: z.url().optional(),
  COOKIE_SECURE: flag,
  SESSION_SECRET: z.string().min(16).optional(),
  SITE_NAME: z.string().min(1).max(60).default("Chortle"),
  ADMIN_USERNAME: z.string().min(3).max(20).optional(),
  ADMIN_PASSWORD: z.string().min(6).optional(),
  ADMIN_EMAIL: z.email().optional(),
  SEED_DEMO: bool(true),
  // Who may make an account: "open" (anyone), "verify" (anyone, writing once the mailed link is
  // opened), "invite" (with a member's invite code), "closed" (only admins, from the admin Users tab).
  SIGNUP_MODE: z
    .enum(["open", "verify", "invite", "closed"], { error: "SIGNUP_MODE must be 'open', 'verify', 'invite' or 'closed'" })
    .default("open"),
  // The sign-up form must have been on screen this many seconds before it is sent (its signed stamp);
  // 0 turns the check off. The honeypot field is checked whatever this says.
  SIGNUP_MIN_SECONDS: z.coerce.number().min(0).max(600).default(3),
  // Sign-ups per network (an IPv4 /24, an IPv6 /48) an hour and a day, and per e-mail domain with
  // SIGNUP_MODE=verify; 0 turns one off (RATE_LIMIT=off turns them all off).
  SIGNUP_NETWORK_HOURLY: z.coerce.number().int().min(0).default(20),
  SIGNUP_NETWORK_DAILY: z.coerce.number().int().min(0).default(50),
  SIGNUP_DOMAIN_HOURLY: z.coerce.number().int().min(0).default(30),
  SIGNUP_DOMAIN_DAILY: z.coerce.number().int().min(0).default(100),
  // New accounts earn trust (docs/product.md §11 "Spam"): until an account a visitor registered is
  // TRUST_MIN_DAYS old with TRUST_MIN_UPVOTED upvoted posts or comments, it has the smaller budgets
  // below (per account; 0 turns one off), at most NEWCOMER_MAX_MENTIONS members named per comment,
  // its comments with links wait for a moderator, and with NEWCOMER_POSTS_WAIT everything it writes.
  TRUST_MIN_DAYS: z.coerce.number().min(0).default(3),
  TRUST_MIN_UPVOTED: z.coerce.number().int().min(0).default(3),
  NEWCOMER_POSTS_HOURLY: z.coerce.number().int().min(0).default(3),
  NEWCOMER_POSTS_DAILY: z.coerce.number().int().min(0).default(5),
  NEWCOMER_COMMENTS_HOURLY: z.coerce.number().int().min(0).default(10),
  NEWCOMER_COMMENTS_DAILY: z.coerce.number().int().min(0).default(30),
  NEWCOMER_MENTIONS_HOURLY: z.coerce.number().int().min(0).default(5),
  NEWCOMER_MENTIONS_DAILY: z.coerce.number().int().min(0).default(10),
  NEWCOMER_FOLLOWS_HOURLY: z.coerce.number().int().min(0).default(10),
  NEWCOMER_FOLLOWS_DAILY: z.coerce.number().int().min(0).default(30),
  NEWCOMER_MAX_MENTIONS: z.coerce.number().int().min(0).default(2),
  // The distinct members one new account may notify in a day (0: no cap); while anything it wrote
  // waits for a moderator, it notifies nobody (decision 0210).
  NEWCOMER_NOTIFY_DAILY: z.coerce.number().int().min(0).default(10),
  NEWCOMER_POSTS_WAIT: bool(false),
  // The same normalised text from another new account within this many hours is held.
  REPEAT_WINDOW_HOURS: z.coerce.number().min(0).default(24),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Chortle <no-reply@chortle.local>"),
  // The notice and digest mails (docs/decisions/0131, 0132): how often the one sender looks at its
  // queue, how long a notice waits so a burst is one mail, how long a claimed mail may take before
  // another claim may send it again, and the digest's "week".
  MAIL_INTERVAL_MS: z.coerce.number().int().min(50).default(60_000),
  MAIL_BATCH_MS: z.coerce.number().int().min(0).default(300_000),
  MAIL_LEASE_MS: z.coerce.number().int().min(100).default(600_000),
  DIGEST_PERIOD_MS: z.coerce.number().int().min(1000).default(7 * 24 * 3_600_000),
  RESET_LINK_IN_RESPONSE: bool(false),
  // Admins must turn on two-factor sign-in before any admin page or admin call works.
  REQUIRE_ADMIN_2FA: bool(false),
  // The public moderation log (/moderation) names the moderator who acted; false says only the role.
  MODERATION_LOG_NAMES: bool(true),
  // "off", or per-IP limits like "10/60" (10 attempts a minute).
  RATE_LIMIT: z
    .string()
    .regex(/^(off|\d+\/\d+)$/, "RATE_LIMIT must be 'off' or 'ATTEMPTS/SECONDS'")
    .default("10/60"),
  YOUTUBE_API_KEY: z.string().optional(),
  YOUTUBE_API_BASE_URL: z.url().default("https://www.googleapis.com/youtube/v3"),
  YOUTUBE_OEMBED_URL: z.url().default("https://www.youtube.com/oembed"),
  // The Data API's daily quota (units a UTC day; Google grants 10,000 unless asked for more) and the
  // share of it the refresh job may spend (docs/decisions/0196); the rest is the members' reserve.
  // The job re-checks a post every YOUTUBE_REFRESH_INTERVAL_MS at most (0: the job is off).
  YOUTUBE_DAILY_QUOTA: z.coerce.number().int().min(1).default(10_000),
  YOUTUBE_REFRESH_SHARE: z.coerce.number().min(0).max(1).default(0.3),
  YOUTUBE_REFRESH_INTERVAL_MS: z.coerce.number().int().min(0).default(300_000),
  // Video thumbnails are fetched by the server from here and served from our own origin.
  THUMBNAIL_BASE_URL: z.url().default("https://i.ytimg.com"),
  // Where fetched thumbnails are kept; unset: a `thumbnails` folder beside the database.
  THUMBNAIL_CACHE_DIR: z.string().min(1).optional(),
  // The disk cache's cap in megabytes; the oldest thumbnails go first.
  THUMBNAIL_CACHE_MB: z.coerce.number().int().min(1).max(100_000).default(200),
  // URLs per sitemap file; above this /sitemap.xml becomes a sitemap index (50,000 is the protocol's cap).
  SITEMAP_SPLIT: z.coerce.number().int().min(1).max(50_000).default(50_000),
  // Hours after writing a post or a comment that its author may still edit it; 0 turns editing off.
  EDIT_WINDOW_HOURS: z.coerce.number().min(0).max(100_000).default(24),
  // "off": no memo or in-memory cache keeps anything between requests (app/pipeline/README.md), so
  // every request does the full work; the answers must be the same either way.
  MEMO: bool(true),
});

export type Env = z.infer<typeof EnvSchema> & { SESSION_SECRET: string; COOKIE_SECURE: boolean };

function loadSecret(databasePath: string): string {
  // Kept beside the database so a restart keeps everyone signed in.
  const file = path.join(path.dirname(path.resolve(databasePath)), "session-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    const secret = crypto.randomBytes(32).toString("hex");
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

function parseEnv(): Env {
  const result = EnvSchema.safeParse(process.env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = result.data;
  return {
    ...env,
    SESSION_SECRET: env.SESSION_SECRET ?? loadSecret(env.DATABASE_PATH),
    // Secure cookies only when the site is really served over https.
    COOKIE_SECURE: env.COOKIE_SECURE ?? env.PUBLIC_URL?.startsWith("https://") ?? false,
  };
}

let cached: Env | undefined;
export function getEnv(): Env {
  cached ??= parseEnv();
  return cached;
}

let memoOverride: boolean | undefined;

/** Whether memos and in-memory caches may keep anything between requests (MEMO, on by default). */
export function memoEnabled(): boolean {
  return memoOverride ?? getEnv().MEMO;
}

/** For the tests of a memo itself: run it on (or off) whatever MEMO says; undefined goes back to MEMO. */
export function setMemoForTests(on: boolean | undefined) {
  memoOverride = on;
}
