// Every form of the route table that a person types into, typed into on a slow phone before the page's
// code arrives (project `slowphone`): when the code comes, each form's state follows what its fields
// hold (its button enabled, nothing reset), and pressing its button sends what was typed, once
// (docs/decisions/0081). The comment, reply, comment edit, bio, search, sign-in and share forms have
// their own cases in slowphone.spec.ts.
import { Secret, TOTP } from "otpauth";
import type { BrowserContext, Locator, Page } from "@playwright/test";
import { waitForMail } from "../fixtures/smtp.ts";
import { startServer, type RunningServer } from "../support/server.ts";
import { uniqueName } from "./fixtures.ts";
import { beforeTheCode, countPosts, expect, openEarly, test, waitForCode } from "./slow-phone.ts";

const { makeUser, makePost, loginAs, TEST_PASSWORD } = await import("../fixtures/factories.ts");
const { startTwoFactorSetup } = await import("~/models/account/two-factor.server.ts");
const { suspendUser } = await import("~/models/moderation/suspension.server.ts");
const { fileReport } = await import("~/models/moderation/report.server.ts");
const { createInvite } = await import("~/models/account/invites.server.ts");
const { getDb } = await import("#db/client.server.ts");
const { users } = await import("#db/schema.ts");
const { eq } = await import("drizzle-orm");

const toast = (page: Page) => page.getByTestId("toast");

/** A field and what is typed into it (a checkbox or radio is checked). */
type Entry = { field: (page: Page) => Locator; text?: string; check?: true };

/**
 * Types every entry before the code arrives, lets the code come, checks the fields still hold it,
 * presses `submit` (enabled, as the fields are filled) and returns once its POST to `path` was sent
 * once.
 */
async function typeEarlyThenSend(page: Page, what: string, entries: Entry[], submit: (page: Page) => Locator, path: string) {
  await beforeTheCode(page, what, async () => {
    for (const entry of entries) await (entry.check ? entry.field(page).check() : entry.field(page).fill(entry.text!));
  });
  await waitForCode(page);
  for (const entry of entries) {
    if (entry.check) await expect(entry.field(page)).toBeChecked();
    else await expect(entry.field(page)).toHaveValue(entry.text!);
  }
  const posts = countPosts(page, path);
  await expect(submit(page)).toBeEnabled();
  await submit(page).click();
  return posts;
}

test("the admin's Create user form: its button follows what was typed, and the user is made", async ({ page, context }) => {
  await loginAs(context, makeUser({ isAdmin: true }).id);
  await openEarly(page, "/admin/users");
  const name = uniqueName("early");
  const form = (p: Page) => p.getByRole("form", { name: "Create user" });
  const posts = await typeEarlyThenSend(
    page,
    "filling Create user",
    [
      { field: (p) => form(p).getByLabel("Username"), text: name },
      { field: (p) => form(p).getByLabel("Email"), text: `${name}@example.com` },
      { field: (p) => form(p).getByLabel("Password"), text: "secret-pass" },
    ],
    (p) => form(p).getByRole("button", { name: "Create User" }),
    "/admin/users",
  );
  await expect(toast(page)).toContainText("User Created");
  expect(getDb().select().from(users).where(eq(users.username, name)).get()?.email).toBe(`${name}@example.com`);
  expect(posts()).toBe(1);
});

test("two-factor set-up: the code and the password typed early turn it on", async ({ page, context }) => {
  const member = makeUser();
  const { secret } = startTwoFactorSetup({ user: member });
  await loginAs(context, member.id);
  await openEarly(page, "/account/two-factor");
  // The current step's code: the server takes one step either side, so it stays valid for the rest of
  // this 30 s step and the whole next one, however slowly the phone sends it. (The previous step's code
  // was valid only until this step ended: 0-30 s, and a slow run crossed the boundary.)
  const code = new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate({ timestamp: Date.now() });
  const posts = await typeEarlyThenSend(
    page,
    "filling the two-factor set-up",
    [
      { field: (p) => p.getByLabel("Code from the app"), text: code },
      { field: (p) => p.getByLabel("Password"), text: TEST_PASSWORD },
    ],
    (p) => p.getByRole("button", { name: "Turn on two-factor sign-in" }),
    "/account/two-factor",
  );
  await expect(page.getByRole("heading", { name: "Your recovery codes" })).toBeVisible();
  expect(posts()).toBe(1);
});

test("the report dialog: the reason and the note chosen early are sent", async ({ page, context }) => {
  const post = makePost({ userId: makeUser().id });
  await loginAs(context, makeUser().id);
  await openEarly(page, `/post/${post.id}?report=post-${post.id}`);
  const dialog = (p: Page) => p.getByRole("dialog", { name: "Report this post" });
  const posts = await typeEarlyThenSend(
    page,
    "filling the report dialog",
    [
      { field: (p) => dialog(p).getByLabel(/^Spam/), check: true },
      { field: (p) => dialog(p).getByLabel("Note for the moderators (optional)"), text: "Typed on a slow phone" },
    ],
    (p) => dialog(p).getByRole("button", { name: "Send report" }),
    "/reports",
  );
  await expect(toast(page)).toContainText("Thanks — a moderator will look at it.");
  expect(posts()).toBe(1);
});

test("an appeal typed early is sent as typed", async ({ page, context }) => {
  const member = makeUser();
  suspendUser({ actorId: makeUser({ isAdmin: true }).id, userId: member.id, reason: "Cooling off", until: null });
  await loginAs(context, member.id);
  await openEarly(page, "/account/standing");
  const suspension = (p: Page) => p.locator('[id^="suspension-"]').first();
  const text = "Typed on the bus: it will not happen again.";
  await beforeTheCode(page, "opening the appeal", () => suspension(page).getByText("Appeal this decision").click());
  const posts = await typeEarlyThenSend(
    page,
    "typing the appeal",
    [{ field: (p) => suspension(p).getByLabel("Why should a moderator change it?"), text }],
    (p) => suspension(p).getByRole("button", { name: "Send appeal" }),
    "/account/standing",
  );
  await expect(toast(page)).toContainText("Appeal sent — a moderator will review it.");
  expect(posts()).toBe(1);
});

test("the post editor: a title typed early is saved", async ({ page, context }) => {
  const member = makeUser();
  const post = makePost({ userId: member.id, title: "A title with a tpyo" });
  await loginAs(context, member.id);
  await openEarly(page, `/post/${post.id}/edit`);
  const posts = await typeEarlyThenSend(
    page,
    "editing the title",
    [{ field: (p) => p.getByLabel("Title"), text: "A title typed on a slow phone" }],
    (p) => p.getByRole("button", { name: "Save changes" }),
    `/post/${post.id}/edit`,
  );
  await expect(toast(page)).toContainText("Post updated");
  await expect(page.getByRole("heading", { level: 1, name: "A title typed on a slow phone" })).toBeVisible();
  expect(posts()).toBe(1);
});

test("a password change typed early goes through", async ({ page, context }) => {
  await loginAs(context, makeUser().id);
  await openEarly(page, "/account/password");
  const posts = await typeEarlyThenSend(
    page,
    "filling the password change",
    [
      { field: (p) => p.getByLabel("Current password"), text: TEST_PASSWORD },
      { field: (p) => p.getByLabel("New password", { exact: true }), text: "a-new-password" },
      { field: (p) => p.getByLabel("Confirm new password"), text: "a-new-password" },
    ],
    (p) => p.getByRole("button", { name: "Change Password" }),
    "/account/password",
  );
  await expect(toast(page)).toContainText("Password changed");
  expect(posts()).toBe(1);
});

test("the forgotten-password form typed early sends its link", async ({ page }) => {
  const member = makeUser();
  const email = getDb().select({ email: users.email }).from(users).where(eq(users.id, member.id)).get()!.email;
  await openEarly(page, "/auth?forgot=1");
  const dialog = (p: Page) => p.getByRole("dialog", { name: "Forgot your password?" });
  const posts = await typeEarlyThenSend(
    page,
    "filling the forgotten-password form",
    [{ field: (p) => dialog(p).getByLabel("Email"), text: email }],
    (p) => dialog(p).getByRole("button", { name: "Send reset link" }),
    "/auth",
  );
  await expect(page.getByRole("dialog", { name: "Check your email" })).toBeVisible();
  await waitForMail(process.env.E2E_MAIL_DIR!, email);
  expect(posts()).toBe(1);
});

test("an admin's suspension typed early in a member's row is made", async ({ page, context }) => {
  const member = makeUser();
  await loginAs(context, makeUser({ isAdmin: true }).id);
  await openEarly(page, `/admin/users?q=${member.username}`);
  const row = (p: Page) => p.locator(`#user-${member.id}`);
  // The row's own Suspend form (its 'Remove last day and suspend' form asks the same).
  const suspend = (p: Page) => row(p).locator("details", { has: p.getByLabel(`Suspend ${member.username}`, { exact: true }) });
  await beforeTheCode(page, "opening Suspend", () => row(page).getByText("Suspend", { exact: true }).click());
  const posts = await typeEarlyThenSend(
    page,
    "filling the suspension",
    [
      { field: (p) => suspend(p).getByLabel("Reason the member will read"), text: "Typed early" },
      { field: (p) => suspend(p).getByLabel("Until (empty: no end)"), text: "2099-01-01" },
    ],
    (p) => row(p).getByRole("button", { name: `Suspend ${member.username}` }),
    "/admin/users",
  );
  await expect(toast(page)).toContainText("User suspended");
  await expect(row(page)).toContainText("until 2099-01-01 00:00 UTC: Typed early");
  expect(posts()).toBe(1);
});

test("a report case decided early: the decision and its reason typed before the code", async ({ page, context }) => {
  const title = `Cheap watches ${uniqueName()}`;
  const post = makePost({ userId: makeUser().id, title });
  fileReport({ reporterId: makeUser().id, input: { targetType: "post", targetId: post.id, reason: "spam", note: null } });
  await loginAs(context, makeUser({ isAdmin: true }).id);
  await openEarly(page, "/admin/reports");
  const theCase = (p: Page) => p.getByRole("article", { name: `Post '${title}'` });
  const posts = await typeEarlyThenSend(
    page,
    "deciding the case",
    [
      { field: (p) => theCase(p).getByLabel("Remove with reason"), check: true },
      { field: (p) => theCase(p).getByLabel("Reason the author will read"), text: "Spam links, typed early" },
    ],
    (p) => theCase(p).getByRole("button", { name: "Decide" }),
    "/resolve",
  );
  await expect(toast(page)).toContainText("Removed — the author was told why");
  expect(posts()).toBe(1);
});

test.describe("sign-up with an invite", () => {
  let server: RunningServer;
  test.beforeAll(async () => {
    server = await startServer({ SIGNUP_MODE: "invite", DATABASE_PATH: process.env.E2E_DATABASE_PATH!, SESSION_SECRET: process.env.E2E_SESSION_SECRET! });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("every field typed early, the invite code included, makes the account", async ({ page }: { page: Page; context: BrowserContext }) => {
    const { code } = createInvite({ userId: makeUser({ isAdmin: true }).id, asAdmin: true });
    const name = uniqueName("inv");
    await openEarly(page, `${server.url}/auth?signup=true`);
    const posts = await typeEarlyThenSend(
      page,
      "filling the sign-up form with an invite",
      [
        { field: (p) => p.getByLabel("Username"), text: name },
        { field: (p) => p.getByLabel("Email"), text: `${name}@example.com` },
        { field: (p) => p.getByLabel("Password"), text: "my-new-password" },
        { field: (p) => p.getByLabel("Invite code"), text: code },
      ],
      (p) => p.getByRole("button", { name: "Sign Up" }),
      "/auth",
    );
    await expect(toast(page)).toContainText("Registration successful");
    expect(getDb().select().from(users).where(eq(users.username, name)).get()).toBeTruthy();
    expect(posts()).toBe(1);
  });
});
