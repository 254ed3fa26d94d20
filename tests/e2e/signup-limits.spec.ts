// Sign-ups per network (docs/product.md §9, §11 "Spam"), with JavaScript and without: behind a proxy
// the server trusts (TRUST_PROXY=loopback), a second sign-up from the same /24 within the hour is
// refused under the form with when to try again; with SIGNUP_MODE=verify so is a second one with the
// same e-mail domain. The spec starts its own servers (one sign-up per network an hour; verify mode with
// one per domain an hour), on the run's database and session secret.
import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { startServer, type RunningServer } from "../support/server.ts";
import { expect, hydrated, test, uniqueName } from "./fixtures.ts";

let server: RunningServer;
// SIGNUP_MODE=verify, one sign-up per e-mail domain an hour (and many per network).
let verify: RunningServer;

test.beforeAll(async () => {
  const shared = { RATE_LIMIT: "1000/60", TRUST_PROXY: "loopback", DATABASE_PATH: process.env.E2E_DATABASE_PATH!, SESSION_SECRET: process.env.E2E_SESSION_SECRET! };
  server = await startServer({ ...shared, SIGNUP_NETWORK_HOURLY: "1" });
  verify = await startServer({ ...shared, SIGNUP_MODE: "verify", SIGNUP_DOMAIN_HOURLY: "1" });
});
test.afterAll(async () => {
  await server?.stop();
  await verify?.stop();
});

async function signUp(page: Page, jsEnabled: boolean, { on = server, domain = "example.com" }: { on?: RunningServer; domain?: string } = {}) {
  const username = uniqueName();
  await page.goto(`${on.url}/auth?signup=true`);
  if (jsEnabled) await hydrated(page);
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Email").fill(`${username}@${domain}`);
  await page.getByLabel("Password").fill("my-new-password");
  await page.getByRole("button", { name: "Sign Up" }).click();
}

test("a second sign-up from one network within the hour is refused under the form", async ({ browser, jsEnabled }) => {
  // The limiter's store outlives a run: a network of this run's own.
  const net = `10.${crypto.randomInt(1, 255)}.${crypto.randomInt(1, 255)}`;
  const first = await browser.newContext({ javaScriptEnabled: jsEnabled, extraHTTPHeaders: { "X-Forwarded-For": `${net}.1` } });
  const page = await first.newPage();
  await signUp(page, jsEnabled);
  await expect(page.getByTestId("toast")).toContainText("Registration successful");
  await first.close();

  const second = await browser.newContext({ javaScriptEnabled: jsEnabled, extraHTTPHeaders: { "X-Forwarded-For": `${net}.2` } });
  const other = await second.newPage();
  await signUp(other, jsEnabled);
  await expect(other.getByText(/Too many sign-ups from your network\. Please wait \d+ seconds and try again\./)).toBeVisible();
  await second.close();
});

test("with SIGNUP_MODE=verify, a second sign-up with the same e-mail domain within the hour is refused under the form", async ({ browser, jsEnabled }) => {
  // The limiter's store outlives a run: a domain of this run's own, each sign-up from its own network.
  const domain = `d${crypto.randomBytes(4).toString("hex")}.example`;
  const from = () => ({ "X-Forwarded-For": `10.${crypto.randomInt(1, 255)}.${crypto.randomInt(1, 255)}.1` });
  const first = await browser.newContext({ javaScriptEnabled: jsEnabled, extraHTTPHeaders: from() });
  const page = await first.newPage();
  await signUp(page, jsEnabled, { on: verify, domain });
  await expect(page.getByText(/Too many sign-ups/)).toHaveCount(0);
  await expect(page).not.toHaveURL(/signup=true/);
  await first.close();

  const second = await browser.newContext({ javaScriptEnabled: jsEnabled, extraHTTPHeaders: from() });
  const other = await second.newPage();
  await signUp(other, jsEnabled, { on: verify, domain });
  await expect(other.getByText(/Too many sign-ups with this e-mail domain\. Please wait \d+ seconds and try again\./)).toBeVisible();
  // Another domain is not held.
  await signUp(other, jsEnabled, { on: verify, domain: `e${crypto.randomBytes(4).toString("hex")}.example` });
  await expect(other.getByText(/Too many sign-ups/)).toHaveCount(0);
  await second.close();
});
