import { expect, test } from "./fixtures.ts";

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
