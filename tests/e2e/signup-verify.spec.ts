// 'Verify an e-mail' (SIGNUP_MODE=verify, docs/product.md §11), with JavaScript and without: a visitor
// registers, reads the banner, has a vote refused, opens the mailed link, and then the vote counts.
// The spec starts its own server in that mode, on the run's database and session secret.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { startSmtp, waitForMail } from "../fixtures/smtp.ts";
import { startServer, type RunningServer } from "../support/server.ts";
import { expect, hydrated, test, uniqueName } from "./fixtures.ts";

const VERIFY_FIRST = "Please verify your e-mail address first";
const toast = (page: Page) => page.getByTestId("toast");

let server: RunningServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let mailDir: string;

test.beforeAll(async () => {
  mailDir = fs.mkdtempSync(path.join(os.tmpdir(), "chortle-verify-mail-"));
  smtp = await startSmtp(mailDir);
  server = await startServer({
    SIGNUP_MODE: "verify",
    SMTP_URL: smtp.url,
    DATABASE_PATH: process.env.E2E_DATABASE_PATH!,
    SESSION_SECRET: process.env.E2E_SESSION_SECRET!,
  });
});
test.afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
  fs.rmSync(mailDir, { recursive: true, force: true });
});

async function open(page: Page, url: string, jsEnabled: boolean) {
  await page.goto(url);
  if (jsEnabled) await hydrated(page);
}

test("verify an e-mail: the banner, a refused vote, the mailed link, then the vote counts", async ({ page, jsEnabled }) => {
  test.setTimeout(45_000);
  const { makeUser, makePost } = await import("../fixtures/factories.ts");
  const post = makePost({ userId: makeUser().id, title: `Verify me ${uniqueName()}` });
  const username = uniqueName();
  const email = `${username}@example.com`;

  await open(page, `${server.url}/auth?signup=true`, jsEnabled);
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("my-new-password");
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(toast(page)).toContainText("We sent you a link");
  const banner = page.getByTestId("verify-banner");
  await expect(banner).toContainText(`open the link we sent to ${email}`);

  await open(page, `${server.url}/post/${post.id}`, jsEnabled);
  const votes = page.locator(`[data-vote-target="post-${post.id}"]`);
  await votes.getByRole("button", { name: "Upvote" }).click();
  await expect(toast(page)).toContainText(VERIFY_FIRST);
  await expect(votes.getByTestId("score")).toHaveText("Score: 0");

  const mail = await waitForMail(mailDir, email);
  const link = mail.raw.replace(/=\r?\n/g, "").replace(/=3D/gi, "=").match(/https?:\/\/\S+\/account\/verify-email\?token=[\w-]+/)?.[0];
  expect(link, mail.raw).toBeTruthy();
  await open(page, link!, jsEnabled);
  await expect(toast(page)).toContainText("E-mail verified");
  await expect(page.getByTestId("verify-banner")).toHaveCount(0);

  await open(page, `${server.url}/post/${post.id}`, jsEnabled);
  await votes.getByRole("button", { name: "Upvote" }).click();
  await expect(votes.getByTestId("score")).toHaveText("Score: 1");
});

test("the banner's Resend mails a new link, then asks to wait a minute", async ({ page, context, jsEnabled }) => {
  const { loginAs } = await import("../fixtures/factories.ts");
  const { createUser } = await import("~/models/user.server.ts");
  const username = uniqueName();
  const email = `${username}@example.com`;
  const member = createUser({ username, email, passwordHash: "not-used", emailVerified: false });
  await loginAs(context, member.id, server.url);
  await open(page, `${server.url}/search`, jsEnabled);
  const resend = page.getByTestId("verify-banner").getByRole("button", { name: "Resend" });
  await resend.click();
  await expect(toast(page)).toContainText(`We sent a new verification link to ${email}.`);
  await expect(page).toHaveURL(/\/search$/);
  await waitForMail(mailDir, email);
  await resend.click();
  await expect(toast(page)).toContainText("A link was sent less than a minute ago");
});
