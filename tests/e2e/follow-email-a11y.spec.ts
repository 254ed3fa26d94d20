// Axe on what following a thread and e-mail add (JS project only, as every *a11y spec): a nested
// thread with right-to-left text and the follow buttons, the e-mail preferences, the unsubscribe page.
import { expect, expectAccessible, test } from "./fixtures.ts";

// The factories come first: they point the models at the server's database and secret.
const { makeUser, makePost, loginAs } = await import("../fixtures/factories.ts");
const { createComment } = await import("~/models/comment.server.ts");
const { unsubscribePath } = await import("~/models/mail/unsubscribe-link.server.ts");

test("the thread, the e-mail preferences and the unsubscribe page pass axe", async ({ page, context }) => {
  const me = makeUser();
  const other = makeUser();
  const post = makePost({ userId: other.id, title: `Axe ${me.username}` });
  const top = createComment({ userId: other.id, postId: post.id, content: "تعليق بالعربية at the top" });
  createComment({ userId: me.id, postId: post.id, parentId: top.id, content: "A reply below it" });
  await loginAs(context, me.id);
  await page.goto(`/post/${post.id}`);
  await expect(page.locator(`#comment-${top.id} .replies`)).toBeVisible();
  await expect(page.locator(`#comment-${top.id}`).getByRole("button", { name: "Follow replies" }).first()).toBeVisible();
  await expectAccessible(page);
  await page.goto("/account/email");
  await expectAccessible(page);
  await page.goto(unsubscribePath(me.id, "weekly_digest"));
  await expect(page.getByText("Stop getting the weekly digest by e-mail?")).toBeVisible();
  await expectAccessible(page);
});
