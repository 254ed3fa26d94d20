// 'Play here' pressed on a slow phone before the page's code arrives: the link is the no-JavaScript
// path (a page of its own, the frame rendered by the server), and when the code comes the frame stays
// as it is. Nothing went to a YouTube host before the press.
import { beforeTheCode, expect, openEarly, test, waitForCode } from "./slow-phone.ts";
import { uniqueName } from "./fixtures.ts";

const { makeUser, makePost } = await import("../fixtures/factories.ts");

test("'Play here' pressed before the code arrives opens the page that holds the player", async ({ page }) => {
  const post = makePost({ userId: makeUser().id, title: uniqueName("early-play"), videoId: "chortleVid1", videoStart: 42 });
  const youtube: string[] = [];
  page.on("request", (request) => {
    if (/youtube|ytimg|youtu\.be|googlevideo/.test(new URL(request.url()).hostname)) youtube.push(request.url());
  });
  await page.route(/^https:\/\/www\.youtube-nocookie\.com\//, (route) => route.abort());
  await openEarly(page, `/post/${post.id}`);
  await beforeTheCode(page, "pressing Play here", async () => {
    await page.getByRole("link", { name: "Play here" }).click();
  }, ["click"]);
  const frame = page.locator("#player iframe");
  await expect(frame).toHaveAttribute("src", "https://www.youtube-nocookie.com/embed/chortleVid1?start=42&autoplay=1&rel=0");
  expect(new URL(page.url()).search).toBe("?play=1");
  expect(youtube.every((url) => url.startsWith("https://www.youtube-nocookie.com/embed/"))).toBe(true);
  await waitForCode(page);
  await expect(frame).toHaveCount(1);
  await expect(frame).toHaveAttribute("src", "https://www.youtube-nocookie.com/embed/chortleVid1?start=42&autoplay=1&rel=0");
  await expect(page.getByRole("link", { name: "Play here" })).toHaveCount(0);
});
