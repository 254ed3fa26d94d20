// axe-core on the owner's about tab (sessions, private feed, password and delete links) and on the
// 'Delete my account' confirmation with its error. The file name matches the nojs project's ignore.
import { expect, expectAccessible, test } from "./fixtures.ts";

const { makeUser, loginAs } = await import("../fixtures/factories.ts");

test("the owner's about tab and the delete confirmation have no serious accessibility violations", async ({ page, context, browser }) => {
  const me = makeUser();
  await loginAs(context, me.id);
  const elsewhere = await browser.newContext();
  await loginAs(elsewhere, me.id);
  await page.goto(`/profile/${me.id}/about`);
  await expect(page.getByTestId("account-panel")).toBeVisible();
  await expectAccessible(page);

  await page.goto("/account/delete");
  await page.getByLabel("Your password").fill("not-my-password");
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByText("Incorrect password")).toBeVisible();
  await expectAccessible(page);
  await elsewhere.close();
});
