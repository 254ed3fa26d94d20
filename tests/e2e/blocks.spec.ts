// Blocks (docs/product.md §11): block from a profile, the blocked member's post leaves the feed, their
// comment collapses to the stub in its place; unblock from the about tab's list — JS on and off.
import type { Page } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures.ts";

const { makeUser, makePost, loginAs } = await import("../fixtures/factories.ts");
const { createComment } = await import("~/models/comment.server.ts");

const STUB = "[comment from a member you blocked]";

async function open(page: Page, path: string, jsEnabled: boolean) {
  await page.goto(path);
  if (jsEnabled) await hydrated(page);
}

const toast = (page: Page) => page.getByTestId("toast");

test("block a member from their profile, see the stub, unblock from the about tab", async ({ page, context, jsEnabled }) => {
  const me = makeUser();
  const pest = makeUser();
  const friend = makeUser();
  const theirPost = makePost({ userId: pest.id, title: `Pest post ${pest.username}` });
  const post = makePost({ userId: friend.id, title: `Friend post ${friend.username}` });
  const rude = createComment({ userId: pest.id, postId: post.id, content: "Something rude from the pest" });
  createComment({ userId: friend.id, postId: post.id, content: "A kind reply below it", parentId: rude.id });
  await loginAs(context, me.id);

  await open(page, `/profile/${pest.id}`, jsEnabled);
  await page.getByRole("button", { name: `Block ${pest.username}` }).click();
  await expect(toast(page).filter({ hasText: "Member blocked" })).toBeVisible();
  await expect(page.getByRole("button", { name: `Unblock ${pest.username}` })).toBeVisible();

  await page.goto("/?sort=new");
  await expect(page.getByRole("heading", { name: post.title })).toBeVisible();
  await expect(page.getByRole("heading", { name: theirPost.title })).toHaveCount(0);

  await page.goto(`/post/${post.id}`);
  const stub = page.locator(`#comment-${rude.id}`);
  await expect(stub.getByText(STUB).first()).toBeVisible();
  await expect(page.getByText("Something rude from the pest")).toHaveCount(0);
  await expect(stub.getByText("A kind reply below it")).toBeVisible();

  await open(page, `/profile/${me.id}/about`, jsEnabled);
  const list = page.getByTestId("blocked-list");
  await expect(list.getByRole("link", { name: new RegExp(pest.username) })).toBeVisible();
  await list.getByRole("button", { name: `Unblock ${pest.username}` }).click();
  await expect(toast(page).filter({ hasText: "Member unblocked" })).toBeVisible();
  await page.goto(`/post/${post.id}`);
  await expect(page.getByText("Something rude from the pest")).toBeVisible();
});

test("block from a comment: the comment collapses in place", async ({ page, context, jsEnabled }) => {
  const me = makeUser();
  const pest = makeUser();
  const post = makePost({ userId: me.id, title: `My post ${me.username}` });
  const rude = createComment({ userId: pest.id, postId: post.id, content: "Another rude comment" });
  await loginAs(context, me.id);

  await open(page, `/post/${post.id}`, jsEnabled);
  await page.locator(`#comment-${rude.id}`).getByRole("button", { name: `Block ${pest.username}` }).click();
  await expect(toast(page).filter({ hasText: "Member blocked" })).toBeVisible();
  await expect(page.locator(`#comment-${rude.id}`).getByText(STUB).first()).toBeVisible();
  await expect(page.getByText("Another rude comment")).toHaveCount(0);
});
