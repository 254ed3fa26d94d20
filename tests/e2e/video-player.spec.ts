// Issue 46's player and moments in the browser, with JavaScript on and off: before 'Play here' is
// pressed the post page asks nothing of any YouTube host (every request watched); pressing it makes
// the youtube-nocookie frame at the shared moment (in place with JavaScript, a page of its own without);
// times in a card's quote and in a comment link to that second of the video. The frame's own loads are
// aborted (no network here): its address is what is checked.
import type { Page } from "@playwright/test";
import { expect, hydrated, test, uniqueName } from "./fixtures.ts";

const { makeUser, makePost } = await import("../fixtures/factories.ts");
const { createComment } = await import("~/models/comment.server.ts");

const VIDEO = "chortleVid1";
const YOUTUBE_HOST = /^https?:\/\/([^/]+\.)?(youtube\.com|youtube-nocookie\.com|youtu\.be|ytimg\.com|googlevideo\.com|ggpht\.com|googleusercontent\.com)(:\d+)?\//;

/** Every request the page makes to a YouTube host, from now on; the player's are aborted. */
async function watchYouTube(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on("request", (request) => {
    if (YOUTUBE_HOST.test(request.url())) seen.push(request.url());
  });
  await page.route(YOUTUBE_HOST, (route) => route.abort());
  return seen;
}

test("the post page loads nothing from YouTube until 'Play here', then plays at the shared moment", async ({ page, jsEnabled }) => {
  const author = makeUser();
  const post = makePost({ userId: author.id, title: uniqueName("player"), videoId: VIDEO, videoStart: 151 });
  const youtube = await watchYouTube(page);
  await page.goto(`/post/${post.id}`);
  if (jsEnabled) await hydrated(page);
  await page.waitForLoadState("networkidle");
  const play = page.getByRole("link", { name: "Play here" });
  await expect(play).toBeVisible();
  await expect(play.locator("img")).toHaveAttribute("src", `/thumbnails/${VIDEO}.jpg?size=large`);
  await expect.poll(() => play.locator("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.locator("iframe")).toHaveCount(0);
  expect(youtube).toEqual([]);

  await play.click();
  const frame = page.locator("#player iframe");
  await expect(frame).toHaveAttribute("src", `https://www.youtube-nocookie.com/embed/${VIDEO}?start=151&autoplay=1&rel=0`);
  await expect(frame).toHaveAttribute("allow", "autoplay; encrypted-media; picture-in-picture");
  await expect(frame).toHaveAttribute("title", `YouTube video: ${post.videoTitle}`);
  // With JavaScript the frame takes the focus; without, the page opens at it (#player).
  if (jsEnabled) await expect(frame).toBeFocused();
  else await expect(frame).toBeInViewport();
  await expect(page).toHaveURL(new RegExp(`/post/${post.id}\\?play=1#player$`));
  // Only now, and only the privacy-enhanced origin.
  await expect.poll(() => youtube.length).toBeGreaterThan(0);
  expect(youtube.filter((url) => !url.startsWith("https://www.youtube-nocookie.com/"))).toEqual([]);
  // 'Watch on YouTube' leaves at the same moment.
  await expect(page.getByRole("link", { name: "Watch on YouTube" })).toHaveAttribute("href", `https://www.youtube.com/watch?v=${VIDEO}&t=151s`);
});

test("times in a card's quote and in a comment link to that second of the video", async ({ page }) => {
  const author = makeUser();
  const word = uniqueName("moment");
  const post = makePost({ userId: author.id, title: `${word} card`, videoId: VIDEO, comment: "wait for it… 2:31 and again at 1:02:03" });
  createComment({ userId: author.id, postId: post.id, content: "the best bit is 0:07, not 12:30pm" });
  await page.goto(`/?sort=new&q=${word}`);
  const quote = page.locator(`#post-${post.id} blockquote`);
  await expect(quote.getByRole("link", { name: "2:31" })).toHaveAttribute("href", `https://www.youtube.com/watch?v=${VIDEO}&t=151s`);
  await expect(quote.getByRole("link", { name: "1:02:03" })).toHaveAttribute("href", `https://www.youtube.com/watch?v=${VIDEO}&t=3723s`);
  await expect(quote.getByRole("link", { name: "2:31" })).toHaveAttribute("rel", "noopener noreferrer nofollow ugc");
  await page.goto(`/post/${post.id}`);
  const comments = page.locator("#comments");
  await expect(comments.getByRole("link", { name: "0:07" })).toHaveAttribute("href", `https://www.youtube.com/watch?v=${VIDEO}&t=7s`);
  await expect(comments.getByRole("link", { name: "12:30" })).toHaveCount(0);
  await expect(comments.getByText("the best bit is 0:07, not 12:30pm")).toBeVisible();
});
