import { getDb, migrate } from "#db/client.server.ts";
import { seedDemo } from "#db/seed.ts";
import { ensureBootstrapAdmin, type BootstrapOutcome } from "~/models/admin/bootstrap.server.ts";
import { backfillQuoteKeys } from "~/models/post/quote-backfill.server.ts";
import { getEnv, type Env } from "../../integrations/env.server.ts";
import { hashPasswordSync } from "../../integrations/password.server.ts";

let done = false;

/**
 * Runs once per process: migrations, demo content for an empty site, and the configured admin
 * account when no account has its name (see ensureBootstrapAdmin: existing accounts are left alone).
 */
export function runStartupTasks() {
  if (done) return;
  done = true;
  const env = getEnv();
  const db = getDb();
  migrate(db);
  for (const warning of configurationWarnings(env, process.env.NODE_ENV)) console.warn(warning);
  // Seed before the admin account is made: the seed only fills an empty database.
  if (env.SEED_DEMO) {
    const seeded = seedDemo(db, { hashPassword: hashPasswordSync });
    if (seeded) console.log(`Seeded demo content: ${seeded.users} users, ${seeded.posts} posts.`);
  }
  // Posts from before quote keys (and the seed's) get theirs: one per quote, the oldest keeps it.
  const keyed = backfillQuoteKeys(db);
  if (keyed) console.log(`Gave ${keyed} posts their quote key.`);
  if (env.ADMIN_USERNAME && env.ADMIN_PASSWORD) {
    const password = env.ADMIN_PASSWORD;
    const outcome = ensureBootstrapAdmin({
      username: env.ADMIN_USERNAME,
      email: env.ADMIN_EMAIL ?? `${env.ADMIN_USERNAME.toLowerCase()}@localhost`,
      hashPassword: () => hashPasswordSync(password),
    });
    const message = bootstrapMessage(env.ADMIN_USERNAME, outcome);
    if (outcome === "created") console.log(message);
    else if (message) console.error(message);
  }
}

/** What the start says about the ADMIN_USERNAME account; null when there is nothing to say. */
export function bootstrapMessage(username: string, outcome: BootstrapOutcome): string | null {
  switch (outcome) {
    case "created":
      return `Created admin account '${username}'.`;
    case "exists":
      return null;
    case "member":
      return `ADMIN_USERNAME '${username}' is held by a member who is not an admin: no admin account was created and that member was not made one. Grant the role from the dashboard or choose another ADMIN_USERNAME.`;
    case "deleted":
      return `ADMIN_USERNAME '${username}' belonged to an account that was deleted: it is not created again. Choose another ADMIN_USERNAME.`;
    case "clash":
      return `ADMIN_EMAIL of '${username}' belongs to another account: no admin account was created.`;
  }
}

/** Settings that work but are unsafe or incomplete for a public site, said at every start. */
export function configurationWarnings(
  env: Pick<Env, "PUBLIC_URL" | "SMTP_URL" | "RESET_LINK_IN_RESPONSE">,
  nodeEnv: string | undefined,
): string[] {
  const warnings: string[] = [];
  if (!env.PUBLIC_URL && nodeEnv === "production") {
    warnings.push("PUBLIC_URL is not set: links in feeds, the sitemap and link previews follow the request's Host header. Set it on a public site.");
  }
  if (env.SMTP_URL && !env.PUBLIC_URL) {
    warnings.push("PUBLIC_URL is not set: password-reset mail is not sent (links go to this log) until it is.");
  }
  if (env.RESET_LINK_IN_RESPONSE) {
    warnings.push("RESET_LINK_IN_RESPONSE is on: anyone who knows an account's e-mail can reset its password. Local demos only.");
  }
  return warnings;
}
