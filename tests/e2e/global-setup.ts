// Starts the local fakes and one built server on a temp database for the whole Playwright run.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startServer } from "../support/server.ts";
import crypto from "node:crypto";
import { startSmtp } from "../fixtures/smtp.ts";
import { startThumbnailFake } from "../fixtures/thumbnail-fake.ts";
import { FAKE_YOUTUBE_KEY, startYouTubeFake } from "../fixtures/youtube-fake.ts";

export default async function globalSetup() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "chortle-e2e-"));
  const mailDir = path.join(root, "mail");
  const smtp = await startSmtp(mailDir);
  const youtube = await startYouTubeFake();
  // The browser never sees YouTube's image host: the server fetches thumbnails from this fake.
  const thumbnails = await startThumbnailFake();
  const sessionSecret = crypto.randomBytes(24).toString("hex");
  const server = await startServer({
    SESSION_SECRET: sessionSecret,
    SEED_DEMO: "true",
    SMTP_URL: smtp.url,
    // The queued mail goes out within a second (follow-email.spec.ts waits for it).
    MAIL_INTERVAL_MS: "300",
    MAIL_BATCH_MS: "300",
    ADMIN_USERNAME: "admin",
    ADMIN_PASSWORD: "admin-password",
    ADMIN_EMAIL: "admin@example.com",
    YOUTUBE_API_KEY: FAKE_YOUTUBE_KEY,
    YOUTUBE_API_BASE_URL: youtube.apiBaseUrl,
    YOUTUBE_OEMBED_URL: youtube.oembedUrl,
    THUMBNAIL_BASE_URL: thumbnails.url,
  });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_DATABASE_PATH = server.databasePath;
  process.env.E2E_SESSION_SECRET = sessionSecret;
  process.env.E2E_YOUTUBE_FAKE_URL = youtube.url;
  return async () => {
    await server.stop();
    await smtp.stop();
    await youtube.stop();
    await thumbnails.stop();
    fs.rmSync(root, { recursive: true, force: true });
  };
}
