import { getDb, migrate } from "#db/client.server.ts";
import { seedDemo } from "#db/seed.ts";
import { findUserByLogin, createUser, setUserAdmin } from "~/models/user.server.ts";
import { getEnv } from "./env.server.ts";
import { hashPasswordSync, verifyPasswordSync } from "./password.server.ts";

let done = false;

/** Runs once per process: migrations, the configured admin account, demo content for an empty site. */
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
    const existing = findUserByLogin({ login: env.ADMIN_USERNAME });
    if (existing) {
      // Only the owner of ADMIN_PASSWORD is promoted: a stranger who registered the name first is not.
      if (!existing.isAdmin && verifyPasswordSync(existing.passwordHash, env.ADMIN_PASSWORD)) {
        setUserAdmin({ userId: existing.id, isAdmin: true });
      } else if (!existing.isAdmin) {
        console.error(`ADMIN_USERNAME '${env.ADMIN_USERNAME}' belongs to an account whose password is not ADMIN_PASSWORD: not made an admin.`);
      }
    } else {
      createUser({
        username: env.ADMIN_USERNAME,
        email: env.ADMIN_EMAIL ?? `${env.ADMIN_USERNAME.toLowerCase()}@localhost`,
        passwordHash: hashPasswordSync(env.ADMIN_PASSWORD),
        isAdmin: true,
      });
      console.log(`Created admin account '${env.ADMIN_USERNAME}'.`);
    }
  }
}
