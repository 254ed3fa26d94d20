// The admin dashboard (docs/product.md §2), each flow with JavaScript on (fetchers, revalidation, modal
// confirmations) and off (links, plain POST → 303 back with a flash toast, ?confirm= pages).
import type { Page } from "@playwright/test";
import { expect, test, uniqueName } from "./fixtures.ts";

const { makeUser, makePost, loginAs } = await import("../fixtures/factories.ts");

const toast = (page: Page) => page.getByTestId("toast");

/** Opens an admin page; with JS, waits until React has hydrated it. */
async function open(page: Page, path: string, jsEnabled: boolean) {
  await page.goto(path);
  if (jsEnabled) await page.locator("[data-hydrated]").waitFor({ state: "attached" });
}

async function signInAdmin(context: Parameters<typeof loginAs>[0]) {
  const admin = makeUser({ isAdmin: true });
  await loginAs(context, admin.id);
  return admin;
}

/** The row of a user on /admin/users (searched, so parallel tests never push it off page 1). */
async function userRow(page: Page, username: string, jsEnabled: boolean) {
  await open(page, `/admin/users?q=${encodeURIComponent(username)}`, jsEnabled);
  return page.getByRole("listitem").filter({ has: page.getByRole("link", { name: username, exact: true }) });
}

test("the guards: visitors sign in first, members are refused, admins get the dashboard", async ({ page, context }) => {
  const response = await page.goto("/admin");
  expect(new URL(page.url()).pathname).toBe("/auth");
  expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/admin");
  expect(response?.status()).toBe(200);

  const member = makeUser();
  await loginAs(context, member.id);
  const denied = await page.goto("/admin/users");
  expect(denied?.status()).toBe(403);
  await expect(page.getByText("Access Denied: You need admin permissions to access this page.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
  // The avatar menu offers the dashboard to admins only.
  await page.goto("/");
  await page.getByLabel(/Account menu/).click();
  await expect(page.getByRole("link", { name: "Admin Dashboard" })).toHaveCount(0);

  await context.clearCookies();
  await signInAdmin(context);
  await page.goto("/");
  await page.getByLabel(/Account menu/).click();
  await page.getByRole("link", { name: "Admin Dashboard" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  for (const tile of ["Total users", "Total posts", "Total comments", "Total upvotes"]) await expect(page.getByText(tile)).toBeVisible();
  for (const chart of ["Sign-ups per day", "Posts per day", "Comments per day"]) await expect(page.getByRole("heading", { name: chart })).toBeVisible();
  await expect(page.getByText(/in the last 30 days/).first()).toBeVisible();
});

test("each tab by URL, and the tabs link to each other", async ({ page, context, jsEnabled }) => {
  await signInAdmin(context);
  const tabs = { "/admin": "Dashboard", "/admin/users": "Users", "/admin/posts": "Posts", "/admin/log": "Log" };
  const nav = page.getByRole("navigation", { name: "Admin sections" });
  for (const [path, name] of Object.entries(tabs)) {
    await open(page, path, jsEnabled);
    await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("aria-current", "page");
  }
  await nav.getByRole("link", { name: "Posts", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/posts$/);
  await expect(page.getByRole("searchbox", { name: "Search posts by title" })).toBeVisible();
});

test("Refresh Data shows what changed since the page loaded", async ({ page, context, jsEnabled }) => {
  const admin = await signInAdmin(context);
  const title = `Fresh ${uniqueName()}`;
  await open(page, `/admin/posts?q=${encodeURIComponent(title)}`, jsEnabled);
  await expect(page.getByText(`No posts match '${title}'.`)).toBeVisible();
  makePost({ userId: admin.id, title });
  // With JS the loaders run again in place: a value set on the window survives (no page load).
  await page.evaluate(() => Object.assign(window, { beforeRefresh: true }));
  await page.getByRole("link", { name: "Refresh Data" }).click();
  await expect(page.getByRole("link", { name: title, exact: true })).toBeVisible();
  await expect(page).toHaveURL(/q=Fresh/);
  expect(await page.evaluate(() => "beforeRefresh" in window)).toBe(jsEnabled);
});

test("create a user with and without 'Grant admin privileges'; taken names are refused", async ({ page, context, jsEnabled }) => {
  await signInAdmin(context);
  for (const asAdmin of [false, true]) {
    const name = uniqueName("new");
    await open(page, "/admin/users", jsEnabled);
    const form = page.getByRole("form", { name: "Create user" });
    const submit = form.getByRole("button", { name: "Create User" });
    if (jsEnabled) await expect(submit).toBeDisabled();
    await form.getByLabel("Username").fill(name);
    await form.getByLabel("Email").fill(`${name}@example.com`);
    if (jsEnabled) await expect(submit).toBeDisabled();
    await form.getByLabel("Password").fill("secret-pass");
    if (asAdmin) await form.getByLabel("Grant admin privileges").check();
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(toast(page)).toContainText("User Created");
    const row = await userRow(page, name, jsEnabled);
    await expect(row).toContainText(asAdmin ? "Admin" : "Member");
    await expect(row).toContainText(`${name}@example.com`);
  }

  const taken = makeUser();
  await open(page, "/admin/users", jsEnabled);
  const form = page.getByRole("form", { name: "Create user" });
  await form.getByLabel("Username").fill(taken.username);
  await form.getByLabel("Email").fill(`other-${taken.username}@example.com`);
  await form.getByLabel("Password").fill("secret-pass");
  await form.getByRole("button", { name: "Create User" }).click();
  await expect(form.getByText("This username is already taken. Please choose another one.")).toBeVisible();
  if (jsEnabled) await expect(toast(page)).toContainText("Failed to create user. Please try again.");
  // The name and e-mail stay to be corrected; a re-rendered page (no JS) never sends the password back.
  await expect(form.getByLabel("Username")).toHaveValue(taken.username);
  if (!jsEnabled) await expect(form.getByLabel("Password")).toHaveValue("");
});

test("Make Admin and Remove Admin on other rows, never on your own", async ({ page, context, jsEnabled }) => {
  const admin = await signInAdmin(context);
  const own = await userRow(page, admin.username, jsEnabled);
  await expect(own).toContainText("(you)");
  await expect(own.getByRole("button", { name: /Admin/ })).toHaveCount(0);
  await expect(own.getByRole("link", { name: /Delete/ })).toHaveCount(0);

  const member = makeUser();
  let row = await userRow(page, member.username, jsEnabled);
  await row.getByRole("button", { name: `Make Admin: ${member.username}` }).click();
  await expect(toast(page)).toContainText("Admin Status Updated");
  await expect(toast(page)).toContainText(`${member.username} is now an admin`);
  await expect(row.getByRole("button", { name: `Remove Admin: ${member.username}` })).toBeVisible();
  await row.getByRole("button", { name: `Remove Admin: ${member.username}` }).click();
  await expect(toast(page)).toContainText(`${member.username} is no longer an admin`);
  row = await userRow(page, member.username, jsEnabled);
  await expect(row.getByRole("button", { name: `Make Admin: ${member.username}` })).toBeVisible();
});

test("delete a user and a post through their confirmations; the log shows every action", async ({ page, context, jsEnabled }) => {
  const admin = await signInAdmin(context);
  const victim = makeUser();
  const author = makeUser();
  const title = `Remove me ${uniqueName()}`;
  makePost({ userId: victim.id, title: `${title} too` });
  const post = makePost({ userId: author.id, title });

  const row = await userRow(page, victim.username, jsEnabled);
  await row.getByRole("link", { name: `Delete ${victim.username}` }).click();
  await expect(page).toHaveURL(new RegExp(`confirm=delete-user-${victim.id}`));
  const dialog = page.getByRole("dialog", { name: `Delete ${victim.username}?` });
  // Cancel leaves everything as it was.
  await dialog.getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await row.getByRole("link", { name: `Delete ${victim.username}` }).click();
  await dialog.getByLabel("Reason (optional)").fill("spam account");
  await dialog.getByRole("button", { name: "Delete user" }).click();
  await expect(toast(page)).toContainText("User Deleted");
  await expect(page).not.toHaveURL(/confirm=/);
  await open(page, `/admin/users?q=${encodeURIComponent(victim.username)}`, jsEnabled);
  await expect(page.getByText(`No users match '${victim.username}'.`)).toBeVisible();

  await open(page, `/admin/posts?q=${encodeURIComponent(title)}`, jsEnabled);
  await expect(page.getByRole("link", { name: `${title} too` })).toHaveCount(0);
  await page.getByRole("link", { name: `Delete '${title}'` }).click();
  await page.getByRole("dialog", { name: "Delete this post?" }).getByRole("button", { name: "Delete post" }).click();
  await expect(toast(page)).toContainText("Post Deleted");
  expect((await page.request.get(`/api/posts/${post.id}`)).status()).toBe(404);

  const member = makeUser();
  const toggle = await userRow(page, member.username, jsEnabled);
  await toggle.getByRole("button", { name: `Make Admin: ${member.username}` }).click();
  await expect(toast(page)).toContainText("is now an admin");

  await open(page, "/admin/log", jsEnabled);
  const entry = (text: string) => page.getByRole("list", { name: "Moderation log, newest first" }).getByRole("listitem").filter({ hasText: text });
  await expect(entry(`User '${victim.username}'`)).toContainText("Deleted user");
  await expect(entry(`User '${victim.username}'`)).toContainText("spam account");
  await expect(entry(`User '${victim.username}'`)).toContainText(admin.username);
  await expect(entry(`Post '${title}'`)).toContainText("Deleted post");
  await expect(entry(`User '${member.username}'`)).toContainText("Granted admin");
});
