// A new account's comment with a link waits for a moderator (docs/product.md §11 "Spam"), with
// JavaScript and without: its author is told and sees it marked on the post; another member does not
// see it; an admin approves it from the queue with a plain form, and then everyone sees it. The same
// text from a second new account waits too, and pulls the first copy back to the queue.
import type { Page } from "@playwright/test";
import { expect, hydrated, test, uniqueName } from "./fixtures.ts";
import { HELD_LABEL } from "~/rules/spam-rules.ts";

const toast = (page: Page) => page.getByTestId("toast");

async function open(page: Page, url: string, jsEnabled: boolean) {
  await page.goto(url);
  if (jsEnabled) await hydrated(page);
}

test("a new account's comment with a link waits, marked for its author alone, until a moderator approves it", async ({ browser, page, context, jsEnabled }) => {
  const { loginAs, makePost, makeUser } = await import("../fixtures/factories.ts");
  const { createUser } = await import("~/models/user.server.ts");
  const name = uniqueName();
  const fresh = createUser({ username: name, email: `${name}@example.com`, passwordHash: "not-used", newcomer: true });
  const post = makePost({ userId: makeUser().id, title: `Held ${uniqueName()}` });
  const text = `Deals at http://cheap.example/${uniqueName()}`;

  await loginAs(context, fresh.id);
  await open(page, `/post/${post.id}`, jsEnabled);
  await page.getByLabel("Add a comment").fill(text);
  await page.getByRole("button", { name: "Post comment" }).click();
  await expect(toast(page)).toContainText("Your comment will appear once a moderator has approved it.");
  const mine = page.getByTestId("held-comment").filter({ hasText: text });
  await expect(mine).toBeVisible();
  await expect(mine).toContainText(HELD_LABEL);
  await expect(page.locator("#comments li.cmt").getByText(text)).toHaveCount(0);

  const other = await browser.newContext({ javaScriptEnabled: jsEnabled, baseURL: process.env.E2E_BASE_URL });
  const otherPage = await other.newPage();
  const admin = makeUser({ isAdmin: true });
  await loginAs(other, admin.id);
  await open(otherPage, `/post/${post.id}`, jsEnabled);
  await expect(otherPage.getByText(text)).toHaveCount(0);

  await open(otherPage, "/admin/reports", jsEnabled);
  const card = otherPage.getByRole("article", { name: `Waiting comment by ${name}` });
  await expect(card).toContainText(text);
  await card.getByRole("button", { name: "Approve" }).click();
  await expect(toast(otherPage)).toContainText("Comment approved");
  await open(otherPage, `/post/${post.id}`, jsEnabled);
  await expect(otherPage.locator("#comments li.cmt").getByText(text)).toBeVisible();
  await other.close();
});

test("the same comment from a second new account waits, and the first copy goes back to the queue", async ({ browser, page, context, jsEnabled }) => {
  const { loginAs, makePost, makeUser } = await import("../fixtures/factories.ts");
  const { createUser } = await import("~/models/user.server.ts");
  const newcomer = () => {
    const name = uniqueName();
    return createUser({ username: name, email: `${name}@example.com`, passwordHash: "not-used", newcomer: true });
  };
  const [first, second] = [newcomer(), newcomer()];
  const [postA, postB] = [makePost({ userId: makeUser().id, title: `Repeat A ${uniqueName()}` }), makePost({ userId: makeUser().id, title: `Repeat B ${uniqueName()}` })];
  const text = `Best laugh of the week, truly ${uniqueName()}`;

  await loginAs(context, first.id);
  await open(page, `/post/${postA.id}`, jsEnabled);
  await page.getByLabel("Add a comment").fill(text);
  await page.getByRole("button", { name: "Post comment" }).click();
  await expect(toast(page)).toContainText("Comment posted!");

  await context.clearCookies();
  await loginAs(context, second.id);
  await open(page, `/post/${postB.id}`, jsEnabled);
  // Another case and spacing: the same text once normalised.
  await page.getByLabel("Add a comment").fill(`  ${text.toUpperCase()}  `);
  await page.getByRole("button", { name: "Post comment" }).click();
  await expect(toast(page)).toContainText("Your comment will appear once a moderator has approved it.");

  // A visitor sees neither copy; the queue holds both.
  const visitor = await browser.newContext({ javaScriptEnabled: jsEnabled, baseURL: process.env.E2E_BASE_URL });
  const visitorPage = await visitor.newPage();
  for (const post of [postA, postB]) {
    await open(visitorPage, `/post/${post.id}`, jsEnabled);
    await expect(visitorPage.locator("#comments").getByText(text, { exact: false })).toHaveCount(0);
  }
  await visitor.close();
  const admin = await browser.newContext({ javaScriptEnabled: jsEnabled, baseURL: process.env.E2E_BASE_URL });
  await loginAs(admin, makeUser({ isAdmin: true }).id);
  const adminPage = await admin.newPage();
  await open(adminPage, "/admin/reports", jsEnabled);
  await expect(adminPage.getByRole("article", { name: `Waiting comment by ${first.username}` })).toContainText(text);
  await expect(adminPage.getByRole("article", { name: `Waiting comment by ${second.username}` })).toBeVisible();
  await admin.close();
});
