import { getDb, migrate } from "#db/client.server.ts";
import { seedDemo } from "#db/seed.ts";
import { ensureBootstrapAdmin } from "~/models/admin/bootstrap.server.ts";
import { getEnv } from "../../integrations/env.server.ts";
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
  if (env.SMTP_URL && !env.PUBLIC_URL) {
    console.warn("PUBLIC_URL is not set: password-reset mail is not sent (links go to this log) until it is.");
  }
  // Seed before the admin account is made: the seed only fills an empty database.
  if (env.SEED_DEMO) {
    const seeded = seedDemo(db, { hashPassword: hashPasswordSync });
    if (seeded) console.log(`Seeded demo content: ${seeded.users} users, ${seeded.posts} posts.`);
  }
  if (env.ADMIN_USERNAME && env.ADMIN_PASSWORD) {
    const password = env.ADMIN_PASSWORD;
    const outcome = ensureBootstrapAdmin({
      username: env.ADMIN_USERNAME,
      email: env.ADMIN_EMAIL ?? `${env.ADMIN_USERNAME.toLowerCase()}@localhost`,
      hashPassword: () => hashPasswordSync(password),
    });
    if (outcome === "created") console.log(`Created admin account '${env.ADMIN_USERNAME}'.`);
    else if (outcome === "deleted") console.warn(`ADMIN_USERNAME '${env.ADMIN_USERNAME}' was deleted by an admin: not created again.`);
    else if (outcome === "clash") console.error(`ADMIN_EMAIL of '${env.ADMIN_USERNAME}' belongs to another account: admin account not created.`);
  }
}
