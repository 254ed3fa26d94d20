// Following a thread and e-mail (docs/product.md §12), JS on and off: follow a post and the replies to
// a comment from the post page, see a busy thread as one notification; the author mutes replies to
// their own post; opt into e-mail on the preferences page, get the mail, and unsubscribe from its
// link without being signed in.
import type { Page } from "@playwright/test";
import { expect, hydrated, pressAnswered, test } from "./fixtures.ts";

const { makeUser, makePost, loginAs } = await import("../fixtures/factories.ts");
const { createComment } = await import("~/models/comment.server.ts");
const { waitForMail } = await import("../fixtures/smtp.ts");

async function open(page: Page, path: string, jsEnabled: boolean) {
  await page.goto(path);
  if (jsEnabled) await hydrated(page);
}
const toast = (page: Page) => page.getByTestId("toast");

test("follow a post and the replies to a comment; a busy thread is one notification", async ({ page, context, jsEnabled }) => {
  const me = makeUser();
  const author = makeUser();
  const post = makePost({ userId: author.id, title: `Followed ${me.username}` });
  const top = createComment({ userId: author.id, postId: post.id, content: "A comment worth following" });
  await loginAs(context, me.id);

  await open(page, `/post/${post.id}`, jsEnabled);
  const followPost = page.getByRole("button", { name: "Follow this post" });
  await pressAnswered(page, followPost, `/post/${post.id}/watch`, jsEnabled);
  await expect(toast(page).filter({ hasText: "Following this post" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Following this post" })).toHaveAttribute("aria-pressed", "true");

  const replies = page.locator(`#comment-${top.id}`).getByRole("button", { name: "Follow replies" });
  await pressAnswered(page, replies, `/comments/${top.id}/watch`, jsEnabled);
  await expect(page.locator(`#comment-${top.id}`).getByRole("button", { name: "Following replies" })).toHaveAttribute("aria-pressed", "true");

  const talker = makeUser();
  for (let i = 0; i < 3; i++) createComment({ userId: talker.id, postId: post.id, parentId: top.id, content: `Busy reply number ${i}` });
  await page.goto("/notifications");
  await expect(page.getByText(`3 new comments in "${post.title}"`)).toHaveCount(1);

  await open(page, `/post/${post.id}`, jsEnabled);
  await pressAnswered(page, page.getByRole("button", { name: "Following this post" }), `/post/${post.id}/watch`, jsEnabled);
  await expect(page.getByRole("button", { name: "Follow this post" })).toHaveAttribute("aria-pressed", "false");
});

test("the author follows their own post and can mute replies to it", async ({ page, context, jsEnabled }) => {
  const author = makeUser();
  const post = makePost({ userId: author.id, title: `Mine ${author.username}` });
  await loginAs(context, author.id);
  await open(page, `/post/${post.id}`, jsEnabled);
  await pressAnswered(page, page.getByRole("button", { name: "Mute replies" }), `/post/${post.id}/watch`, jsEnabled);
  await expect(toast(page).filter({ hasText: "Replies to your post muted" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Replies muted" })).toHaveAttribute("aria-pressed", "true");
  createComment({ userId: makeUser().id, postId: post.id, content: "Nobody tells the author about this" });
  await page.goto("/notifications");
  await expect(page.getByText(`commented on your post "${post.title}"`)).toHaveCount(0);
});

test("opt into e-mail, get the mail, and unsubscribe from its link without signing in", async ({ page, context }) => {
  const me = makeUser();
  await loginAs(context, me.id);
  await page.goto("/account/email");
  const mentions = page.getByRole("checkbox", { name: "Mentions of me" });
  await expect(mentions).not.toBeChecked();
  await mentions.check();
  await page.getByRole("button", { name: "Save preferences" }).click();
  await expect(toast(page).filter({ hasText: "E-mail preferences saved" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("checkbox", { name: "Mentions of me" })).toBeChecked();

  const other = makeUser();
  const post = makePost({ userId: other.id, title: `Mail ${me.username}` });
  createComment({ userId: other.id, postId: post.id, content: `Have a look @${me.username}` });
  const mail = await waitForMail(process.env.E2E_MAIL_DIR!, me.email, 15_000);
  const head = mail.raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, " ");
  const link = /^List-Unsubscribe: <([^>]+)>/im.exec(head)?.[1];
  expect(link).toBeTruthy();

  await context.clearCookies();
  await page.goto(link!);
  await expect(page.getByText("Stop getting notice e-mails")).toBeVisible();
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("status").filter({ hasText: "You are unsubscribed from notice e-mails" })).toBeVisible();

  await loginAs(context, me.id);
  await page.goto("/account/email");
  await expect(page.getByRole("checkbox", { name: "Mentions of me" })).not.toBeChecked();
});

