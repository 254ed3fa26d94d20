// Sharing from the phone (docs/product.md §2): the share sheet opens GET /share/target (the manifest's
// share_target) and the member sees the share dialog at step 2 with the video; a visitor signs in on
// the way. And the site is installable by Chromium's own criteria (CDP Page.getInstallabilityErrors).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type BrowserContext, type Page } from "@playwright/test";
import { FAKE_VIDEOS, FUNNY_VIDEO, TOP_COMMENT } from "../fixtures/youtube-fake.ts";
import { expect, hydrated, test } from "./fixtures.ts";

// Thumbnails and avatars live on YouTube's hosts: tests never reach the internet.
test.beforeEach(async ({ context }) => {
  await context.route(/^https:\/\/(i\.ytimg\.com|yt3\.ggpht\.com)\//, (route) =>
    route.fulfill({ contentType: "image/svg+xml", body: '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360"/>' }),
  );
});

/** What Android's YouTube app sends: the video's title as the subject, the link inside the text. */
const SHARED = { title: "Cats Reacting To Cucumbers", text: `Cats Reacting To Cucumbers https://youtu.be/${FAKE_VIDEOS.funny}?si=AbCdEfGh12` };
const TARGET = `/share/target?${new URLSearchParams(SHARED)}`;

async function signIn(context: BrowserContext) {
  const { makeUser, loginAs } = await import("../fixtures/factories.ts");
  const user = makeUser();
  await loginAs(context, user.id);
  return user;
}

const dialogOf = (page: Page) => page.getByRole("dialog", { name: "Share a Funny Comment" });

async function expectStepTwoWithTheVideo(page: Page, jsEnabled: boolean) {
  await expect(page).toHaveURL(/\/\?share=1&step=2&/);
  if (jsEnabled) await hydrated(page);
  const dialog = dialogOf(page);
  await expect(dialog.getByText("2. Comment Details")).toHaveAttribute("aria-current", "step");
  await expect(dialog.getByTestId("share-video")).toContainText(FUNNY_VIDEO.title);
  await expect(dialog.getByText(TOP_COMMENT.textOriginal)).toBeVisible();
  if (jsEnabled) await expect(dialog).toHaveJSProperty("open", true);
}

test("a member's share from the phone opens the dialog at step 2 with the video", async ({ page, context, jsEnabled }) => {
  await signIn(context);
  await page.goto(TARGET);
  await expectStepTwoWithTheVideo(page, jsEnabled);
  // The shared words are the post's title: Back shows them in step 1.
  await dialogOf(page).getByRole("button", { name: "Back" }).click();
  await expect(dialogOf(page).getByLabel("Post title")).toHaveValue("Cats Reacting To Cucumbers");
  await expect(dialogOf(page).getByLabel("YouTube video URL")).toHaveValue(`https://youtu.be/${FAKE_VIDEOS.funny}?si=AbCdEfGh12`);
});

test("a visitor's share from the phone signs in and comes back to the dialog at step 2", async ({ page, jsEnabled }) => {
  const { makeUser, TEST_PASSWORD } = await import("../fixtures/factories.ts");
  const user = makeUser();
  await page.goto(TARGET);
  await expect(page).toHaveURL(/\/auth\?redirectTo=/);
  await expect(page.getByTestId("toast")).toContainText("Authentication Required");
  if (jsEnabled) await hydrated(page);
  await page.getByLabel("Username or email").fill(user.username);
  await page.getByLabel("Password").fill(TEST_PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expectStepTwoWithTheVideo(page, jsEnabled);
});

test("a share of words without a link opens step 1 with them as the title", async ({ page, context, jsEnabled }) => {
  await signIn(context);
  await page.goto(`/share/target?${new URLSearchParams({ text: "the funniest thing I saw today" })}`);
  if (jsEnabled) await hydrated(page);
  const dialog = dialogOf(page);
  await expect(dialog.getByText("1. Video & Title")).toHaveAttribute("aria-current", "step");
  await expect(dialog.getByLabel("Post title")).toHaveValue("the funniest thing I saw today");
  await expect(dialog.getByLabel("YouTube video URL")).toHaveValue("");
});

test("the site is installable by Chromium's criteria, with JavaScript on or off", async ({ baseURL, jsEnabled, launchOptions }) => {
  // Chromium offers no install in an incognito profile (Playwright's contexts are): a profile of its own.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "chortle-install-"));
  const context = await chromium.launchPersistentContext(profile, { ...launchOptions, baseURL, javaScriptEnabled: jsEnabled });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto("/");
    const cdp = await context.newCDPSession(page);
    // The manifest is fetched once the page has loaded; Chromium answers once it has it.
    await expect
      .poll(async () => (await cdp.send("Page.getAppManifest")).url, { message: "the manifest's URL" })
      .toMatch(/\/manifest\.webmanifest$/);
    const manifest = await cdp.send("Page.getAppManifest");
    expect(manifest.errors).toEqual([]);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});
