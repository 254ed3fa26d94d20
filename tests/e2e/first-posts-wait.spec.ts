// NEWCOMER_POSTS_WAIT (docs/product.md §11 "Spam"), with JavaScript and without: a new account's
// post waits for a moderator. Its author is told so by the share dialog's toast and finds it marked on
// their own profile and standing page; a visitor sees it nowhere; an admin approves it from the queue
// with a plain form, and then it is a post like any other. The spec starts its own server with the
// setting on, on the e2e database, with global-setup's YouTube fake.
import type { Page } from "@playwright/test";
import { startServer, type RunningServer } from "../support/server.ts";
import { FAKE_VIDEOS } from "../fixtures/youtube-fake.ts";
import { expect, expectAccessible, hydrated, test, uniqueName } from "./fixtures.ts";
import { HELD_LABEL } from "~/rules/spam-rules.ts";

let server: RunningServer;
test.beforeAll(async () => {
  const fake = process.env.E2E_YOUTUBE_FAKE_URL!;
  server = await startServer({
    RATE_LIMIT: "off",
    NEWCOMER_POSTS_WAIT: "true",
    DATABASE_PATH: process.env.E2E_DATABASE_PATH!,
    SESSION_SECRET: process.env.E2E_SESSION_SECRET!,
    YOUTUBE_API_KEY: "",
    YOUTUBE_API_BASE_URL: `${fake}/youtube/v3`,
    YOUTUBE_OEMBED_URL: `${fake}/oembed`,
  });
});
test.afterAll(async () => {
  await server?.stop();
});

test.beforeEach(async ({ context }) => {
  await context.route(/^https:\/\/(i\.ytimg\.com|yt3\.ggpht\.com)\//, (route) =>
    route.fulfill({ contentType: "image/svg+xml", body: '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360"/>' }),
  );
});

async function open(page: Page, path: string, jsEnabled: boolean) {
  await page.goto(`${server.url}${path}`);
  if (jsEnabled) await hydrated(page);
}

test("a new account's post waits, marked on its author's profile alone, until a moderator approves it", async ({ browser, page, context, jsEnabled }) => {
  const { loginAs, makeUser } = await import("../fixtures/factories.ts");
  const { createUser } = await import("~/models/user.server.ts");
  const name = uniqueName();
  const fresh = createUser({ username: name, email: `${name}@example.com`, passwordHash: "not-used", newcomer: true });
  const title = `Waiting post ${uniqueName()}`;
  const quote = `Typed by a newcomer ${uniqueName()}`;

  await loginAs(context, fresh.id, server.url);
  await open(page, "/?share=1", jsEnabled);
  const dialog = page.getByRole("dialog", { name: "Share a Funny Comment" });
  await dialog.getByLabel("YouTube video URL").fill(`https://youtu.be/${FAKE_VIDEOS.funny}`);
  await dialog.getByLabel("Post title").fill(title);
  await dialog.getByRole("button", { name: "Next Step" }).click();
  await dialog.getByLabel("Comment text").fill(quote);
  await dialog.getByLabel("Comment author").fill("@someone");
  await dialog.getByLabel("Category").selectOption("Kids");
  await dialog.getByRole("button", { name: "Share Comment" }).click();
  await expect(page.getByTestId("toast")).toContainText("Your post will appear once a moderator has approved it.");
  await expect(dialog).toHaveCount(0);

  // The author finds it on their profile and their standing page, marked as waiting.
  await open(page, `/profile/${fresh.id}`, jsEnabled);
  const mine = page.getByTestId("held-post").filter({ hasText: title });
  await expect(mine).toContainText(HELD_LABEL);
  await expect(mine).toContainText(quote);
  await expect(page.getByText("No posts yet")).toHaveCount(0);
  // Readable in both themes (the dark one once drew it light on light); axe runs in the page, so with JS.
  for (const colorScheme of jsEnabled ? (["light", "dark"] as const) : []) {
    await page.emulateMedia({ colorScheme });
    await expectAccessible(page);
  }
  await open(page, "/account/standing", jsEnabled);
  await expect(page.getByTestId("held-item").filter({ hasText: title })).toContainText(HELD_LABEL);

  // A visitor sees it nowhere: not on the profile, not on the home page.
  const visitor = await browser.newContext({ javaScriptEnabled: jsEnabled });
  const visitorPage = await visitor.newPage();
  await open(visitorPage, `/profile/${fresh.id}`, jsEnabled);
  await expect(visitorPage.getByText("No posts yet")).toBeVisible();
  await expect(visitorPage.getByText(title)).toHaveCount(0);
  await open(visitorPage, "/?sort=new", jsEnabled);
  await expect(visitorPage.getByText(title)).toHaveCount(0);

  // An admin approves it from the queue; then it is a post like any other.
  const adminContext = await browser.newContext({ javaScriptEnabled: jsEnabled });
  const adminPage = await adminContext.newPage();
  await loginAs(adminContext, makeUser({ isAdmin: true }).id, server.url);
  await open(adminPage, "/admin/reports", jsEnabled);
  const card = adminPage.getByRole("article", { name: `Waiting post by ${name}` });
  await expect(card).toContainText(quote);
  await card.getByRole("button", { name: "Approve" }).click();
  await expect(adminPage.getByTestId("toast")).toContainText("Post approved");

  // A visitor's page may be the one kept for every visitor up to 2 s before (decision 0049).
  await expect(async () => {
    await open(visitorPage, `/profile/${fresh.id}`, jsEnabled);
    await expect(visitorPage.getByRole("article").filter({ hasText: title })).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 10_000 });
  await open(page, `/profile/${fresh.id}`, jsEnabled);
  await expect(page.getByTestId("held-post")).toHaveCount(0);
  await expect(page.getByRole("article").filter({ hasText: title })).toBeVisible();
  await Promise.all([visitor.close(), adminContext.close()]);
});
