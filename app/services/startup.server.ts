import { getDb, migrate } from "#db/client.server.ts";
import { seedDemo } from "#db/seed.ts";
import { findUserByLogin, createUser, setUserAdmin } from "~/models/user.server.ts";
import { getEnv } from "./env.server.ts";
import { hashPasswordSync } from "./password.server.ts";

let done = false;

/** Runs once per process: migrations, the configured admin account, demo content for an empty site. */
export function runStartupTasks() {
  if (done) return;
  done = true;
  const env = getEnv();
  const db = getDb();
  migrate(db);
  // Seed first: the demo seed only fills an empty site, and the admin account would make it look used.
  if (env.SEED_DEMO) {
    const seeded = seedDemo(db, { hashPassword: hashPasswordSync });
    if (seeded) console.log(`Seeded demo content: ${seeded.users} users, ${seeded.posts} posts.`);
  }
  if (env.ADMIN_USERNAME && env.ADMIN_PASSWORD) {
    const existing = findUserByLogin({ login: env.ADMIN_USERNAME });
    if (existing) {
      if (!existing.isAdmin) setUserAdmin({ userId: existing.id, isAdmin: true });
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
