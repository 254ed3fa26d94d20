// Issue 46 on a slow phone: step 2, opened from a comment's link, is used before the page's code has
// arrived. The search box is a plain GET form and the upvote instead a plain POST form, so both work
// then, and what they do stands once the code has come.
import { FAKE_VIDEOS, TOP_COMMENT } from "../fixtures/youtube-fake.ts";
import { beforeTheCode, expect, openEarly, test, waitForCode } from "./slow-phone.ts";

const { makeUser, makePost, loginAs } = await import("../fixtures/factories.ts");
const { getDb } = await import("#db/client.server.ts");
const { posts } = await import("#db/schema.ts");
const { eq } = await import("drizzle-orm");

test.beforeEach(async ({ context }) => {
  await context.route(/^https:\/\/(i\.ytimg\.com|yt3\.ggpht\.com)\//, (route) =>
    route.fulfill({ contentType: "image/svg+xml", body: '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360"/>' }),
  );
});

test("searching the comments and upvoting what was already shared, before the code arrives", async ({ page, context }) => {
  const comment = "Ugx0020fakeCommentId";
  getDb().delete(posts).where(eq(posts.quoteKey, `c:${comment}`)).run();
  const first = makePost({ userId: makeUser().id, title: "Shared on a phone before", videoId: FAKE_VIDEOS.funny, youtubeCommentId: comment, quoteKey: `c:${comment}` });
  await loginAs(context, makeUser().id);
  const url = encodeURIComponent(`https://youtu.be/${FAKE_VIDEOS.funny}?lc=${comment}`);

  await openEarly(page, `/?share=1&step=2&title=On+the+bus&url=${url}`);
  const box = page.getByRole("searchbox", { name: "Search the comments" });
  await beforeTheCode(page, "searching the comments", async () => {
    await box.fill("crying");
    await box.press("Enter");
  });
  await expect(page).toHaveURL(/find=crying/);
  await expect(page.getByText(TOP_COMMENT.textOriginal)).toBeVisible();

  await openEarly(page, `/?share=1&step=2&title=On+the+bus&url=${url}&pick=${comment}`);
  const notice = page.getByTestId("already-shared");
  await expect(notice.getByRole("link", { name: "Shared on a phone before" })).toHaveAttribute("href", `/post/${first.id}`);
  await beforeTheCode(page, "upvoting instead", () => notice.getByRole("button", { name: "Upvote it instead" }).click());
  await expect.poll(() => getDb().select({ up: posts.upvotes }).from(posts).where(eq(posts.id, first.id)).get()?.up).toBe(1);
  await waitForCode(page);
});
