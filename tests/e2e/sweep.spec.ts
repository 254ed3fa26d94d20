// 'Remove last day and suspend' from a member's row (docs/product.md §11 "Spam"), with JavaScript and
// without: one form, and the member's last day is gone from the site.
import type { Page } from "@playwright/test";
import { expect, hydrated, test, uniqueName } from "./fixtures.ts";

const toast = (page: Page) => page.getByTestId("toast");

async function open(page: Page, url: string, jsEnabled: boolean) {
  await page.goto(url);
  if (jsEnabled) await hydrated(page);
}

test("an admin removes a member's last day and suspends them from the Users tab", async ({ page, context, jsEnabled }) => {
  const { loginAs, makePost, makeUser } = await import("../fixtures/factories.ts");
  const spammer = makeUser({ username: `sp${uniqueName()}`.slice(0, 20) });
  const title = `Spam post ${uniqueName()}`;
  const post = makePost({ userId: spammer.id, title });
  await loginAs(context, makeUser({ isAdmin: true }).id);

  await open(page, `/admin/users?q=${spammer.username}`, jsEnabled);
  await page.getByLabel(`Remove last day and suspend ${spammer.username}`).click();
  await page.getByRole("button", { name: `Remove and suspend ${spammer.username}` }).click();
  await expect(toast(page)).toContainText(`${spammer.username} suspended`);
  await expect(toast(page)).toContainText("Removed 1 post");

  await open(page, `/post/${post.id}`, jsEnabled);
  await expect(page.getByRole("heading", { name: "Post Not Found" })).toBeVisible();
});
