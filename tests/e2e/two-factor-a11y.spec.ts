// axe-core on the two-factor pages: the setup with its secret and QR code (and a wrong code's message),
// the recovery codes, the page when it is on, and the sign-in's second step. The file name matches
// the nojs project's ignore.
import { Secret, TOTP } from "otpauth";
import { expect, expectAccessible, test } from "./fixtures.ts";

const { makeUser, loginAs, TEST_PASSWORD } = await import("../fixtures/factories.ts");

const codeAt = (secret: string, timestamp = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate({ timestamp });

test("the two-factor pages have no serious accessibility violations", async ({ page, context, browser }) => {
  const user = makeUser();
  await loginAs(context, user.id);
  await page.goto("/account/two-factor");
  await expectAccessible(page);
  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  await expect(page.getByTestId("two-factor-qr")).toBeVisible();
  const secret = (await page.getByTestId("two-factor-secret").textContent())!.trim();
  await page.getByLabel("Code from the app").fill(codeAt(secret, Date.now() + 20 * 30_000));
  await page.getByLabel("Password").fill(TEST_PASSWORD);
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await expect(page.getByText("Invalid code. Check your authenticator app and try again.")).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("Code from the app").fill(codeAt(secret));
  await page.getByLabel("Password").fill(TEST_PASSWORD);
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await expect(page.getByTestId("recovery-code")).toHaveCount(10);
  await expectAccessible(page);

  const visitor = await browser.newContext();
  const step = await visitor.newPage();
  await step.goto("/auth");
  await step.getByLabel("Username or email").fill(user.username);
  await step.getByLabel("Password").fill(TEST_PASSWORD);
  await step.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(step.getByRole("heading", { name: "Two-factor sign-in" })).toBeVisible();
  await expectAccessible(step);
  await visitor.close();
});
