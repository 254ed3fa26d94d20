// Mutes and Hide (docs/product.md "Mutes and Hide"): mute a member from a card (a confirmation by URL),
// a word from /mutes, unmute; hide a card and undo from the toast and from the Hidden tab; 'Hide what
// I've read' on the home page; a visitor mutes a category (a cookie). JS on and off.
import type { Page } from "@playwright/test";
import { expect, expectAccessible, test, uniqueName } from "./fixtures.ts";

const { makeUser, makePost, loginAs } = await import("../fixtures/factories.ts");
const { createComment } = await import("~/models/comment.server.ts");

const toast = (page: Page) => page.getByTestId("toast");
const card = (page: Page, title: string) => page.getByRole("article").filter({ has: page.getByRole("heading", { name: title }) });

/** The feed filtered to this test's own posts (other tests post too), reloaded until it shows what a write made elsewhere. */
async function feed(page: Page, tag: string, expectations: () => Promise<void>) {
  await expect(async () => {
    await page.goto(`/?sort=new&q=${tag}`);
    await expectations();
  }).toPass({ timeout: 10_000 });
}

test("mute a member from a card, a word from /mutes, and unmute them", async ({ page, context }) => {
  const tag = uniqueName("mt").toLowerCase();
  const me = makeUser();
  const pest = makeUser();
  const friend = makeUser();
  const theirs = makePost({ userId: pest.id, title: `${tag} by the pest` });
  const wordy = makePost({ userId: friend.id, title: `${tag} about broccoli` });
  const kept = makePost({ userId: friend.id, title: `${tag} plain` });
  await loginAs(context, me.id);

  await feed(page, tag, () => expect(card(page, theirs.title)).toBeVisible({ timeout: 1000 }));
  await card(page, theirs.title).getByText("More").click();
  await card(page, theirs.title).getByRole("link", { name: "Hide or mute…" }).click();
  await expect(page.getByRole("heading", { name: `Hide or mute “${theirs.title}”` })).toBeVisible();
  await page.getByRole("button", { name: `Mute @${pest.username}` }).click();
  await expect(toast(page).filter({ hasText: "Member muted" })).toBeVisible();

  await page.getByLabel("A word or phrase").fill("BROCCOLI");
  await page.getByRole("button", { name: "Mute word" }).click();
  await expect(toast(page).filter({ hasText: "Word muted" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Muted" })).toContainText("broccoli");

  await page.goto(`/?sort=new&q=${tag}`);
  await expect(card(page, kept.title)).toBeVisible();
  await expect(card(page, theirs.title)).toHaveCount(0);
  await expect(card(page, wordy.title)).toHaveCount(0);

  await page.goto("/mutes");
  await page.getByRole("button", { name: "Unmute broccoli" }).click();
  await expect(toast(page).filter({ hasText: "Unmuted" })).toBeVisible();
  await page.goto(`/?sort=new&q=${tag}`);
  await expect(card(page, wordy.title)).toBeVisible();
});

test("hide a card, undo from the toast, then show it again from the Hidden tab", async ({ page, context }) => {
  const tag = uniqueName("hd").toLowerCase();
  const me = makeUser();
  const author = makeUser();
  const post = makePost({ userId: author.id, title: `${tag} hide me` });
  await loginAs(context, me.id);

  const hide = async () => {
    await card(page, post.title).getByText("More").click();
    await card(page, post.title).getByRole("link", { name: "Hide or mute…" }).click();
    await page.getByRole("button", { name: "Hide this post" }).click();
    await expect(toast(page).filter({ hasText: "Post hidden" })).toBeVisible();
  };
  await feed(page, tag, () => expect(card(page, post.title)).toBeVisible({ timeout: 1000 }));
  await hide();
  await expect(page).toHaveURL(/\/$/);
  await toast(page).getByRole("button", { name: "Undo" }).click();
  await expect(toast(page).filter({ hasText: "Post shown again" })).toBeVisible();
  await page.goto(`/?sort=new&q=${tag}`);
  await expect(card(page, post.title)).toBeVisible();

  await hide();
  await page.goto(`/?sort=new&q=${tag}`);
  await expect(card(page, post.title)).toHaveCount(0);
  await page.goto("/mutes?tab=hidden");
  const hidden = page.getByRole("list", { name: "Hidden posts" });
  await expect(hidden.getByRole("link", { name: post.title })).toBeVisible();
  await hidden.getByRole("button", { name: "Show again" }).click();
  await expect(toast(page).filter({ hasText: "Post shown again" })).toBeVisible();
  await page.goto(`/?sort=new&q=${tag}`);
  await expect(card(page, post.title)).toBeVisible();
});

test("'Hide what I've read' on the home page leaves out the posts opened", async ({ page, context }) => {
  const tag = uniqueName("rd").toLowerCase();
  const me = makeUser();
  const author = makeUser();
  const read = makePost({ userId: author.id, title: `${tag} opened` });
  const unread = makePost({ userId: author.id, title: `${tag} not opened` });
  await loginAs(context, me.id);

  await page.goto(`/post/${read.id}`);
  await feed(page, tag, () => expect(card(page, unread.title)).toBeVisible({ timeout: 1000 }));
  await page.getByRole("switch", { name: "Hide what I've read" }).click();
  await expect(toast(page).filter({ hasText: "Hiding what you've read" })).toBeVisible();
  await expect(page.getByRole("switch", { name: "Hide what I've read" })).toHaveAttribute("aria-checked", "true");
  await expect(card(page, read.title)).toHaveCount(0);
  await expect(card(page, unread.title)).toBeVisible();
  await page.getByRole("switch", { name: "Hide what I've read" }).click();
  await expect(card(page, read.title)).toBeVisible();
});

test("a visitor mutes a category from a card, kept in their browser", async ({ page }) => {
  const tag = uniqueName("vc").toLowerCase();
  const author = makeUser();
  const travel = makePost({ userId: author.id, title: `${tag} a trip`, category: "Travel" });
  const other = makePost({ userId: author.id, title: `${tag} a joke`, category: "Comedy" });

  await feed(page, tag, () => expect(card(page, travel.title)).toBeVisible({ timeout: 1000 }));
  await card(page, travel.title).getByText("More").click();
  await card(page, travel.title).getByRole("link", { name: "Hide or mute…" }).click();
  await expect(page.getByRole("button", { name: "Hide this post" })).toHaveCount(0);
  await page.getByRole("button", { name: "Mute Travel" }).click();
  await expect(toast(page).filter({ hasText: "Category muted" })).toBeVisible();
  await page.goto(`/?sort=new&q=${tag}`);
  await expect(card(page, other.title)).toBeVisible();
  await expect(card(page, travel.title)).toHaveCount(0);
  await page.goto("/mutes");
  await page.getByRole("button", { name: "Unmute Travel" }).click();
  await expect(toast(page).filter({ hasText: "Unmuted" })).toBeVisible();
});

test("mute a member from their comment (collapsed in place), unmute from their profile", async ({ page, context, jsEnabled }) => {
  const me = makeUser();
  const loud = makeUser();
  const friend = makeUser();
  const post = makePost({ userId: friend.id, title: uniqueName("cm") });
  const loudComment = createComment({ userId: loud.id, postId: post.id, content: "A very loud opinion" });
  createComment({ userId: friend.id, postId: post.id, content: "A calm reply to it", parentId: loudComment.id });
  await loginAs(context, me.id);

  await page.goto(`/post/${post.id}`);
  await page.locator(`#comment-${loudComment.id}`).getByRole("link", { name: "Mute" }).first().click();
  await expect(page.getByRole("heading", { name: `Mute @${loud.username}?` })).toBeVisible();
  // axe runs in the page: with JavaScript on only.
  if (jsEnabled) await expectAccessible(page);
  await page.getByRole("button", { name: "Mute", exact: true }).click();
  await expect(toast(page).filter({ hasText: "Member muted" })).toBeVisible();

  await page.goto(`/post/${post.id}`);
  await expect(page.getByText("A very loud opinion")).toHaveCount(0);
  await expect(page.locator(`#comment-${loudComment.id}`).getByText("[muted comment]").first()).toBeVisible();
  await expect(page.getByText("A calm reply to it")).toBeVisible();

  await page.goto(`/profile/${loud.id}`);
  await page.getByRole("button", { name: "Unmute" }).click();
  await expect(toast(page).filter({ hasText: "Unmuted" })).toBeVisible();
  await page.goto(`/post/${post.id}`);
  await expect(page.getByText("A very loud opinion")).toBeVisible();
});
