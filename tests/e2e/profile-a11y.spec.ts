// axe-core on every profile tab, for a visitor, another member and the owner (with the edit form and
// the delete confirmation open). The file name matches the nojs project's ignore (axe needs JS).
import { expectAccessible, test } from "./fixtures.ts";

const { makeUser, makePost, loginAs } = await import("../fixtures/factories.ts");
const { createComment } = await import("~/models/comment.server.ts");
const { castVote } = await import("~/models/vote.server.ts");

const TABS = ["", "/comments", "/upvoted", "/saved", "/about"];

/** A member with something on every tab. */
function member() {
  const me = makeUser();
  const other = makeUser();
  const post = makePost({ userId: me.id, title: "An accessible post" });
  const theirs = makePost({ userId: other.id });
  createComment({ userId: me.id, postId: theirs.id, content: "An accessible comment" });
  castVote({ userId: me.id, postId: theirs.id, isUpvote: true });
  return { me, other, post };
}

for (const viewer of ["visitor", "other", "owner"] as const) {
  for (const tab of TABS) {
    test(`/profile/:id${tab} seen by the ${viewer} has no serious accessibility violations`, async ({ page, context }) => {
      const { me, other } = member();
      if (viewer !== "visitor") await loginAs(context, viewer === "owner" ? me.id : other.id);
      await page.goto(`/profile/${me.id}${tab}`);
      await expectAccessible(page);
    });
  }
}

test("'User not found' has no serious violations", async ({ page }) => {
  await page.goto("/profile/99999999");
  await expectAccessible(page);
});

test("the profile's edit form has no serious violations", async ({ page, context }) => {
  const { me } = member();
  await loginAs(context, me.id);
  await page.goto(`/profile/${me.id}?edit=profile`);
  await expectAccessible(page);
});

test("the profile's delete confirmation has no serious violations", async ({ page, context }) => {
  const { me, post } = member();
  await loginAs(context, me.id);
  await page.goto(`/profile/${me.id}?confirm=delete-post-${post.id}`);
  await expectAccessible(page);
});

test("the Following feed has no serious violations", async ({ page, context }) => {
  const { me } = member();
  await loginAs(context, me.id);
  await page.goto("/?sort=following");
  await expectAccessible(page);
});
