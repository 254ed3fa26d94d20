// Moderators (docs/product.md §6, §2 Admin dashboard): an admin makes a member a category moderator
// from the Users tab, and that moderator removes a post of their category from the Posts tab, with
// JavaScript on and off; the pages they see show only what they may use.
import type { Page } from "@playwright/test";
import { expect, test, uniqueName } from "./fixtures.ts";

const { makeUser, makePost, loginAs } = await import("../fixtures/factories.ts");

const toast = (page: Page) => page.getByTestId("toast");

async function open(page: Page, path: string, jsEnabled: boolean) {
  await page.goto(path);
  if (jsEnabled) await page.locator("[data-hydrated]").waitFor({ state: "attached" });
}

test("an admin makes a category moderator, who removes a post of their category and sees only what they may use", async ({ page, context, jsEnabled }) => {
  const admin = makeUser({ isAdmin: true });
  const helper = makeUser();
  const author = makeUser();
  const tag = uniqueName();
  const mine = makePost({ userId: author.id, category: "Music", title: `Music to remove ${tag}` });
  const theirs = makePost({ userId: author.id, category: "Gaming", title: `Gaming to keep ${tag}` });

  await loginAs(context, admin.id);
  await open(page, `/admin/users?q=${encodeURIComponent(helper.username)}`, jsEnabled);
  const row = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: helper.username, exact: true }) });
  await expect(row).toContainText("@example.com");
  await row.getByLabel(`Role of ${helper.username}`).click();
  await row.getByRole("radio", { name: "Category moderator" }).check();
  await row.getByRole("checkbox", { name: "Music" }).check();
  await row.getByRole("button", { name: "Save role" }).click();
  await expect(toast(page)).toContainText("Role updated");
  await expect(toast(page)).toContainText(`${helper.username}: Category moderator of Music.`);
  await expect(row.getByTestId("user-role")).toHaveText("Category moderator of Music");

  await context.clearCookies();
  await loginAs(context, helper.id);
  await open(page, "/admin", jsEnabled);
  await expect(page.getByTestId("admin-viewer")).toHaveText("You are a category moderator of Music.");
  const nav = page.getByRole("navigation", { name: "Admin sections" });
  await expect(nav.getByRole("link", { name: "Users" })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "Posts" })).toBeVisible();
  await expect(page.getByRole("button", { name: /Reset the demo account/ })).toHaveCount(0);

  await open(page, `/admin/posts?q=${encodeURIComponent(tag)}`, jsEnabled);
  await expect(page.getByRole("link", { name: theirs.title })).toHaveCount(0);
  await page.getByRole("link", { name: `Delete '${mine.title}'` }).click();
  await page.getByRole("dialog", { name: "Delete this post?" }).getByRole("button", { name: "Delete post" }).click();
  await expect(toast(page)).toContainText("Post Deleted");
  expect((await page.request.get(`/api/posts/${mine.id}`)).status()).toBe(404);
  expect((await page.request.get(`/api/posts/${theirs.id}`)).status()).toBe(200);

  // The Users tab is a site-wide moderator's: a category moderator is refused.
  const denied = await page.goto("/admin/users");
  expect(denied?.status()).toBe(403);
});
