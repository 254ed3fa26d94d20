// The owner-only account section of the profile's about tab (issues 12 and 13), JS on and off: the
// sessions and the private Following feed URL shown to the owner only, 'Sign out everywhere else',
// replacing the feed link, and 'Delete my account' through its confirmation page.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

const { makeUser, makePost, loginAs, TEST_PASSWORD } = await import("../fixtures/factories.ts");

const toast = (page: Page) => page.getByTestId("toast");
const panel = (page: Page) => page.getByTestId("account-panel");
const sessions = (page: Page) => page.getByTestId("session");
const feedUrl = (page: Page) => page.getByLabel("Your private Following feed link");

test("the about tab shows the sessions and the private feed URL to the owner only", async ({ page, context, browser }) => {
  const me = makeUser();
  const other = makeUser();
  await loginAs(context, me.id);
  const elsewhere = await browser.newContext();
  await loginAs(elsewhere, me.id);

  await page.goto(`/profile/${me.id}/about`);
  await expect(panel(page)).toBeVisible();
  await expect(panel(page).getByRole("heading", { name: "Where you are signed in" })).toBeVisible();
  await expect(sessions(page)).toHaveCount(2);
  await expect(sessions(page).first()).toContainText("This device");
  await expect(sessions(page).first()).toContainText(/Signed in on .+, last seen just now/);
  await expect(feedUrl(page)).toHaveValue(/\/feeds\/following\/[A-Za-z0-9_-]+\.xml$/);
  await expect(panel(page).getByRole("link", { name: "Change password" })).toHaveAttribute("href", "/account/password");
  await expect(page.getByRole("link", { name: "Feed", exact: true })).toHaveAttribute("href", `/profile/${me.id}/feed.xml`);

  // Another member and a visitor see the profile, never the account section.
  await context.clearCookies();
  await loginAs(context, other.id);
  await page.goto(`/profile/${me.id}/about`);
  await expect(page.getByRole("heading", { name: `About ${me.username}` })).toBeVisible();
  await expect(panel(page)).toHaveCount(0);
  await expect(page.getByText("Sign out everywhere else")).toHaveCount(0);
  await context.clearCookies();
  await page.goto(`/profile/${me.id}/about`);
  await expect(page.getByRole("heading", { name: `About ${me.username}` })).toBeVisible();
  await expect(panel(page)).toHaveCount(0);
  await elsewhere.close();
});

test("'Sign out everywhere else' ends the other sessions and keeps this one", async ({ page, context, browser }) => {
  const me = makeUser();
  await loginAs(context, me.id);
  const elsewhere = await browser.newContext();
  await loginAs(elsewhere, me.id);
  await loginAs(elsewhere, me.id);

  await page.goto(`/profile/${me.id}/about`);
  await expect(sessions(page)).toHaveCount(3);
  await page.getByRole("button", { name: "Sign out everywhere else" }).click();
  await expect(toast(page)).toContainText("Signed out everywhere else");
  await expect(toast(page)).toContainText("2 other sessions were ended.");
  await expect(page).toHaveURL(new RegExp(`/profile/${me.id}/about$`));
  await expect(sessions(page)).toHaveCount(1);
  await expect(sessions(page).first()).toContainText("This device");
  await expect(page.getByText("No other sessions.")).toBeVisible();

  const other = await elsewhere.newPage();
  await other.goto("/notifications");
  await expect(other).toHaveURL(/\/auth\?redirectTo=/);
  await elsewhere.close();
});

test("replacing the Following feed link shows a new URL; the old one answers 404", async ({ page, context }) => {
  const me = makeUser();
  await loginAs(context, me.id);
  await page.goto(`/profile/${me.id}/about`);
  const before = await feedUrl(page).inputValue();
  expect((await page.request.get(before)).status()).toBe(200);

  await page.getByRole("button", { name: "Replace the link" }).click();
  await expect(toast(page)).toContainText("Feed link replaced");
  await expect(feedUrl(page)).not.toHaveValue(before);
  const after = await feedUrl(page).inputValue();
  expect(after).toMatch(/\/feeds\/following\/[A-Za-z0-9_-]+\.xml$/);
  expect((await page.request.get(before)).status()).toBe(404);
  expect((await page.request.get(after)).status()).toBe(200);
});

test("'Delete my account' asks for the password, then deletes the account and signs out", async ({ page, context }) => {
  const me = makeUser();
  const post = makePost({ userId: me.id, title: "A post that leaves with me" });
  await loginAs(context, me.id);
  await page.goto(`/profile/${me.id}/about`);
  await panel(page).getByRole("link", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/account\/delete$/);
  await expect(page.getByRole("heading", { name: "Delete my account" })).toBeVisible();

  // Cancel goes back without deleting anything.
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/${me.id}/about$`));
  await panel(page).getByRole("link", { name: "Delete my account" }).click();

  await page.getByLabel("Your password").fill("not-my-password");
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByText("Incorrect password")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Delete my account" })).toBeVisible();

  await page.getByLabel("Your password").fill(TEST_PASSWORD);
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page)).toContainText("Account deleted");
  expect((await context.cookies()).some((c) => c.name === "chortle_session" && c.value)).toBe(false);

  await page.goto(`/profile/${me.id}`);
  await expect(page.getByRole("heading", { name: "User not found" })).toBeVisible();
  expect((await page.request.get(`/post/${post.id}`)).status()).toBe(404);
});
