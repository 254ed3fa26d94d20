// 'Register with an invite' (SIGNUP_MODE=invite, docs/product.md §11), with JavaScript and without: a
// member makes a code on their about tab, a visitor registers with it, and the admin Users tab shows
// who invited whom. The spec starts its own server in that mode, on the run's database and secret.
import type { BrowserContext, Page } from "@playwright/test";
import { startServer, type RunningServer } from "../support/server.ts";
import { expect, hydrated, test, uniqueName } from "./fixtures.ts";

const toast = (page: Page) => page.getByTestId("toast");
let server: RunningServer;

test.beforeAll(async () => {
  server = await startServer({ SIGNUP_MODE: "invite", DATABASE_PATH: process.env.E2E_DATABASE_PATH!, SESSION_SECRET: process.env.E2E_SESSION_SECRET! });
});
test.afterAll(async () => {
  await server?.stop();
});

async function open(page: Page, url: string, jsEnabled: boolean) {
  await page.goto(url);
  if (jsEnabled) await hydrated(page);
}

/** A member whose account is eight days old, signed in. */
async function veteran(context: BrowserContext) {
  const { makeUser, loginAs } = await import("../fixtures/factories.ts");
  const { getDb } = await import("#db/client.server.ts");
  const { users } = await import("#db/schema.ts");
  const { eq } = await import("drizzle-orm");
  const member = makeUser();
  getDb().update(users).set({ createdAt: new Date(Date.now() - 8 * 24 * 60 * 60 * 1000) }).where(eq(users.id, member.id)).run();
  await loginAs(context, member.id, server.url);
  return member;
}

test("register with an invite: a member makes a code, a visitor uses it, the admin sees who invited whom", async ({ page, context, jsEnabled }) => {
  test.setTimeout(45_000);
  const member = await veteran(context);
  await open(page, `${server.url}/profile/${member.id}/about`, jsEnabled);
  const invites = page.locator("#invites");
  await invites.getByRole("button", { name: "Create invite" }).click();
  await expect(toast(page)).toContainText("Your new invite code:");
  const code = (await invites.getByTestId("invite-list").locator("code").first().textContent())!.trim();
  expect(code.length).toBeGreaterThan(8);
  await expect(invites.getByTestId("invite-list")).toContainText("unused");

  await context.clearCookies();
  const username = uniqueName();
  await open(page, `${server.url}/auth?signup=true`, jsEnabled);
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Email").fill(`${username}@example.com`);
  await page.getByLabel("Password").fill("my-new-password");
  await page.getByLabel("Invite code").fill("not-a-real-code");
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByText("This invite code is unknown or has already been used.")).toBeVisible();
  await page.getByLabel("Password").fill("my-new-password");
  await page.getByLabel("Invite code").fill(code);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(toast(page)).toContainText("Registration successful");

  const { makeUser, loginAs } = await import("../fixtures/factories.ts");
  await context.clearCookies();
  await loginAs(context, makeUser({ isAdmin: true }).id, server.url);
  await open(page, `${server.url}/admin/users?q=${username}`, jsEnabled);
  const { findUserByLogin } = await import("~/models/user.server.ts");
  const joined = findUserByLogin({ login: username })!;
  await expect(page.locator(`#user-${joined.id}`).getByTestId("invited-by")).toHaveText(`Invited by ${member.username}`);
});
