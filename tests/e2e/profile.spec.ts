// Profiles and following (docs/product.md §2): tabs by URL, follow / unfollow, the visitor's way through
// /auth and back, the owner's bio edit, saved-tab privacy, deleting a post with its confirmation,
// 'User not found', the Following feed and the new_follower notification — JS on and off.
import type { Page } from "@playwright/test";
import { expect, hydrated, pressAnswered, test } from "./fixtures.ts";

const { makeUser, makePost, loginAs, TEST_PASSWORD } = await import("../fixtures/factories.ts");
const { createComment } = await import("~/models/comment.server.ts");
const { castVote } = await import("~/models/vote.server.ts");
const { savePost } = await import("~/models/save.server.ts");
const { followUser } = await import("~/models/follow.server.ts");

/** Opens a page; with JS, waits until React has hydrated (fetcher forms then answer data). */
async function open(page: Page, path: string, jsEnabled: boolean) {
  const res = await page.goto(path);
  if (jsEnabled) await hydrated(page);
  return res;
}

const toast = (page: Page) => page.getByTestId("toast");
const tabs = (page: Page) => page.getByRole("navigation", { name: "Profile sections" });
const followers = (page: Page) => page.getByTestId("count-followers");

test("each tab has its own URL and content", async ({ page, context }) => {
  const me = makeUser();
  const other = makeUser();
  const mine = makePost({ userId: me.id, title: "My very own post" });
  const theirs = makePost({ userId: other.id, title: "Their post I liked" });
  const kept = makePost({ userId: other.id, title: "A post I kept" });
  const c = createComment({ userId: me.id, postId: theirs.id, content: "What a find, thank you" });
  castVote({ userId: me.id, postId: theirs.id, isUpvote: true });
  savePost({ userId: me.id, postId: kept.id });
  await loginAs(context, me.id);

  await page.goto(`/profile/${me.id}`);
  await expect(tabs(page).getByRole("link", { name: "Posts" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { name: mine.title })).toBeVisible();

  await page.goto(`/profile/${me.id}/comments`);
  await expect(tabs(page).getByRole("link", { name: "Comments" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("What a find, thank you")).toBeVisible();
  await expect(page.getByRole("link", { name: "Their post I liked" })).toHaveAttribute("href", `/post/${theirs.id}#comment-${c.id}`);

  await page.goto(`/profile/${me.id}/upvoted`);
  await expect(tabs(page).getByRole("link", { name: "Upvoted" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { name: "Their post I liked" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "My very own post" })).toHaveCount(0);

  await page.goto(`/profile/${me.id}/saved`);
  await expect(page.getByRole("heading", { name: "A post I kept" })).toBeVisible();

  await page.goto(`/profile/${me.id}/about`);
  await expect(tabs(page).getByRole("link", { name: "About" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("activity-summary")).toHaveText("1 post and 1 comment in the last 1 week.");
  await expect(page.getByText("Not yet: wrote 5 comments")).toBeVisible();

  // A tab link goes there (a client navigation with JS, a page load without).
  await tabs(page).getByRole("link", { name: "Comments" }).click();
  await expect(page).toHaveURL(`/profile/${me.id}/comments`);
  await expect(page.getByText("What a find, thank you")).toBeVisible();
});

test("follow and unfollow change the count; no Follow on your own profile", async ({ page, context, jsEnabled }) => {
  const star = makeUser();
  const fan = makeUser();
  await loginAs(context, fan.id);
  await open(page, `/profile/${star.id}`, jsEnabled);
  await expect(followers(page)).toHaveText("0 Followers");
  await page.getByRole("button", { name: `Follow ${star.username}` }).click();
  await expect(page.getByRole("button", { name: `Following ${star.username}` })).toBeVisible();
  await expect(followers(page)).toHaveText("1 Followers");
  await expect(toast(page)).toContainText("Following");

  await page.getByRole("button", { name: `Following ${star.username}` }).click();
  await expect(page.getByRole("button", { name: `Follow ${star.username}` })).toBeVisible();
  await expect(followers(page)).toHaveText("0 Followers");
  await expect(toast(page)).toContainText("Unfollowed");

  // The server agrees after a reload (with JS, once the POST is answered: the count is optimistic).
  const answered = jsEnabled ? page.waitForResponse((res) => res.url().includes("follow") && /\bintent=follow\b/.test(res.request().postData() ?? "")) : undefined;
  await page.getByRole("button", { name: `Follow ${star.username}` }).click();
  await expect(followers(page)).toHaveText("1 Followers");
  await answered;
  await open(page, `/profile/${star.id}`, jsEnabled);
  await expect(followers(page)).toHaveText("1 Followers");
  await open(page, `/profile/${fan.id}`, jsEnabled);
  await expect(page.getByTestId("count-following")).toHaveText("1 Following");
  await expect(page.getByRole("button", { name: /^Follow/ })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Edit profile" })).toBeVisible();
});

test("a visitor who presses Follow signs in and comes back to the profile", async ({ page, jsEnabled }) => {
  const star = makeUser();
  const fan = makeUser();
  await open(page, `/profile/${star.id}`, jsEnabled);
  await expect(page.getByRole("link", { name: "Edit profile" })).toHaveCount(0);
  await page.getByRole("button", { name: `Follow ${star.username}` }).click();
  await expect(toast(page)).toContainText("Please log in to follow users");
  await expect(page).toHaveURL(`/auth?redirectTo=${encodeURIComponent(`/profile/${star.id}`)}`);
  await page.getByLabel("Username or email").fill(fan.username);
  await page.getByLabel("Password").fill(TEST_PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(`/profile/${star.id}`);
  await expect(page.getByRole("button", { name: `Follow ${star.username}` })).toBeVisible();
});

test("the owner edits the bio: counter, the 300 limit, saved or cancelled", async ({ page, context, jsEnabled }) => {
  const me = makeUser();
  await loginAs(context, me.id);
  await open(page, `/profile/${me.id}`, jsEnabled);
  await expect(page.getByTestId("profile-bio")).toHaveText("This user hasn't added a bio yet.");
  await page.getByRole("link", { name: "Edit profile" }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/${me.id}\\?edit=profile`));
  const bio = page.getByLabel("Bio");
  await expect(page.getByText("0/300")).toBeVisible();
  await bio.fill("x".repeat(301));
  if (jsEnabled) await expect(page.getByText("301/300")).toBeVisible();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Bio must be at most 300 characters").first()).toBeVisible();

  await page.getByLabel("Bio").fill("I collect the best comment sections.");
  if (jsEnabled) await expect(page.getByText("36/300")).toBeVisible();
  await page.getByLabel("Location").fill("Lisbon");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(toast(page)).toContainText("Profile updated");
  await expect(page.getByTestId("profile-bio")).toHaveText("I collect the best comment sections.");
  await expect(page.getByText("Lisbon")).toBeVisible();

  // Cancel leaves it as it was.
  await page.getByRole("link", { name: "Edit profile" }).click();
  await page.getByLabel("Bio").fill("Never mind");
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByTestId("profile-bio")).toHaveText("I collect the best comment sections.");
});

test("the saved tab: the owner's list, 'Private Content' for others, 'Authentication Required' for visitors", async ({ page, context }) => {
  const me = makeUser();
  const other = makeUser();
  const post = makePost({ userId: other.id, title: "Saved for later" });
  savePost({ userId: me.id, postId: post.id });
  await page.goto(`/profile/${me.id}/saved`);
  await expect(page.getByRole("heading", { name: "Authentication Required" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign In", exact: true }).last()).toHaveAttribute(
    "href",
    `/auth?redirectTo=${encodeURIComponent(`/profile/${me.id}/saved`)}`,
  );
  await expect(page.getByText("Saved for later")).toHaveCount(0);
  await loginAs(context, other.id);
  await page.goto(`/profile/${me.id}/saved`);
  await expect(page.getByRole("heading", { name: "Private Content" })).toBeVisible();
  await expect(page.getByText("Saved for later")).toHaveCount(0);
  await loginAs(context, me.id);
  await page.goto(`/profile/${me.id}/saved`);
  await expect(page.getByRole("heading", { name: "Saved for later" })).toBeVisible();
});

test("the owner deletes a post from the profile after confirming; nobody else is offered it", async ({ page, context, jsEnabled }) => {
  const me = makeUser();
  const other = makeUser();
  const doomed = makePost({ userId: me.id, title: "A post to delete" });
  makePost({ userId: me.id, title: "A post to keep" });
  const theirs = makePost({ userId: other.id, title: "Not mine to delete" });
  await loginAs(context, me.id);
  await open(page, `/profile/${other.id}`, jsEnabled);
  await expect(page.getByRole("heading", { name: theirs.title })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Delete post/ })).toHaveCount(0);

  await open(page, `/profile/${me.id}`, jsEnabled);
  await page.getByRole("link", { name: `Delete post “${doomed.title}”` }).click();
  await expect(page).toHaveURL(new RegExp(`confirm=delete-post-${doomed.id}`));
  const dialog = page.getByRole("dialog", { name: "Delete this post?" });
  await expect(dialog).toBeVisible();
  // Cancel first: nothing happens.
  await dialog.getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: doomed.title })).toBeVisible();

  await page.getByRole("link", { name: `Delete post “${doomed.title}”` }).click();
  await page.getByRole("dialog", { name: "Delete this post?" }).getByRole("button", { name: "Delete post" }).click();
  await expect(toast(page)).toContainText("Post deleted");
  await expect(page.getByRole("heading", { name: doomed.title })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "A post to keep" })).toBeVisible();
  expect(new URL(page.url()).search).not.toContain("confirm");
  const res = await page.goto(`/post/${doomed.id}`);
  expect(res?.status()).toBe(404);
});

test("an unknown or malformed profile is 404 'User not found'", async ({ page }) => {
  for (const path of ["/profile/99999999", "/profile/abc", "/profile/abc/about"]) {
    const res = await page.goto(path);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "User not found" })).toBeVisible();
  }
});

test("the Following feed: posts of the people you follow, a whom-to-follow empty state, visitors sign in", async ({ page, context, jsEnabled }) => {
  await page.goto("/?sort=following");
  await expect(page).toHaveURL(`/auth?redirectTo=${encodeURIComponent("/?sort=following")}`);
  await page.goto("/");
  await expect(page.getByRole("navigation", { name: "Sort posts" }).getByRole("link", { name: "Following" })).toHaveCount(0);

  const me = makeUser();
  const star = makeUser();
  const stranger = makeUser();
  makePost({ userId: star.id, title: "From someone I follow" });
  makePost({ userId: stranger.id, title: "From a stranger" });
  await loginAs(context, me.id);
  await open(page, "/", jsEnabled);
  await page.getByRole("navigation", { name: "Sort posts" }).getByRole("link", { name: "Following" }).click();
  await expect(page).toHaveURL("/?sort=following");
  const empty = page.getByRole("region", { name: "No posts from people you follow yet" });
  await expect(empty).toBeVisible();
  // Whom to follow: this week's top contributors (the seed has some), each with Follow.
  await empty.getByRole("button", { name: /^Follow / }).first().click();
  await expect(toast(page)).toContainText("Following");
  await expect(empty).toHaveCount(0);
  await expect(page.locator("article").first()).toBeVisible();

  followUser({ followerId: me.id, followingId: star.id });
  await open(page, "/?sort=following", jsEnabled);
  await expect(page.getByRole("heading", { name: "From someone I follow" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "From a stranger" })).toHaveCount(0);
});

test("following someone sends them a new_follower notification that opens the follower's profile", async ({ page, context, jsEnabled }) => {
  const star = makeUser();
  const fan = makeUser();
  await loginAs(context, fan.id);
  await open(page, `/profile/${star.id}`, jsEnabled);
  // Each press waits for its answer (the button is optimistic with JS: see pressAnswered).
  const press = async (label: "Follow" | "Following") => {
    await pressAnswered(page, page.getByRole("button", { name: `${label} ${star.username}` }), `/profile/${star.id}/follow`, jsEnabled);
    await expect(page.getByRole("button", { name: `${label === "Follow" ? "Following" : "Follow"} ${star.username}` })).toBeVisible();
  };
  await press("Follow");
  // Unfollow and follow again: still one notification.
  await press("Following");
  await press("Follow");

  await context.clearCookies();
  await loginAs(context, star.id);
  await open(page, "/notifications", jsEnabled);
  const item = page.getByRole("button", { name: new RegExp(`${fan.username} started following you`) });
  await expect(item).toHaveCount(1);
  await item.click();
  await expect(page).toHaveURL(`/profile/${fan.id}`);
  await expect(page.getByRole("heading", { name: fan.username, level: 1 })).toBeVisible();
});
