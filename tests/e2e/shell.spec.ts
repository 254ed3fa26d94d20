import { expect, hydrated, test } from "./fixtures.ts";

test("unknown pages show the 404 screen with status 404", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
});

test("a visitor sees the brand, the share button and Sign In", async ({ page }) => {
  await page.goto("/");
  const header = page.locator("header");
  await expect(header.getByRole("link", { name: /Chortle/ })).toBeVisible();
  await expect(header.getByRole("link", { name: "Share a Funny Comment" })).toHaveAttribute("href", /^\/auth/);
  await expect(header.getByRole("link", { name: "Sign In" })).toBeVisible();
  await expect(page.getByPlaceholder("Search posts, users...")).toBeVisible();
});

test("a signed-in user sees the avatar menu and logs out to /auth with a toast", async ({ page, context }) => {
  const { makeUser, loginAs } = await import("../fixtures/factories.ts");
  const user = makeUser();
  await loginAs(context, user.id);
  await page.goto("/");
  const menu = page.getByLabel(`Account menu for ${user.username}`);
  await menu.click();
  await expect(page.getByRole("link", { name: "Profile" })).toHaveAttribute("href", `/profile/${user.id}`);
  await expect(page.getByRole("link", { name: "Admin Dashboard" })).toHaveCount(0);
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByTestId("toast")).toContainText("Logged out");
});

test("a link to another page goes there in place with JavaScript, as a plain link without; a modified click is the browser's", async ({ page, context, jsEnabled }) => {
  const { makePost, makeUser } = await import("../fixtures/factories.ts");
  const post = makePost({ userId: makeUser().id, title: `In place ${Date.now()}` });
  await page.goto("/?sort=new");
  if (jsEnabled) await hydrated(page);
  // A mark on this document: it survives a navigation in place, not a new document.
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  const title = page.getByRole("link", { name: post.title });
  if (jsEnabled) {
    // Ctrl-click opens a new tab and leaves this page alone, as for any link.
    const [tab] = await Promise.all([context.waitForEvent("page"), title.click({ modifiers: ["ControlOrMeta"] })]);
    await tab.close();
    await expect(page).toHaveURL(/\/\?sort=new$/);
  }
  await title.click();
  await expect(page).toHaveURL(new RegExp(`/post/${post.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: post.title })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed === true)).toBe(jsEnabled);
  await page.goBack();
  await expect(page).toHaveURL(/\/\?sort=new$/);
});
