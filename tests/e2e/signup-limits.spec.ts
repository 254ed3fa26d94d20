// Sign-ups per network (docs/product.md §9, §11 "Spam"), with JavaScript and without: behind a proxy
// the server trusts (TRUST_PROXY=loopback), a second sign-up from the same /24 within the hour is
// refused under the form with when to try again. The spec starts its own server with one sign-up per
// network an hour, on the run's database and session secret.
import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { startServer, type RunningServer } from "../support/server.ts";
import { expect, test, uniqueName } from "./fixtures.ts";

let server: RunningServer;

test.beforeAll(async () => {
  server = await startServer({
    RATE_LIMIT: "1000/60",
    TRUST_PROXY: "loopback",
    SIGNUP_NETWORK_HOURLY: "1",
    DATABASE_PATH: process.env.E2E_DATABASE_PATH!,
    SESSION_SECRET: process.env.E2E_SESSION_SECRET!,
  });
});
test.afterAll(async () => {
  await server?.stop();
});

async function signUp(page: Page, jsEnabled: boolean) {
  const username = uniqueName();
  await page.goto(`${server.url}/auth?signup=true`);
  if (jsEnabled) await page.locator("html[data-app-hydrated]").waitFor({ state: "attached" });
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Email").fill(`${username}@example.com`);
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
