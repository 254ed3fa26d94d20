// The share dialog (docs/product.md §2), with JavaScript (a modal) and without (a section of the page).
// YouTube is the local fake started by global-setup (tests/fixtures/youtube-fake.ts).
import type { BrowserContext, Locator, Page } from "@playwright/test";
import { freePort, startServer, type RunningServer } from "../support/server.ts";
import { FAKE_VIDEOS, FUNNY_VIDEO, TOP_COMMENT } from "../fixtures/youtube-fake.ts";
import { expect, expectAccessible, hydrated, test } from "./fixtures.ts";

const FUNNY_LINK = `https://www.youtube.com/watch?feature=share&v=${FAKE_VIDEOS.funny}&t=42`;

// Thumbnails and avatars live on YouTube's hosts: tests never reach the internet.
test.beforeEach(async ({ context }) => {
  await context.route(/^https:\/\/(i\.ytimg\.com|yt3\.ggpht\.com)\//, (route) =>
    route.fulfill({ contentType: "image/svg+xml", body: '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360"/>' }),
  );
});

// These tests pick the same comments in both projects (js, nojs) on purpose: each starts with no post
// holding their keys (other specs pick other comments). A quote typed by hand is made unique instead
// (`typed`), so no test here frees a key another spec running beside it relies on. One post per quote
// is tests/e2e/youtube-comment.spec.ts's.
test.beforeEach(async () => {
  await import("../fixtures/factories.ts");
  const { getDb } = await import("#db/client.server.ts");
  const { posts } = await import("#db/schema.ts");
  const { FAKE_COMMENTS } = await import("../fixtures/youtube-fake.ts");
  const { inArray } = await import("drizzle-orm");
  const picked = [FAKE_COMMENTS.top, FAKE_COMMENTS.short].map((id) => `c:${id}`);
  getDb().update(posts).set({ quoteKey: null }).where(inArray(posts.quoteKey, picked)).run();
});

/** Words typed as a quote, made unique: the same words under the same video would be one quote (409). */
const typed = (words: string) => `${words} ${Math.random().toString(36).slice(2, 8)}`;

// factories.ts needs global-setup's environment, so it is loaded inside the tests.
async function signIn(context: BrowserContext, baseURL?: string) {
  const { makeUser, loginAs } = await import("../fixtures/factories.ts");
  const user = makeUser();
  await loginAs(context, user.id, baseURL);
  return user;
}

async function readBack(postId: number, userId: number) {
  await import("../fixtures/factories.ts"); // points the models at the e2e database
  const { getDb } = await import("#db/client.server.ts");
  const { posts } = await import("#db/schema.ts");
  const { getUserById } = await import("~/models/user.server.ts");
  const { eq } = await import("drizzle-orm");
  const post = getDb().select().from(posts).where(eq(posts.id, postId)).get();
  return { post, author: getUserById({ id: userId }) };
}

/**
 * Opens `url`; with JS, waits until React has hydrated the page: its code starts after the first
 * paint (app/pipeline/deferred-boot.server.ts), so the load event does not mean the dialog's code runs yet.
 */
async function visit(page: Page, url: string, jsEnabled: boolean) {
  await page.goto(url);
  if (jsEnabled) await hydrated(page);
}

const dialogOf = (page: Page) => page.getByRole("dialog", { name: "Share a Funny Comment" });
const radios = (dialog: Locator) => dialog.getByRole("radio");

async function stepOne(dialog: Locator, url: string, title: string) {
  await dialog.getByLabel("YouTube video URL").fill(url);
  await dialog.getByLabel("Post title").fill(title);
  await dialog.getByRole("button", { name: "Next Step" }).click();
}

/** Picks a fetched comment: the radio fills the fields at once with JS, via the server without. */
async function pick(dialog: Locator, name: string | RegExp, jsEnabled: boolean) {
  await dialog.getByRole("radio", { name }).check();
  if (!jsEnabled) await dialog.getByRole("button", { name: "Use Selected Comment" }).click();
}

async function expectPostedPage(page: Page): Promise<number> {
  await expect(page).toHaveURL(/\/post\/\d+$/);
  const toast = page.getByTestId("toast");
  await expect(toast).toContainText("Success!");
  await expect(toast).toContainText("Your funny comment has been shared.");
  await expect(dialogOf(page)).toHaveCount(0);
  return Number(new URL(page.url()).pathname.split("/").pop());
}

test("shares a fetched comment from a pasted link and opens the new post with the success toast", async ({
  page,
  context,
  jsEnabled,
}) => {
  const user = await signIn(context);
  await visit(page, "/", jsEnabled);
  await page.locator("header").getByRole("link", { name: "Share a Funny Comment" }).click();
  await expect(page).toHaveURL(/\/\?share=1$/);
  const dialog = dialogOf(page);
  await expect(dialog.getByText("1. Video & Title")).toHaveAttribute("aria-current", "step");
  await stepOne(dialog, FUNNY_LINK, "Cucumber panic at its finest");

  await expect(dialog.getByText("2. Comment Details")).toHaveAttribute("aria-current", "step");
  const video = dialog.getByTestId("share-video");
  await expect(video).toContainText(FUNNY_VIDEO.title);
  await expect(video).toContainText(FUNNY_VIDEO.channelTitle);
  await expect(video).toContainText("1.2M views");
  await expect(video).toContainText("Apr 1, 2019");
  await expect(radios(dialog)).toHaveCount(100);
  // textOriginal, not the HTML-escaped textDisplay
  await expect(dialog.getByText(TOP_COMMENT.textOriginal)).toBeVisible();
  await expect(dialog.getByText("I&#39;m")).toHaveCount(0);

  await pick(dialog, /I'm not crying/, jsEnabled);
  await expect(dialog.getByRole("radio", { name: /I'm not crying/ })).toBeChecked();
  await expect(dialog.getByLabel("Comment text")).toHaveValue(TOP_COMMENT.textOriginal);
  await expect(dialog.getByLabel("Comment author")).toHaveValue(TOP_COMMENT.author);
  // While a comment is picked, the sort toggle and 'Load More Comments' hide.
  await expect(dialog.getByRole("button", { name: "Load More Comments" })).toBeHidden();
  await expect(dialog.getByRole("button", { name: "Newest" })).toBeHidden();
  await expect(dialog.getByRole("button", { name: "Clear Selection" })).toBeVisible();

  await dialog.getByLabel("Category").selectOption("Animals");
  await dialog.getByRole("button", { name: "Share Comment" }).click();
  const postId = await expectPostedPage(page);

  const { post, author } = await readBack(postId, user.id);
  expect(post).toMatchObject({
    userId: user.id,
    title: "Cucumber panic at its finest",
    comment: TOP_COMMENT.textOriginal,
    commentAuthor: TOP_COMMENT.author,
    category: "Animals",
    videoId: FAKE_VIDEOS.funny,
    videoTitle: FUNNY_VIDEO.title,
    videoChannel: FUNNY_VIDEO.channelTitle,
    videoThumbnail: `https://i.ytimg.com/vi/${FAKE_VIDEOS.funny}/hqdefault.jpg`,
    videoViewCount: 1234567,
    upvotes: 0,
    downvotes: 0,
  });
  expect(post?.videoPublishedAt?.toISOString()).toBe("2019-04-01T12:34:56.000Z");
  expect(post?.hot).toBeGreaterThan(0);
  expect(author?.postsCount).toBe(1);
});

test("shows every validation message of the two steps", async ({ page, context, jsEnabled }) => {
  await signIn(context);
  await visit(page, "/?share=1", jsEnabled);
  const dialog = dialogOf(page);
  const urlField = dialog.getByLabel("YouTube video URL");
  const titleField = dialog.getByLabel("Post title");

  await dialog.getByRole("button", { name: "Next Step" }).click();
  await expect(dialog.getByText("Please enter a valid YouTube video URL.")).toBeVisible();
  await expect(dialog.getByText("Please enter a post title.")).toBeVisible();
  await expect(urlField).toHaveAttribute("aria-invalid", "true");

  await stepOne(dialog, "my favourite cat video", "Cats again");
  await expect(dialog.getByText("Please enter a valid YouTube video URL.")).toBeVisible();
  await expect(dialog.getByText("Please enter a post title.")).toHaveCount(0);
  await expect(titleField).toHaveValue("Cats again");

  await stepOne(dialog, `https://youtu.be/${FAKE_VIDEOS.missing}`, "Cats again");
  await expect(dialog.getByText("Please enter a valid YouTube video URL.")).toBeVisible();
  const panel = dialog.getByRole("alert").filter({ hasText: "YouTube API Error" });
  await expect(panel).toContainText("Video not found. It may be private or deleted.");

  await stepOne(dialog, `https://youtu.be/${FAKE_VIDEOS.quota}`, "Cats again");
  await expect(panel).toContainText(/quota/);

  // The one title rule at step 1: a title under the post's minimum is refused there, with its message.
  await stepOne(dialog, `https://www.youtube.com/shorts/${FAKE_VIDEOS.short}`, "Ha");
  await expect(dialog.getByText("Title must be at least 3 characters.")).toBeVisible();
  await expect(titleField).toHaveAttribute("aria-invalid", "true");
  await stepOne(dialog, `https://www.youtube.com/shorts/${FAKE_VIDEOS.short}`, "Hah");
  await expect(dialog.getByLabel("Comment text")).toBeVisible();
  const submit = dialog.getByRole("button", { name: "Share Comment" });
  const text = dialog.getByLabel("Comment text");
  if (jsEnabled) {
    // Disabled while comment, author or category is empty; the counter is live.
    await expect(submit).toBeDisabled();
    await text.fill("   ");
    await expect(dialog.getByText("3/500")).toBeVisible();
    await dialog.getByLabel("Comment author").fill("@someone");
    await expect(submit).toBeDisabled();
    await dialog.getByLabel("Category").selectOption("Comedy");
    await expect(submit).toBeEnabled();
  } else {
    await expect(submit).toBeEnabled();
    await expect(dialog.getByText("0/500")).toBeVisible();
  }
  await submit.click();
  await expect(dialog.getByRole("alert").filter({ hasText: "Please fill out all fields." })).toBeVisible();
  await expect(page).toHaveURL(/share=1/);

  // The text stops at 500 characters a person sees with JS; without it the server says so.
  await text.fill("x".repeat(600));
  if (jsEnabled) {
    await expect(text).toHaveValue("x".repeat(500));
    await expect(dialog.getByText("500/500")).toBeVisible();
  } else {
    await dialog.getByLabel("Comment author").fill("@someone");
    await dialog.getByLabel("Category").selectOption("Comedy");
    await submit.click();
    // The share action answers a refused share with its message (a toast without JS).
    await expect(page.getByText("Comment must be at most 500 characters.")).toBeVisible();
  }

  await text.fill(typed("A perfectly fine comment"));
  await dialog.getByLabel("Comment author").fill("@someone");
  await dialog.getByLabel("Category").selectOption("Comedy");
  await submit.click();
  await expectPostedPage(page);
});

test("a visitor opens the dialog from the Create Post box, signs in and comes back to it", async ({ page, context, jsEnabled }) => {
  await visit(page, "/", jsEnabled);
  await page.getByRole("link", { name: /Create Post/ }).click();
  await expect(page).toHaveURL(/\/\?share=1$/);
  const dialog = dialogOf(page);
  await expect(dialog.getByRole("heading", { name: "Authentication Required" })).toBeVisible();
  const link = dialog.getByRole("link", { name: "Sign In to Continue" });
  await expect(link).toHaveAttribute("href", "/auth?redirectTo=%2F%3Fshare%3D1");
  await link.click();
  await expect(page).toHaveURL("/auth?redirectTo=%2F%3Fshare%3D1");
  await expect(dialogOf(page)).toHaveCount(0);

  // Signed in, the way back opens the dialog ready to fill.
  await signIn(context);
  await visit(page, new URL(page.url()).searchParams.get("redirectTo")!, jsEnabled);
  await expect(dialogOf(page).getByLabel("YouTube video URL")).toBeVisible();
  if (jsEnabled) await expect(dialogOf(page)).toHaveJSProperty("open", true);
});

test("a visitor sees the Authentication Required panel with a way back after signing in", async ({ page, jsEnabled }) => {
  await visit(page, "/?share=1&step=2&url=x", jsEnabled);
  const dialog = dialogOf(page);
  await expect(dialog.getByRole("heading", { name: "Authentication Required" })).toBeVisible();
  await expect(dialog.getByText("You must be logged in to create a post. Please sign in to continue.")).toBeVisible();
  const link = dialog.getByRole("link", { name: "Sign In to Continue" });
  await expect(link).toHaveAttribute("href", `/auth?${new URLSearchParams({ redirectTo: "/?share=1&step=2&url=x" })}`);
  await expect(dialog.getByRole("textbox")).toHaveCount(0);
  await link.click();
  await expect(page).toHaveURL(/\/auth\?redirectTo=/);
  await expect(dialogOf(page)).toHaveCount(0);
});

test("pages through the comments with 'Load More Comments' and sorts them by Newest", async ({ page, context, jsEnabled }) => {
  await signIn(context);
  await visit(page, `/?share=1&step=2&${new URLSearchParams({ url: `youtu.be/${FAKE_VIDEOS.funny}`, title: "Paging" })}`, jsEnabled);
  const dialog = dialogOf(page);
  const list = dialog.getByTestId("share-comment-list");
  await expect(list).toHaveCSS("height", "300px");
  await expect(list).toHaveCSS("overflow-y", "auto");
  await expect(radios(dialog)).toHaveCount(100);
  await expect(radios(dialog).first()).toHaveAccessibleName(/I'm not crying/);
  // Nothing picked yet: no 'Clear Selection' (nor, without JS, 'Use Selected Comment').
  await expect(dialog.getByRole("button", { name: "Clear Selection" })).toBeHidden();
  await expect(dialog.getByRole("button", { name: "Use Selected Comment" })).toBeHidden();

  // Typed text survives the round trips.
  await dialog.getByLabel("Comment text").fill("my own words");
  const more = dialog.getByRole("button", { name: "Load More Comments" });
  await more.click();
  await expect(radios(dialog)).toHaveCount(200);
  await expect(radios(dialog).first()).toHaveAccessibleName(/I'm not crying/);
  await expect(radios(dialog).nth(100)).toHaveAccessibleName(/Funny comment number 101:/);
  await more.click();
  await expect(radios(dialog)).toHaveCount(230);
  await expect(more).toHaveCount(0);
  await expect(dialog.getByLabel("Comment text")).toHaveValue("my own words");

  const newest = dialog.getByRole("button", { name: "Newest" });
  await expect(newest).toHaveAttribute("aria-pressed", "false");
  await newest.click();
  await expect(newest).toHaveAttribute("aria-pressed", "true");
  await expect(radios(dialog)).toHaveCount(100); // a new sort starts the list again
  await expect(radios(dialog).first()).toHaveAccessibleName(/Funny comment number 230:/);
  await expect(more).toBeVisible();
  await more.click();
  await expect(radios(dialog)).toHaveCount(200);
  await expect(page).toHaveURL(/order=time/);

  await dialog.getByRole("button", { name: "Relevance" }).click();
  await expect(radios(dialog)).toHaveCount(100);
  await expect(radios(dialog).first()).toHaveAccessibleName(/I'm not crying/);
  await expect(dialog.getByLabel("Comment text")).toHaveValue("my own words");
});

test("Clear Selection, Back and closing: fields kept between steps and reset on close", async ({
  page,
  context,
  jsEnabled,
}) => {
  await signIn(context);
  await visit(page, "/?share=1", jsEnabled);
  const dialog = dialogOf(page);
  await stepOne(dialog, `https://youtu.be/${FAKE_VIDEOS.short}?si=abc`, "Monday cure");
  await pick(dialog, /This video cured my Monday/, jsEnabled);
  await expect(dialog.getByLabel("Comment author")).toHaveValue("@monday_hater");
  await dialog.getByRole("button", { name: "Clear Selection" }).click();
  await expect(dialog.getByRole("radio", { checked: true })).toHaveCount(0);
  await expect(dialog.getByLabel("Comment text")).toHaveValue("");
  await expect(dialog.getByLabel("Comment author")).toHaveValue("");
  await expect(dialog.getByRole("button", { name: "Newest" })).toBeVisible();

  // A comment without textOriginal reads as plain text from textDisplay.
  await pick(dialog, /Old answer with/, jsEnabled);
  await expect(dialog.getByLabel("Comment text")).toHaveValue("Old answer with <b>entities</b>\nand a line break & more");
  await dialog.getByLabel("Category").selectOption("Reaction");

  await dialog.getByRole("button", { name: "Back" }).click();
  await expect(dialog.getByLabel("YouTube video URL")).toHaveValue(`https://youtu.be/${FAKE_VIDEOS.short}?si=abc`);
  await expect(dialog.getByLabel("Post title")).toHaveValue("Monday cure");
  await expect(dialog.getByTestId("share-video")).toContainText("A Short Clip");
  await dialog.getByRole("button", { name: "Next Step" }).click();
  await expect(dialog.getByLabel("Comment author")).toHaveValue("@old_answer");
  await expect(dialog.getByLabel("Category")).toHaveValue("Reaction");
  await expect(dialog.getByRole("radio", { name: /Old answer with/ })).toBeChecked();

  if (jsEnabled) {
    await expect.poll(() => dialog.evaluate((d) => d.matches(":modal"))).toBe(true);
    await page.keyboard.press("Escape");
  } else {
    await expect(dialog).not.toHaveAttribute("aria-modal", "true");
    await dialog.getByRole("link", { name: "Close" }).click();
  }
  await expect(page).toHaveURL(/\/$/);
  await expect(dialogOf(page)).toHaveCount(0);

  await page.locator("header").getByRole("link", { name: "Share a Funny Comment" }).click();
  await expect(dialogOf(page).getByLabel("YouTube video URL")).toHaveValue("");
  await expect(dialogOf(page).getByLabel("Post title")).toHaveValue("");
  await dialogOf(page).getByRole("link", { name: "Cancel" }).click();
  await expect(dialogOf(page)).toHaveCount(0);
});

test("keeps the page under the dialog and its own query", async ({ page, context, jsEnabled }) => {
  await signIn(context);
  await visit(page, "/?sort=new&share=1", jsEnabled);
  const dialog = dialogOf(page);
  await stepOne(dialog, FAKE_VIDEOS.short, "Bare id");
  await expect(page).toHaveURL(/\/\?sort=new&share=1&step=2&/);
  await dialog.getByRole("link", { name: "Close" }).click();
  await expect(page).toHaveURL(/\/\?sort=new$/);
});

test("shows disabled comments in the red panel and still shares by hand", async ({ page, context, jsEnabled }) => {
  const user = await signIn(context);
  await visit(page, "/?share=1", jsEnabled);
  const dialog = dialogOf(page);
  await stepOne(dialog, `https://m.youtube.com/watch?v=${FAKE_VIDEOS.commentsDisabled}`, "Silence is golden");
  await expect(dialog.getByRole("alert").filter({ hasText: "YouTube API Error" })).toContainText(
    "Comments are disabled for this video.",
  );
  await expect(radios(dialog)).toHaveCount(0);
  const quote = typed("Typed by hand");
  await dialog.getByLabel("Comment text").fill(quote);
  await dialog.getByLabel("Comment author").fill("@hand");
  await dialog.getByLabel("Category").selectOption("Fail");
  await dialog.getByRole("button", { name: "Share Comment" }).click();
  const { post } = await readBack(await expectPostedPage(page), user.id);
  expect(post).toMatchObject({ videoId: FAKE_VIDEOS.commentsDisabled, videoTitle: "Comments Are Off Here", comment: quote });
});

test("the dialog is a modal with JavaScript and a labelled section of the page without", async ({
  page,
  context,
  jsEnabled,
}) => {
  await signIn(context);
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(String(error)));
  page.on("console", (message) => (message.type() === "error" ? problems.push(message.text()) : undefined));
  await visit(page, `/?share=1&step=2&${new URLSearchParams({ url: FAKE_VIDEOS.funny, title: "A11y", pick: "Ugx0003fakeCommentId" })}`, jsEnabled);
  const dialog = dialogOf(page);
  await expect(dialog.getByLabel("Comment author")).toHaveValue("@viewer4");
  await expect(dialog.getByRole("radio", { name: /Funny comment number 4:/ })).toBeChecked();
  for (const label of ["Comment text", "Comment author", "Category"]) await expect(dialog.getByLabel(label)).toBeVisible();
  const paste = dialog.getByRole("button", { name: "Paste from clipboard" });
  if (jsEnabled) {
    await expect.poll(() => dialog.evaluate((d) => d.matches(":modal"))).toBe(true);
    await expect(dialog.getByLabel("Comment text")).toBeFocused();
    await expect(paste).toBeVisible();
    await expectAccessible(page);
  } else {
    // In the page, before the page's own content; no script-only controls.
    await expect(page.locator("main > dialog[open]")).toHaveCount(1);
    await expect(paste).toHaveCount(0);
    await expect(dialog.getByRole("button", { name: "Use Selected Comment" })).toBeVisible();
  }
  expect(problems).toEqual([]); // no hydration mismatch or script error
});

test("pastes from the clipboard with a tick, or says it cannot", async ({ page, context, jsEnabled }) => {
  await signIn(context);
  await visit(page, `/?share=1&step=2&${new URLSearchParams({ url: FAKE_VIDEOS.short, title: "Clipboard" })}`, jsEnabled);
  const dialog = dialogOf(page);
  const paste = dialog.getByRole("button", { name: "Paste from clipboard" });
  if (!jsEnabled) {
    await expect(paste).toHaveCount(0); // reading the clipboard needs JavaScript
    await expect(dialog.getByLabel("Comment text")).toBeEditable();
    return;
  }
  await paste.click(); // no permission yet
  await expect(page.getByTestId("toast")).toContainText("Clipboard Error");
  await expect(page.getByTestId("toast")).toContainText("Unable to access clipboard. Please paste manually.");

  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.evaluate(() => navigator.clipboard.writeText("Pasted from the clipboard"));
  await paste.click();
  await expect(dialog.getByLabel("Comment text")).toHaveValue("Pasted from the clipboard");
  await expect(paste).toContainText("✓");
  await expect(paste).not.toContainText("✓", { timeout: 5_000 });
});

test.describe("without a YouTube API key", () => {
  // Two more servers on the same database, one whose oEmbed answers and one whose oEmbed is down.
  test.describe.configure({ mode: "default" });
  let withOEmbed: RunningServer;
  let withoutOEmbed: RunningServer;
  test.beforeAll(async () => {
    const fake = process.env.E2E_YOUTUBE_FAKE_URL!;
    const shared = {
      DATABASE_PATH: process.env.E2E_DATABASE_PATH!,
      SESSION_SECRET: process.env.E2E_SESSION_SECRET!,
      YOUTUBE_API_KEY: "",
      YOUTUBE_API_BASE_URL: `${fake}/youtube/v3`,
    };
    [withOEmbed, withoutOEmbed] = await Promise.all([
      startServer({ ...shared, YOUTUBE_OEMBED_URL: `${fake}/oembed` }),
      startServer({ ...shared, YOUTUBE_OEMBED_URL: `http://127.0.0.1:${await freePort()}/oembed` }),
    ]);
  });
  test.afterAll(async () => {
    await Promise.all([withOEmbed?.stop(), withoutOEmbed?.stop()]);
  });

  async function shareByHand(page: Page, server: RunningServer, url: string, jsEnabled: boolean) {
    await visit(page, `${server.url}/?share=1`, jsEnabled);
    const dialog = dialogOf(page);
    await stepOne(dialog, url, "Shared without a key");
    const panel = dialog.getByRole("alert").filter({ hasText: "YouTube API Error" });
    await expect(panel).toContainText("API key not configured");
    await expect(panel).toContainText("type or paste the comment and its author yourself");
    await expect(radios(dialog)).toHaveCount(0);
    return dialog;
  }

  let quote = "";
  async function post(page: Page, dialog: Locator) {
    quote = typed("Typed in by hand");
    await dialog.getByLabel("Comment text").fill(quote);
    await dialog.getByLabel("Comment author").fill("@manual");
    await dialog.getByLabel("Category").selectOption("Kids");
    await dialog.getByRole("button", { name: "Share Comment" }).click();
    return expectPostedPage(page);
  }

  test("takes the title and channel from oEmbed", async ({ page, context, jsEnabled }) => {
    const user = await signIn(context, withOEmbed.url);
    const dialog = await shareByHand(page, withOEmbed, `https://youtu.be/${FAKE_VIDEOS.funny}`, jsEnabled);
    const video = dialog.getByTestId("share-video");
    await expect(video).toContainText(FUNNY_VIDEO.title);
    await expect(video).toContainText(FUNNY_VIDEO.channelTitle);
    await expect(video).not.toContainText("views");
    const { post: row } = await readBack(await post(page, dialog), user.id);
    expect(row).toMatchObject({
      userId: user.id,
      videoId: FAKE_VIDEOS.funny,
      videoTitle: FUNNY_VIDEO.title,
      videoChannel: FUNNY_VIDEO.channelTitle,
      videoThumbnail: `https://i.ytimg.com/vi/${FAKE_VIDEOS.funny}/hqdefault.jpg`,
      videoViewCount: null,
      videoPublishedAt: null,
      comment: quote,
      commentAuthor: "@manual",
      category: "Kids",
    });
  });

  test("falls back to the texts of docs/product.md §5 when oEmbed is down too", async ({ page, context, jsEnabled }) => {
    const user = await signIn(context, withoutOEmbed.url);
    const dialog = await shareByHand(page, withoutOEmbed, `https://www.youtube.com/embed/${FAKE_VIDEOS.funny}`, jsEnabled);
    await expect(dialog.getByTestId("share-video")).toContainText("Video information unavailable");
    await expect(dialog.getByTestId("share-video")).toContainText("Unknown channel");
    const { post: row } = await readBack(await post(page, dialog), user.id);
    expect(row).toMatchObject({
      videoId: FAKE_VIDEOS.funny,
      videoTitle: "Video information unavailable",
      videoChannel: "Unknown channel",
      videoThumbnail: `https://i.ytimg.com/vi/${FAKE_VIDEOS.funny}/hqdefault.jpg`,
    });
  });

  test("stores the video id 'unknown' when the link cannot be read", async ({ page, context, jsEnabled }) => {
    const user = await signIn(context, withOEmbed.url);
    const dialog = await shareByHand(page, withOEmbed, "the one with the cat", jsEnabled);
    await expect(dialog.getByTestId("share-video")).toContainText("Video information unavailable");
    const { post: row } = await readBack(await post(page, dialog), user.id);
    expect(row).toMatchObject({
      videoId: "unknown",
      videoTitle: "Video information unavailable",
      videoChannel: "Unknown channel",
      videoThumbnail: "https://i.ytimg.com/img/no_thumbnail.jpg",
    });
  });
});
