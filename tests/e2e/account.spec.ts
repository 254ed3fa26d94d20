// Change password (docs/product.md §11), with JavaScript on and off: the rules' messages, then success with a
// toast; the other session of the account is signed out, this one stays.
import { expect, test } from "./fixtures.ts";

const { makeUser, loginAs, TEST_PASSWORD } = await import("../fixtures/factories.ts");

test("change password: messages, then success; the other session ends, this one stays", async ({ page, context, browser }) => {
  const user = makeUser();
  await loginAs(context, user.id);
  const elsewhere = await browser.newContext();
  await loginAs(elsewhere, user.id);

  await page.goto("/account/password");
  await expect(page.getByRole("heading", { name: "Change password" })).toBeVisible();
  await page.getByLabel("Current password").fill("not-the-password");
  await page.getByLabel("New password", { exact: true }).fill("a-new-password");
  await page.getByLabel("Confirm new password").fill("a-new-password");
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(page.getByText("Your current password is not correct.")).toBeVisible();

  await page.getByLabel("Current password").fill(TEST_PASSWORD);
  await page.getByLabel("New password", { exact: true }).fill("a-new-password");
  await page.getByLabel("Confirm new password").fill("something-else");
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(page.getByText("Passwords Don't Match: Please make sure both passwords are identical.")).toBeVisible();

  await page.getByLabel("Current password").fill(TEST_PASSWORD);
  await page.getByLabel("New password", { exact: true }).fill("a-new-password");
  await page.getByLabel("Confirm new password").fill("a-new-password");
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(page.getByTestId("toast")).toContainText("Password changed");
  await expect(page.getByTestId("toast")).toContainText("1 other session was signed out.");

  // This browser is still signed in; the other one is not.
  await page.goto("/notifications");
  await expect(page).toHaveURL(/\/notifications$/);
  const other = await elsewhere.newPage();
  await other.goto("/notifications");
  await expect(other).toHaveURL(/\/auth\?redirectTo=/);
  await elsewhere.close();
});
