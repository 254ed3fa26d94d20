// axe-core on every admin screen (the js project only: its name matches the nojs project's ignore).
import { expect, expectAccessible, test } from "./fixtures.ts";

const { makeUser, makePost, loginAs } = await import("../fixtures/factories.ts");

test("the admin screens, their confirmations and the refusal have no serious violations", async ({ page, context }) => {
  const member = makeUser();
  const post = makePost({ userId: member.id, title: "An accessible post" });
  await loginAs(context, member.id);
  await page.goto("/admin");
  await expect(page.getByText("Access Denied: You need admin permissions to access this page.")).toBeVisible();
  await expectAccessible(page);

  await context.clearCookies();
  const admin = makeUser({ isAdmin: true });
  await loginAs(context, admin.id);
  for (const path of ["/admin", "/admin/users", "/admin/posts", "/admin/log", `/admin/users?q=${member.username}&confirm=delete-user-${member.id}`, `/admin/posts?confirm=delete-post-${post.id}`]) {
    await page.goto(path);
    await page.locator("[data-hydrated]").waitFor({ state: "attached" });
    await expectAccessible(page);
  }

  // The create-user form showing its errors.
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
