// Starts the local fakes and one built server on a temp database for the whole Playwright run.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startServer } from "../support/server.ts";
import crypto from "node:crypto";
import { startSmtp } from "../fixtures/smtp.ts";

export default async function globalSetup() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "chortle-e2e-"));
  const mailDir = path.join(root, "mail");
  const smtp = await startSmtp(mailDir);
  const sessionSecret = crypto.randomBytes(24).toString("hex");
  const server = await startServer({
    SESSION_SECRET: sessionSecret,
    SEED_DEMO: "true",
    SMTP_URL: smtp.url,
    ADMIN_USERNAME: "admin",
    ADMIN_PASSWORD: "admin-password",
    ADMIN_EMAIL: "admin@example.com",
  });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_DATABASE_PATH = server.databasePath;
  process.env.E2E_SESSION_SECRET = sessionSecret;
  return async () => {
    await server.stop();
    await smtp.stop();
    fs.rmSync(root, { recursive: true, force: true });
  };
}
