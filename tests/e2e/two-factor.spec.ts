// Two-factor sign-in (docs/product.md §11), with JavaScript on and off: turning it on from the about
// tab (the secret as text and QR code, one code, the recovery codes shown once), signing out, and
// signing in with the password then a code; a recovery code signs in once.
import { Secret, TOTP } from "otpauth";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

const { makeUser, loginAs, TEST_PASSWORD } = await import("../fixtures/factories.ts");
const { startTwoFactorSetup, enableTwoFactor } = await import("~/models/account/two-factor.server.ts");

const STEP_MS = 30_000;
const codeAt = (secret: string, timestamp = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate({ timestamp });

/**
 * Waits out the last seconds of a time step: a code taken a step back is one step old when the server
 * checks it only if no step boundary falls between (turning it on also checks the password, which
 * takes a moment on a busy machine).
 */
async function clearOfStepEdge(page: Page) {
  const left = STEP_MS - (Date.now() % STEP_MS);
  if (left < 5_000) await page.waitForTimeout(left + 250);
}

async function signOut(page: Page, username: string) {
  await page.goto("/");
  await page.getByLabel(`Account menu for ${username}`).click();
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByTestId("toast")).toContainText("Logged out");
}

async function signInWithPassword(page: Page, username: string) {
  await page.goto("/auth?redirectTo=/notifications");
  await page.getByLabel("Username or email").fill(username);
  await page.getByLabel("Password").fill(TEST_PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/auth\/two-factor$/);
  await expect(page.getByRole("heading", { name: "Two-factor sign-in" })).toBeVisible();
}

async function enterCode(page: Page, code: string) {
  await page.getByRole("textbox", { name: "Code", exact: true }).fill(code);
  await page.getByRole("button", { name: "Verify" }).click();
}

test("turn two-factor on from the about tab, sign out, sign in with the password then a code", async ({ page, context }) => {
  const user = makeUser();
  await loginAs(context, user.id);
  await page.goto(`/profile/${user.id}/about`);
  await page.getByRole("link", { name: "Two-factor sign-in" }).click();
  await expect(page).toHaveURL(/\/account\/two-factor$/);
  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();

  await expect(page.getByTestId("two-factor-qr")).toBeVisible();
  const secret = (await page.getByTestId("two-factor-secret").textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByLabel("Code from the app").fill(codeAt(secret, Date.now() + 20 * STEP_MS));
  await page.getByLabel("Password").fill(TEST_PASSWORD);
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await expect(page.getByText("Invalid code. Check your authenticator app and try again.")).toBeVisible();

  // The previous step's code (the app's clock may lag): the current one stays unused for sign-in.
  await clearOfStepEdge(page);
  await page.getByLabel("Code from the app").fill(codeAt(secret, Date.now() - STEP_MS));
  await page.getByLabel("Password").fill(TEST_PASSWORD);
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await expect(page.getByRole("heading", { name: "Your recovery codes" })).toBeVisible();
  await expect(page.getByTestId("recovery-code")).toHaveCount(10);
  await expect(page.getByTestId("two-factor-on")).toContainText("10 recovery codes left.");
  // Shown once: the page again has none.
  await page.goto("/account/two-factor");
  await expect(page.getByTestId("two-factor-on")).toBeVisible();
  await expect(page.getByTestId("recovery-code")).toHaveCount(0);

  await signOut(page, user.username);
  await signInWithPassword(page, user.username);
  await enterCode(page, "000000" === codeAt(secret) ? "111111" : "000000");
  await expect(page.getByText("Invalid code. Check your authenticator app and try again.")).toBeVisible();
  await enterCode(page, codeAt(secret));
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByTestId("toast")).toContainText("Login successful");

  await page.goto(`/profile/${user.id}/about`);
  const here = page.getByTestId("session").filter({ hasText: "This device" });
  await expect(here.getByTestId("session-two-factor")).toHaveText("two-factor");
});

test("a recovery code signs in once", async ({ page }) => {
  const user = makeUser();
  const { secret } = startTwoFactorSetup({ user });
  const { recoveryCodes } = await enableTwoFactor({ user, code: codeAt(secret), password: TEST_PASSWORD, sessionToken: null });

  await signInWithPassword(page, user.username);
  await enterCode(page, recoveryCodes[0]);
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByTestId("toast")).toContainText("Login successful");

  await signOut(page, user.username);
  await signInWithPassword(page, user.username);
  await enterCode(page, recoveryCodes[0]);
  await expect(page.getByText("Invalid code. Check your authenticator app and try again.")).toBeVisible();
  await enterCode(page, recoveryCodes[1]);
  await expect(page).toHaveURL(/\/notifications$/);
});

test("the second step without a sign-in under way goes back to the password", async ({ page }) => {
  await page.goto("/auth/two-factor");
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByTestId("toast")).toContainText("Your sign-in has expired. Please sign in again.");
});
