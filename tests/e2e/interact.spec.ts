// Votes, comments and replies, deletions, saves, visitor prompts and notifications — each flow with
// JavaScript on (fetchers, optimistic UI) and off (plain POST → 303 back with a flash toast).
// Selectors come from the interaction components (VoteControls, SaveButton, CommentThread,
// NotificationBell), not from the page that hosts them.
import type { Page } from "@playwright/test";
import { expect, hydrated, pressAnswered, test } from "./fixtures.ts";

const { makeUser, makePost, loginAs } = await import("../fixtures/factories.ts");
const { createComment } = await import("~/models/comment.server.ts");
const { castVote } = await import("~/models/vote.server.ts");

function comment(input: Parameters<typeof createComment>[0]) {
  return createComment(input);
}

/** Opens a page; with JS, waits until React has hydrated (the fetcher forms then answer data). */
async function open(page: Page, path: string, jsEnabled: boolean) {
  await page.goto(path);
  if (jsEnabled) await hydrated(page);
}

const toast = (page: Page) => page.getByTestId("toast");

test.describe("votes", () => {
  test("upvote a post, switch to a downvote, take it back", async ({ page, context, jsEnabled }) => {
    const author = makeUser();
    const voter = makeUser();
    const post = makePost({ userId: author.id, title: "Vote on this one" });
    await loginAs(context, voter.id);
    await open(page, `/post/${post.id}`, jsEnabled);

    const votes = page.locator(`[data-vote-target="post-${post.id}"]`);
    const up = votes.getByRole("button", { name: "Upvote" });
    const down = votes.getByRole("button", { name: "Downvote" });
    const score = votes.getByTestId("score");
    await expect(score).toHaveText("Score: 0");

    await up.click();
    await expect(up).toHaveAttribute("aria-pressed", "true");
    await expect(score).toHaveText("Score: 1");
    if (!jsEnabled) await expect(toast(page)).toContainText("Upvoted");

    await down.click();
    await expect(down).toHaveAttribute("aria-pressed", "true");
    await expect(up).toHaveAttribute("aria-pressed", "false");
    await expect(score).toHaveText("Score: -1");

    await down.click();
    await expect(down).toHaveAttribute("aria-pressed", "false");
    await expect(score).toHaveText("Score: 0");
    if (!jsEnabled) await expect(toast(page)).toContainText("Vote removed");

    // The server agrees: a fresh page shows the same. With JS the score changes before the answer
    // (optimistic UI); leaving the page before the POST is answered would cancel it.
    const answered = jsEnabled
      ? page.waitForResponse((res) => res.url().includes(`/post/${post.id}/vote`) && /\bdirection=up\b/.test(res.request().postData() ?? ""))
      : undefined;
    await up.click();
    await expect(score).toHaveText("Score: 1");
    await answered;
    await open(page, `/post/${post.id}`, jsEnabled);
    await expect(votes.getByRole("button", { name: "Upvote" })).toHaveAttribute("aria-pressed", "true");
    await expect(votes.getByTestId("score")).toHaveText("Score: 1");
  });

  test("vote on a comment, switch and remove", async ({ page, context, jsEnabled }) => {
    const author = makeUser();
    const voter = makeUser();
    const post = makePost({ userId: author.id });
    const c = comment({ userId: author.id, postId: post.id, content: "Vote on my comment" });
    await loginAs(context, voter.id);
    await open(page, `/post/${post.id}`, jsEnabled);

    const votes = page.locator(`[data-vote-target="comment-${c.id}"]`);
    const press = (label: "Upvote" | "Downvote") => pressAnswered(page, votes.getByRole("button", { name: label }), `/comments/${c.id}/vote`, jsEnabled);
    await press("Downvote");
    await expect(votes.getByTestId("score")).toHaveText("Score: -1");
    await press("Upvote");
    await expect(votes.getByTestId("score")).toHaveText("Score: 1");
    await expect(votes.getByRole("button", { name: "Upvote" })).toHaveAttribute("aria-pressed", "true");
    await press("Upvote");
    await expect(votes.getByTestId("score")).toHaveText("Score: 0");
    await expect(votes.getByRole("button", { name: "Upvote" })).toHaveAttribute("aria-pressed", "false");
    // The post's own score did not move.
    await expect(page.locator(`[data-vote-target="post-${post.id}"]`).getByTestId("score")).toHaveText("Score: 0");
  });
});

test.describe("comments", () => {
  test("too short is refused with its message, then a comment is posted", async ({ page, context, jsEnabled }) => {
    const author = makeUser();
    const user = makeUser();
    const post = makePost({ userId: author.id });
    await loginAs(context, user.id);
    await open(page, `/post/${post.id}`, jsEnabled);

    const box = page.getByLabel("Add a comment");
    const submit = page.getByRole("button", { name: "Post comment" });
    await box.fill("abc");
    if (jsEnabled) {
      // Checked as you type: the counter, the message, and a button that waits for enough text.
      await expect(page.getByText("3/1000")).toBeVisible();
      await expect(page.getByRole("alert").filter({ hasText: "Comment too short" })).toBeVisible();
      await expect(submit).toBeDisabled();
    } else {
      await submit.click();
      await expect(page.getByRole("alert").filter({ hasText: "Comment too short" })).toBeVisible();
      await expect(toast(page)).toContainText("Failed to post comment");
      await expect(page.getByLabel("Add a comment")).toHaveValue("abc");
      // The text came back by a flash cookie: never in the URL (history, logs).
      await expect(page).not.toHaveURL(/draft=/);
    }

    await page.getByLabel("Add a comment").fill("A brand new comment, long enough");
    if (jsEnabled) await expect(page.getByRole("alert").filter({ hasText: "Comment too short" })).toHaveCount(0);
    await page.getByRole("button", { name: "Post comment" }).click();
    await expect(toast(page)).toContainText("Comment posted!");
    const thread = page.locator("#comments");
    await expect(thread.getByText("A brand new comment, long enough")).toBeVisible();
    await expect(thread.getByText(user.username).first()).toBeVisible();
    // The box is empty again, ready for the next one.
    await expect(page.getByLabel("Add a comment")).toHaveValue("");
    await expect(page).not.toHaveURL(/commentError/);
  });

  test("a blank comment is ignored; a crafted ?commentError shows nothing", async ({ page, context, jsEnabled }) => {
    const user = makeUser();
    const post = makePost({ userId: user.id });
    await loginAs(context, user.id);
    await open(page, `/post/${post.id}?commentError=Call+0800+now`, jsEnabled);
    await expect(page.getByText("Call 0800 now")).toHaveCount(0);
    await page.getByLabel("Add a comment").fill("     ");
    if (jsEnabled) {
      await expect(page.getByRole("button", { name: "Post comment" })).toBeDisabled();
    } else {
      await page.getByRole("button", { name: "Post comment" }).click();
      await expect(page.getByText("No comments yet.")).toBeVisible();
    }
    await expect(page.getByRole("alert")).toHaveCount(0);
  });

  test("reply: open, cancel, too short, then posted under its comment", async ({ page, context, jsEnabled }) => {
    const author = makeUser();
    const replier = makeUser();
    const post = makePost({ userId: author.id });
    const c = comment({ userId: author.id, postId: post.id, content: "Reply to me please" });
    await loginAs(context, replier.id);
    await open(page, `/post/${post.id}`, jsEnabled);

    const node = page.locator(`#comment-${c.id}`);
    const reply = node.getByRole(jsEnabled ? "button" : "link", { name: "Reply", exact: true }).first();
    const box = page.getByLabel(`Reply to ${author.username}`);
    await reply.click();
    await expect(box).toBeVisible();
    if (!jsEnabled) await expect(page).toHaveURL(new RegExp(`replyTo=${c.id}`));
    await box.fill("Half a thought");
    await node.getByRole(jsEnabled ? "button" : "link", { name: "Cancel" }).click();
    await expect(box).toHaveCount(0);

    // Opened again it starts empty.
    await node.getByRole(jsEnabled ? "button" : "link", { name: "Reply", exact: true }).first().click();
    await expect(page.getByLabel(`Reply to ${author.username}`)).toHaveValue("");
    await page.getByLabel(`Reply to ${author.username}`).fill("no");
    if (jsEnabled) {
      await expect(node.getByRole("alert").filter({ hasText: "Reply too short" })).toBeVisible();
      await expect(node.getByRole("button", { name: "Post reply" })).toBeDisabled();
    } else {
      await node.getByRole("button", { name: "Post reply" }).click();
      await expect(node.getByRole("alert").filter({ hasText: "Reply too short" })).toBeVisible();
      await expect(toast(page)).toContainText("Failed to post reply");
    }

    await page.getByLabel(`Reply to ${author.username}`).fill("Great point!");
    await node.getByRole("button", { name: "Post reply" }).click();
    await expect(toast(page)).toContainText("Reply posted!");
    await expect(node.locator("ol").getByText("Great point!")).toBeVisible();
    await expect(page.getByLabel(`Reply to ${author.username}`)).toHaveCount(0);
  });

  test("delete your own comment after confirming; one with replies stays as [deleted]", async ({ page, context, jsEnabled }) => {
    const author = makeUser();
    const me = makeUser();
    const post = makePost({ userId: author.id });
    const lonely = comment({ userId: me.id, postId: post.id, content: "Nobody answered this" });
    const busy = comment({ userId: me.id, postId: post.id, content: "Everyone answered this" });
    comment({ userId: author.id, postId: post.id, content: "I answered", parentId: busy.id });
    const theirs = comment({ userId: author.id, postId: post.id, content: "Not yours to delete" });
    await loginAs(context, me.id);
    await open(page, `/post/${post.id}`, jsEnabled);

    // Only the author sees the icon.
    await expect(page.locator(`#comment-${theirs.id}`).getByLabel("Delete comment")).toHaveCount(0);

    const first = page.locator(`#comment-${lonely.id}`);
    await first.getByLabel("Delete comment").click();
    await expect(first.getByText("Delete this comment?")).toBeVisible();
    await first.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(toast(page)).toContainText("Comment deleted");
    await expect(page.getByText("Nobody answered this")).toHaveCount(0);

    const second = page.locator(`#comment-${busy.id}`);
    await second.getByLabel("Delete comment").first().click();
    await second.getByRole("button", { name: "Delete", exact: true }).first().click();
    await expect(page.getByText("Everyone answered this")).toHaveCount(0);
    await expect(second.getByText("[deleted]").first()).toBeVisible();
    await expect(second.getByText("I answered")).toBeVisible();
  });

  test("deep threads stop at a readable depth with 'continue this thread'; subtrees collapse", async ({ page, context, jsEnabled }) => {
    const user = makeUser();
    const post = makePost({ userId: user.id });
    let parentId: number | null = null;
    const ids: number[] = [];
    for (let depth = 0; depth < 7; depth++) {
      const c = comment({ userId: user.id, postId: post.id, content: `Depth ${depth} says hi`, parentId });
      ids.push(c.id);
      parentId = c.id;
    }
    await loginAs(context, user.id);
    await open(page, `/post/${post.id}`, jsEnabled);
    await expect(page.getByText("Depth 4 says hi")).toBeVisible();
    await expect(page.getByText("Depth 5 says hi")).toHaveCount(0);
    await page.getByRole("link", { name: /continue this thread/ }).click();
    await expect(page).toHaveURL(new RegExp(`thread=${ids[4]}`));
    await expect(page.getByText("Depth 6 says hi")).toBeVisible();
    await expect(page.getByText("Depth 0 says hi")).toHaveCount(0);
    await page.getByRole("link", { name: /Back to all comments/ }).click();
    await expect(page.getByText("Depth 0 says hi")).toBeVisible();

    // Collapsing the top comment hides its whole subtree (a <details>: no script needed).
    await page.locator(`#comment-${ids[0]} > details > summary`).click();
    await expect(page.getByText("Depth 1 says hi")).toBeHidden();
    await expect(page.locator(`#comment-${ids[0]} > details > summary`)).toContainText("replies hidden");
    await page.locator(`#comment-${ids[0]} > details > summary`).click();
    await expect(page.getByText("Depth 1 says hi")).toBeVisible();
  });
});

test("save and unsave a post", async ({ page, context, jsEnabled }) => {
  const author = makeUser();
  const user = makeUser();
  const post = makePost({ userId: author.id });
  await loginAs(context, user.id);
  await open(page, `/post/${post.id}`, jsEnabled);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(toast(page)).toContainText("Post saved");
  await expect(page.getByRole("button", { name: "Saved" })).toHaveAttribute("aria-pressed", "true");
  await open(page, `/post/${post.id}`, jsEnabled);
  await page.getByRole("button", { name: "Saved" }).click();
  await expect(toast(page)).toContainText("Post unsaved");
  await expect(page.getByRole("button", { name: "Save", exact: true })).toHaveAttribute("aria-pressed", "false");
});

test("a card's comments toggle expands the thread in place (JS) or opens the post's thread (no JS)", async ({ page, context, jsEnabled }) => {
  const author = makeUser();
  const user = makeUser();
  const word = `tgl${Date.now().toString(36)}`;
  const quiet = makePost({ userId: author.id, title: `${word} quiet` });
  const busy = makePost({ userId: author.id, title: `${word} busy` });
  comment({ postId: busy.id, userId: author.id, content: "The first comment here" });
  await loginAs(context, user.id);
  await open(page, `/?sort=new&q=${word}`, jsEnabled);
  const busyCard = page.locator(`#post-${busy.id}`);
  if (!jsEnabled) {
    await busyCard.getByRole("link", { name: "1 comment" }).click();
    await expect(page).toHaveURL(new RegExp(`/post/${busy.id}#comments$`));
    await expect(page.locator("#comments")).toContainText("The first comment here");
    return;
  }
  await busyCard.getByRole("button", { name: "1 comment" }).click();
  await expect(busyCard.getByRole("button", { name: "1 comment" })).toHaveAttribute("aria-expanded", "true");
  await expect(busyCard).toContainText("The first comment here");
  await page.locator(`#post-${quiet.id}`).getByRole("button", { name: "0 comments" }).click();
  await expect(toast(page)).toContainText("No comments yet");
});

test("visitors are asked to sign in and come back to where they were", async ({ page, context, jsEnabled }) => {
  const author = makeUser();
  const post = makePost({ userId: author.id });
  comment({ userId: author.id, postId: post.id, content: "A comment visitors can read" });
  await open(page, `/post/${post.id}`, jsEnabled);

  await expect(page.getByText("A comment visitors can read")).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign in to save" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign in to comment" })).toBeVisible();
  await expect(page.getByLabel("Add a comment")).toBeDisabled();
  await expect(page.getByRole("button", { name: "Reply" })).toHaveCount(0);

  const votes = page.locator(`[data-vote-target="post-${post.id}"]`);
  await votes.getByRole("button", { name: "Sign in to vote" }).first().click();
  await expect(toast(page)).toContainText("Authentication required");
  await expect(toast(page)).toContainText("Please sign in to interact with comments.");
  await expect(page).toHaveURL(/\/auth\?redirectTo=/);
  const redirectTo = new URL(page.url()).searchParams.get("redirectTo");
  expect(redirectTo).toBe(`/post/${post.id}#post-${post.id}`);

  // Signed in, the way back lands on the post with the controls live.
  const user = makeUser();
  await loginAs(context, user.id);
  await open(page, redirectTo!, jsEnabled);
  await expect(page).toHaveURL(new RegExp(`/post/${post.id}#post-${post.id}$`));
  await expect(page.locator(`[data-vote-target="post-${post.id}"]`).getByRole("button", { name: "Upvote" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Save", exact: true })).toBeVisible();
});

test.describe("notifications", () => {
  const bell = (page: Page) => page.getByLabel(/^Notifications/);
  const badge = (page: Page) => page.getByTestId("notification-badge");

  test("appear for the other user with the badge; opening one marks it read", async ({ page, context, jsEnabled }) => {
    const author = makeUser();
    const fan = makeUser();
    const post = makePost({ userId: author.id, title: "Ping me" });

    // The fan comments through the UI…
    await loginAs(context, fan.id);
    await open(page, `/post/${post.id}`, jsEnabled);
    await page.getByLabel("Add a comment").fill("Hello, author of this post");
    await page.getByRole("button", { name: "Post comment" }).click();
    await expect(toast(page)).toContainText("Comment posted!");
    await expect(badge(page)).toHaveCount(0);

    // …and the author hears about it.
    await context.clearCookies();
    await loginAs(context, author.id);
    await open(page, "/", jsEnabled);
    await expect(badge(page)).toHaveText("1");
    await expect(bell(page)).toHaveAttribute("aria-label", "Notifications, 1 unread");
    const message = `${fan.username} commented on your post "Ping me"`;

    if (jsEnabled) {
      await bell(page).click();
      const item = page.getByRole("button", { name: new RegExp(message) });
      await expect(item).toBeVisible();
      await expect(item).toContainText(/\w{3} \d{1,2}, \d{4} at \d{1,2}:\d{2} (AM|PM)/);
      await expect(item.getByTestId("unread-dot")).toBeVisible();
      await item.click();
    } else {
      // Without JS the dropdown leads to the notifications page.
      await bell(page).click();
      await page.getByRole("link", { name: "View all notifications" }).click();
      await expect(page.getByRole("heading", { name: "Notifications" })).toBeVisible();
      const item = page.getByRole("button", { name: new RegExp(message) });
      await expect(item.getByTestId("unread-dot")).toBeVisible();
      await item.click();
    }
    await expect(page).toHaveURL(new RegExp(`/post/${post.id}$`));
    await expect(badge(page)).toHaveCount(0);
    await open(page, "/notifications", jsEnabled);
    await expect(page.getByRole("button", { name: new RegExp(message) }).getByTestId("unread-dot")).toHaveCount(0);
  });

  test("the badge says 9+ above nine, and 'Mark all as read' clears it", async ({ page, context, jsEnabled }) => {
    const author = makeUser();
    const post = makePost({ userId: author.id, title: "Popular" });
    // Ten votes (six up, four down: not enough to call it trending), ten notifications.
    for (let i = 0; i < 10; i++) castVote({ userId: makeUser().id, postId: post.id, isUpvote: i < 6 });
    await loginAs(context, author.id);
    await open(page, "/", jsEnabled);
    await expect(badge(page)).toHaveText("9+");
    await expect(bell(page)).toHaveAttribute("aria-label", "Notifications, 10 unread");

    await bell(page).click();
    if (jsEnabled) await expect(page.getByRole("button", { name: /voted your post "Popular"/ })).toHaveCount(10);
    await page.getByRole("button", { name: "Mark all as read" }).click();
    await expect(toast(page)).toContainText("All notifications marked as read");
    await expect(badge(page)).toHaveCount(0);
    if (jsEnabled) await expect(page.getByTestId("unread-dot")).toHaveCount(0);

    await open(page, "/notifications", jsEnabled);
    await expect(page.getByRole("button", { name: /voted your post "Popular"/ })).toHaveCount(10);
    await expect(page.getByTestId("unread-dot")).toHaveCount(0);
  });

  test("mark a single one read from the notifications page", async ({ page, context, jsEnabled }) => {
    const author = makeUser();
    const post = makePost({ userId: author.id, title: "Two fans" });
    castVote({ userId: makeUser().id, postId: post.id, isUpvote: true });
    castVote({ userId: makeUser().id, postId: post.id, isUpvote: false });
    await loginAs(context, author.id);
    await open(page, "/notifications", jsEnabled);
    await expect(badge(page)).toHaveText("2");
    await page.getByRole("button", { name: "Mark as read" }).first().click();
    await expect(badge(page)).toHaveText("1");
    await expect(page.getByTestId("unread-dot")).toHaveCount(1);
    await expect(page.getByRole("button", { name: "Mark as read" })).toHaveCount(1);
  });

  test("the unread count refreshes on focus and every minute with JS, on every page without", async ({ page, context, jsEnabled }) => {
    const author = makeUser();
    const post = makePost({ userId: author.id, title: "Watch the bell" });
    await loginAs(context, author.id);
    if (jsEnabled) await page.clock.install();
    await open(page, "/", jsEnabled);
    await expect(badge(page)).toHaveCount(0);
    castVote({ userId: makeUser().id, postId: post.id, isUpvote: true });
    if (jsEnabled) {
      await page.evaluate(() => window.dispatchEvent(new Event("focus")));
      await expect(badge(page)).toHaveText("1");
      castVote({ userId: makeUser().id, postId: post.id, isUpvote: true });
      await page.clock.fastForward(60_000);
      await expect(badge(page)).toHaveText("2");
    } else {
      await page.reload();
      await expect(badge(page)).toHaveText("1");
    }
  });

  test("a new account has none", async ({ page, context, jsEnabled }) => {
    const user = makeUser();
    await loginAs(context, user.id);
    await open(page, "/notifications", jsEnabled);
    await expect(page.getByText("No notifications yet")).toBeVisible();
    await expect(badge(page)).toHaveCount(0);
    if (jsEnabled) {
      await bell(page).click();
      await expect(page.locator("header").getByText("No notifications yet")).toBeVisible();
    }
  });
});
