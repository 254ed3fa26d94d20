// axe-core on every admin screen (the js project only: its name matches the nojs project's ignore).
import { expect, expectAccessible, test } from "./fixtures.ts";

const { makeUser, makePost, loginAs } = await import("../fixtures/factories.ts");

test("the refusal a member sees has no serious violations", async ({ page, context }) => {
  await loginAs(context, makeUser().id);
  await page.goto("/admin");
  await expect(page.getByText("Access Denied: You need admin permissions to access this page.")).toBeVisible();
  await expectAccessible(page);
});

const SCREENS: [string, (ids: { userId: number; username: string; postId: number }) => string][] = [
  ["the dashboard", () => "/admin"],
  ["the users list", () => "/admin/users"],
  ["the posts list", () => "/admin/posts"],
  ["the moderation log", () => "/admin/log"],
  ["the rules settings", () => "/admin/rules"],
  ["a user's delete confirmation", ({ userId, username }) => `/admin/users?q=${username}&confirm=delete-user-${userId}`],
  ["a post's delete confirmation", ({ postId }) => `/admin/posts?confirm=delete-post-${postId}`],
];

for (const [name, path] of SCREENS) {
  test(`${name} has no serious violations`, async ({ page, context }) => {
    const member = makeUser();
    const post = makePost({ userId: member.id, title: "An accessible post" });
    await loginAs(context, makeUser({ isAdmin: true }).id);
    await page.goto(path({ userId: member.id, username: member.username, postId: post.id }));
    await page.locator("[data-hydrated]").waitFor({ state: "attached" });
    await expectAccessible(page);
  });
}

test("the create-user form with its errors has no serious violations", async ({ page, context }) => {
  const member = makeUser();
  await loginAs(context, makeUser({ isAdmin: true }).id);
  await page.goto("/admin/users");
  await page.locator("[data-hydrated]").waitFor({ state: "attached" });
  const form = page.getByRole("form", { name: "Create user" });
  await form.getByLabel("Username").fill(member.username);
  await form.getByLabel("Email").fill("not-an-email");
  await form.getByLabel("Password").fill("x");
  await form.getByLabel("Username").focus();
  await expect(form.getByText("Please enter a valid email address")).toBeVisible();
  await expectAccessible(page);
});
