// Forms that bots fill and people do not (docs/product.md §11 "Spam"), with JavaScript and without:
// the sign-up form refuses a press sooner than a person fills it and takes the next one; the
// honeypot is out of sight, out of the accessibility tree and out of the tab order, and a comment
// that filled it (as a bot does) is refused with its message. The spec starts its own server with
// the minimum fill time on (20 s: longer than this flow takes to its first press), on the run's
// database and session secret.
import type { Page } from "@playwright/test";
import { startServer, type RunningServer } from "../support/server.ts";
import { HONEYPOT_MESSAGE, TOO_QUICK_MESSAGE } from "~/rules/form-guard.ts";
import { expect, hydrated, test, uniqueName } from "./fixtures.ts";

let server: RunningServer;
const toast = (page: Page) => page.getByTestId("toast");

test.beforeAll(async () => {
  server = await startServer({
    SIGNUP_MIN_SECONDS: "20",
    DATABASE_PATH: process.env.E2E_DATABASE_PATH!,
    SESSION_SECRET: process.env.E2E_SESSION_SECRET!,
  });
});
test.afterAll(async () => {
  await server?.stop();
});

async function open(page: Page, url: string, jsEnabled: boolean) {
  await page.goto(url);
  if (jsEnabled) await hydrated(page);
}

test("a sign-up quicker than a person is refused with what to do; pressing again gets through", async ({ page, jsEnabled }) => {
  const username = uniqueName();
  await open(page, `${server.url}/auth?signup=true`, jsEnabled);
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Email").fill(`${username}@example.com`);
  await page.getByLabel("Password").fill("my-new-password");
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByText(TOO_QUICK_MESSAGE)).toBeVisible();
  await expect(page.getByLabel("Username")).toHaveValue(username);

  // The password is never echoed back: the person types it again and presses once more.
  await page.getByLabel("Password").fill("my-new-password");
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(toast(page)).toContainText("Registration successful");
});

test("the honeypot is out of sight, unnamed to assistive tech and skipped by Tab", async ({ page, jsEnabled }) => {
  await open(page, `${server.url}/auth?signup=true`, jsEnabled);
  const trap = page.locator('input[name="homepage"]');
  await expect(trap).toHaveCount(1);
  const box = await trap.boundingBox();
  expect(box === null || box.x + box.width <= 0).toBe(true);
  await expect(page.getByRole("textbox", { name: /homepage/i })).toHaveCount(0);
  // Tab from the username through the form: the focus never lands on it.
  await page.getByLabel("Username").focus();
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).not.toBe("homepage");
  }
});

test("a comment whose honeypot was filled is refused with its message and not posted", async ({ page, context, jsEnabled }) => {
  const { loginAs, makePost, makeUser } = await import("../fixtures/factories.ts");
  const member = makeUser();
  const post = makePost({ userId: makeUser().id });
  await loginAs(context, member.id, server.url);
  await open(page, `${server.url}/post/${post.id}`, jsEnabled);
  const text = `Cheap watches ${uniqueName()}`;
  await page.getByLabel("Add a comment").fill(text);
  // What a bot does: fill every field it finds.
  await page.locator(`#comment-form-${post.id} input[name="homepage"]`).fill("http://spam.example", { force: true });
  await page.getByRole("button", { name: "Post comment" }).click();
  await expect(toast(page)).toContainText(HONEYPOT_MESSAGE);
  await open(page, `${server.url}/post/${post.id}`, jsEnabled);
  // Nothing in the thread (with JavaScript the box keeps the draft, as after any refusal).
  await expect(page.locator("#comments li.cmt").getByText(text)).toHaveCount(0);
});
