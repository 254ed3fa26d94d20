// axe-core on the edit forms and the history: the post page with the in-place editor open and a
// refused title, the no-JS edit page, and a post's history with its difference. The file name
// matches the nojs project's ignore (axe needs JS).
import { expect, expectAccessible, hydrated, test } from "./fixtures.ts";

const { makeUser, makePost, loginAs } = await import("../fixtures/factories.ts");
const { editPost } = await import("~/models/edit.server.ts");

test("the in-place post editor with a refused title has no serious violations", async ({ page, context }) => {
  const author = makeUser();
  const post = makePost({ userId: author.id, title: "An accessible edit" });
  await loginAs(context, author.id);
  await page.goto(`/post/${post.id}`);
  await hydrated(page);
  const card = page.locator(`#post-${post.id}`);
  await card.locator("summary", { hasText: "More" }).click();
  await card.getByRole("link", { name: "Edit", exact: true }).click();
  const form = card.getByRole("form", { name: "Edit post" });
  await form.getByLabel("Title").fill("ab");
  await form.getByRole("button", { name: "Save changes" }).click();
  await expect(form.getByText("Title must be at least 3 characters.")).toBeVisible();
  await expectAccessible(page);
});

test("the no-JS edit page has no serious violations", async ({ page, context }) => {
  const author = makeUser();
  const post = makePost({ userId: author.id, title: "An accessible edit page" });
  await loginAs(context, author.id);
  await page.goto(`/post/${post.id}/edit`);
  await expectAccessible(page);
});

test("a post's history with its difference has no serious violations", async ({ page }) => {
  const author = makeUser();
  const post = makePost({ userId: author.id, title: "An accessible history" });
  editPost({ id: post.id, actorId: author.id, asAdmin: false, changes: { title: "An accessible history, edited" } });
  await page.goto(`/post/${post.id}/history`);
  await expect(page.locator('[data-version="current"] ins')).toContainText("edited");
  await expectAccessible(page);
});
