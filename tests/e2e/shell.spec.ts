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
