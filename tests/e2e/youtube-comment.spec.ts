// Issue 46 in the browser, with JavaScript and without: a comment's own link (lc=) goes to step 2 with
// that comment picked; the post shows it as YouTube's ('from YouTube' linking to the comment, its
// likes); the search box over the video's comments; 'Already shared' with an upvote instead.
// YouTube is the local fake started by global-setup (tests/fixtures/youtube-fake.ts).
import type { BrowserContext, Page } from "@playwright/test";
import { FAKE_VIDEOS, fakeComment, TOP_COMMENT } from "../fixtures/youtube-fake.ts";
import { expect, hydrated, test } from "./fixtures.ts";

test.beforeEach(async ({ context }) => {
  await context.route(/^https:\/\/(i\.ytimg\.com|yt3\.ggpht\.com)\//, (route) =>
    route.fulfill({ contentType: "image/svg+xml", body: '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360"/>' }),
  );
});

async function signIn(context: BrowserContext) {
  const { makeUser, loginAs } = await import("../fixtures/factories.ts");
  const user = makeUser();
  await loginAs(context, user.id);
  return user;
}

/** Frees a quote so each project (js, nojs) and each retry shares it afresh. */
async function freeQuote(key: string) {
  await import("../fixtures/factories.ts");
  const { getDb } = await import("#db/client.server.ts");
  const { posts } = await import("#db/schema.ts");
  const { eq } = await import("drizzle-orm");
  getDb().delete(posts).where(eq(posts.quoteKey, key)).run();
}

async function visit(page: Page, url: string, jsEnabled: boolean) {
  await page.goto(url);
  if (jsEnabled) await hydrated(page);
}

const dialogOf = (page: Page) => page.getByRole("dialog", { name: "Share a Funny Comment" });
// A reply (an id with a dot) of the funny video's third comment: its own per project, so the two do not meet.
const replyOf = (n: number) => `Ugx${String(n).padStart(4, "0")}fakeCommentId.00fakeReplyId`;

test("a comment's link picks it at once; the post links to it on YouTube with its likes", async ({ page, context, jsEnabled }) => {
  const reply = replyOf(jsEnabled ? 2 : 3);
  const yt = fakeComment(reply)!;
  await freeQuote(`c:${reply}`);
  await signIn(context);
  await visit(page, "/?share=1", jsEnabled);
  const dialog = dialogOf(page);
  await dialog.getByLabel("YouTube video URL").fill(`https://www.youtube.com/watch?v=${FAKE_VIDEOS.funny}&lc=${reply}`);
  await dialog.getByLabel("Post title").fill("The reply that made it");
  await dialog.getByRole("button", { name: "Next Step" }).click();

  await expect(dialog.getByText("2. Comment Details")).toHaveAttribute("aria-current", "step");
  await expect(dialog.getByRole("radio", { name: new RegExp(yt.author) })).toBeChecked();
  await expect(dialog.getByLabel("Comment text")).toHaveValue(yt.text);
  await expect(dialog.getByLabel("Comment author")).toHaveValue(yt.author);
  await dialog.getByLabel("Category").selectOption("Animals");
  await dialog.getByRole("button", { name: "Share Comment" }).click();

  await expect(page).toHaveURL(/\/post\/\d+$/);
  const card = page.locator("article").first();
  const link = card.getByRole("link", { name: "from YouTube" });
  await expect(link).toHaveAttribute("href", `https://www.youtube.com/watch?v=${FAKE_VIDEOS.funny}&lc=${reply}`);
  await expect(card).toContainText(`${yt.likeCount} likes on YouTube`);
});

test("searches the video's comments from step 2", async ({ page, context, jsEnabled }) => {
  await signIn(context);
  const url = encodeURIComponent(`https://youtu.be/${FAKE_VIDEOS.funny}`);
  await visit(page, `/?share=1&step=2&title=Searching&url=${url}`, jsEnabled);
  const dialog = dialogOf(page);
  await expect(dialog.getByRole("radio")).toHaveCount(100);
  const box = dialog.getByRole("searchbox", { name: "Search the comments" });
  await box.fill("crying");
  await box.press("Enter");
  await expect(page).toHaveURL(/find=crying/);
  await expect(dialog.getByRole("radio")).toHaveCount(1);
  await expect(dialog.getByText(TOP_COMMENT.textOriginal)).toBeVisible();
  // Nothing was shared by the Enter.
  await expect(dialog.getByText("2. Comment Details")).toHaveAttribute("aria-current", "step");
});

test("a comment already on the site: 'Already shared' with a link and an upvote instead", async ({ page, context, jsEnabled }) => {
  const { makeUser, makePost } = await import("../fixtures/factories.ts");
  const comment = `Ugx${String(jsEnabled ? 10 : 11).padStart(4, "0")}fakeCommentId`;
  await freeQuote(`c:${comment}`);
  const first = makePost({ userId: makeUser().id, title: "Shared before", videoId: FAKE_VIDEOS.funny, youtubeCommentId: comment, quoteKey: `c:${comment}` });
  await signIn(context);
  const url = encodeURIComponent(`https://www.youtube.com/watch?v=${FAKE_VIDEOS.funny}&lc=${comment}`);
  await visit(page, `/?share=1&step=2&title=Again&url=${url}&pick=${comment}`, jsEnabled);
  const notice = dialogOf(page).getByTestId("already-shared");
  await expect(notice).toContainText("Already shared");
  await expect(notice.getByRole("link", { name: "Shared before" })).toHaveAttribute("href", `/post/${first.id}`);
  await notice.getByRole("button", { name: "Upvote it instead" }).click();
  await expect(page.getByText(/Upvoted|upvote/i).first()).toBeVisible();
  const { getDb } = await import("#db/client.server.ts");
  const { posts } = await import("#db/schema.ts");
  const { eq } = await import("drizzle-orm");
  await expect.poll(() => getDb().select({ up: posts.upvotes }).from(posts).where(eq(posts.id, first.id)).get()?.up).toBe(1);
});
