// axe-core on every screen: no serious or critical violations. (Runs in the js project only.)
import { expect, expectAccessible, hydrated, test } from "./fixtures.ts";

const SCREENS = [
  "/",
  "/no-such-page",
  "/auth",
  "/auth?signup=true",
  "/auth?forgot=1",
  "/reset-password?token=x&email=a@b.co",
  "/?share=1",
  "/post/1",
  "/categories",
  "/category/music",
  "/search",
  "/search?q=the",
  "/moderation",
];

for (const path of SCREENS) {
  test(`${path} has no serious accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await expectAccessible(page);
  });
}

/** A post with a comment of its author's, a reply to it and an upvote from a fan. */
async function thread() {
  const { makeUser, makePost } = await import("../fixtures/factories.ts");
  const { createComment } = await import("~/models/comment.server.ts");
  const { castVote } = await import("~/models/vote.server.ts");
  const author = makeUser();
  const fan = makeUser();
  const post = makePost({ userId: author.id });
  const mine = createComment({ userId: author.id, postId: post.id, content: "My own comment here" });
  createComment({ userId: fan.id, postId: post.id, content: "A reply to it", parentId: mine.id });
  castVote({ userId: fan.id, postId: post.id, isUpvote: true });
  return { author, post, mine };
}

test("a thread with its visitor prompts has no serious violations", async ({ page }) => {
  const { post } = await thread();
  await page.goto(`/post/${post.id}`);
  await expectAccessible(page);
});

test("the reply box, the delete confirmation and the open bell have no serious violations", async ({ page, context }) => {
  const { loginAs } = await import("../fixtures/factories.ts");
  const { author, post, mine } = await thread();
  await loginAs(context, author.id);
  await page.goto(`/post/${post.id}?replyTo=${mine.id}`);
  await hydrated(page);
  await page.getByLabel(/^Notifications/).click();
  await expect(page.locator("header").getByText("upvoted your post")).toBeVisible();
  await page.locator(`#comment-${mine.id}`).getByLabel("Delete comment").click();
  await expectAccessible(page);
});

test("the notifications page has no serious violations", async ({ page, context }) => {
  const { loginAs } = await import("../fixtures/factories.ts");
  const { author } = await thread();
  await loginAs(context, author.id);
  await page.goto("/notifications");
  await expectAccessible(page);
});
