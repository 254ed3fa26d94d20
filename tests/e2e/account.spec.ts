// Change password (docs/product.md §11), with JavaScript on and off: the rules' messages, then success with a
// toast; the other session of the account is signed out, this one stays.
import { expect, hydrated, test } from "./fixtures.ts";

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

// A form's own checks load when a field is first focused. On a slow link they may arrive after the
// server has answered: the server's message must stay until the member edits that field.
test("the server's 'Incorrect password' stays when the form's checks arrive after it", async ({ page, context, jsEnabled }) => {
  const user = makeUser();
  await loginAs(context, user.id);
  await page.goto("/account/delete");
  const held: string[] = [];
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  if (jsEnabled) {
    await hydrated(page);
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      held.push(route.request().url());
      await gate;
      await route.continue();
    });
  }
  await page.getByLabel("Your password").fill("not-my-password");
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByText("Incorrect password")).toBeVisible();
  if (!jsEnabled) return;

  expect(held.length).toBeGreaterThan(0); // the checks were still on their way when the answer came
  release();
  // Import what was held from the page itself: it resolves once the form's own import has run.
  await page.evaluate((urls) => Promise.all(urls.map((url) => import(url))), held);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  await expect(page.getByText("Incorrect password")).toBeVisible();
  // The checks are here: emptying the field answers at once, without a round trip.
  await page.getByLabel("Your password").fill("");
  await expect(page.getByText("Password is required")).toBeVisible();
  await expect(page.getByText("Incorrect password")).toHaveCount(0);
});
