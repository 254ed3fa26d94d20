// A cheap phone on a slow link, used the moment each page is shown (project `slowphone`): whatever is
// typed, opened or pressed before the page's code arrives is still there when it does, and takes
// effect exactly once.
import { expectAccessible, hydrated } from "./fixtures.ts";
import { FAKE_VIDEOS, TOP_COMMENT } from "../fixtures/youtube-fake.ts";
import { beforeTheCode, countPosts, expect, fullSpeed, openEarly, setOffline, test, waitForCode } from "./slow-phone.ts";

const { makeUser, makePost, loginAs, TEST_PASSWORD } = await import("../fixtures/factories.ts");
const { createComment } = await import("~/models/comment.server.ts");

const toast = (page: import("@playwright/test").Page) => page.getByTestId("toast");

test.describe("typed before the code arrives", () => {
  test("a comment keeps its text, counter and button, and is posted once", async ({ page, context }) => {
    const me = makeUser();
    const post = makePost({ userId: makeUser().id });
    await loginAs(context, me.id);
    await openEarly(page, `/post/${post.id}`);
    const box = page.getByLabel("Add a comment");
    const text = "Typed on the bus before the code arrived";
    await beforeTheCode(page, "typing a comment", () => box.fill(text));
    await waitForCode(page);
    await expect(box).toHaveValue(text);
    await expect(page.getByText(`${text.length}/1000`)).toBeVisible();
    const posts = countPosts(page, `/post/${post.id}/comments`);
    await page.getByRole("button", { name: "Post comment" }).click();
    await expect(toast(page)).toContainText("Comment posted!");
    await expect(page.locator("#comments").getByText(text)).toHaveCount(1);
    expect(posts()).toBe(1);
  });

  test("a comment submitted before the code arrives is a plain post, made once", async ({ page, context }) => {
    const me = makeUser();
    const post = makePost({ userId: makeUser().id });
    await loginAs(context, me.id);
    const posts = countPosts(page, `/post/${post.id}/comments`);
    await openEarly(page, `/post/${post.id}`);
    const text = "Posted before the code arrived";
    await beforeTheCode(page, "typing and posting a comment", async () => {
      await page.getByLabel("Add a comment").fill(text);
      await page.getByRole("button", { name: "Post comment" }).click();
    }, ["submit"]);
    await expect(toast(page)).toContainText("Comment posted!");
    await waitForCode(page);
    await expect(page.locator("#comments").getByText(text)).toHaveCount(1);
    expect(posts()).toBe(1);
  });

  test("a reply keeps its text and is posted once", async ({ page, context }) => {
    const me = makeUser();
    const author = makeUser();
    const post = makePost({ userId: author.id });
    const c = createComment({ userId: author.id, postId: post.id, content: "Reply to me, slowly" });
    await loginAs(context, me.id);
    await openEarly(page, `/post/${post.id}?replyTo=${c.id}`);
    const box = page.getByLabel(`Reply to ${author.username}`);
    await beforeTheCode(page, "typing a reply", () => box.fill("A reply typed early"));
    await waitForCode(page);
    await expect(box).toHaveValue("A reply typed early");
    await expect(page.getByText("19/500")).toBeVisible();
    const posts = countPosts(page, `/post/${post.id}/comments`);
    await page.getByRole("button", { name: "Post reply" }).click();
    await expect(toast(page)).toContainText("Reply posted!");
    await expect(page.locator("#comments").getByText("A reply typed early")).toHaveCount(1);
    expect(posts()).toBe(1);
  });

  test("a comment's edit keeps its text and is saved once", async ({ page, context }) => {
    const me = makeUser();
    const post = makePost({ userId: makeUser().id });
    const mine = createComment({ userId: me.id, postId: post.id, content: "First words, slowly" });
    await loginAs(context, me.id);
    await openEarly(page, `/post/${post.id}?edit=comment-${mine.id}`);
    const box = page.getByLabel("Edit your comment");
    await beforeTheCode(page, "editing a comment", () => box.fill("Better words, typed early"));
    await waitForCode(page);
    await expect(box).toHaveValue("Better words, typed early");
    const posts = countPosts(page, `/comments/${mine.id}/edit`);
    await page.locator(`#comment-${mine.id}`).getByRole("button", { name: "Save" }).click();
    await expect(box).toBeHidden();
    await expect(page.locator(`#comment-${mine.id}`).getByText("Better words, typed early")).toBeVisible();
    expect(posts()).toBe(1);
  });

  test("a bio keeps its text over the one it replaces, and the counter and the limit apply to it", async ({ page, context }) => {
    const me = makeUser();
    const { updateProfile } = await import("~/models/profile.server.ts");
    updateProfile({ actorId: me.id, userId: me.id, changes: { bio: "The bio the server sends" } });
    await loginAs(context, me.id);
    await openEarly(page, `/profile/${me.id}?edit=profile`);
    const bio = page.getByLabel("Bio");
    await beforeTheCode(page, "typing a bio", async () => {
      await bio.fill("y".repeat(301));
      await page.getByLabel("Location").fill("Porto");
    });
    await waitForCode(page);
    await expect(bio).toHaveValue("y".repeat(301));
    await expect(page.getByLabel("Location")).toHaveValue("Porto");
    await expect(page.getByText("301/300")).toBeVisible();
    await expect(bio).toHaveAttribute("aria-invalid", "true");
  });

  test("a search typed early survives and runs once", async ({ page }) => {
    await openEarly(page, "/");
    const search = page.getByRole("searchbox", { name: "Search posts, users" });
    await beforeTheCode(page, "typing a search", () => search.fill("cats"));
    await waitForCode(page);
    await expect(search).toHaveValue("cats");
    await search.press("Enter");
    await expect(page).toHaveURL(/[?&]q=cats/);
  });

  test("sign-in typed and sent early signs in once", async ({ page }) => {
    const me = makeUser();
    const posts = countPosts(page, "/auth");
    await openEarly(page, "/auth");
    await beforeTheCode(page, "signing in", async () => {
      await page.getByLabel("Username or email").fill(me.username);
      await page.getByLabel("Password").fill(TEST_PASSWORD);
      await page.getByRole("button", { name: "Sign In", exact: true }).click();
    }, ["submit"]);
    await expect(page.getByRole("button", { name: `Account menu for ${me.username}` }).or(page.locator(`summary[aria-label^="Account menu"]`)).first()).toBeAttached();
    expect(posts()).toBe(1);
  });

  test("the share dialog's fields typed early are kept, and its next step runs", async ({ page, context }) => {
    await loginAs(context, makeUser().id);
    await openEarly(page, "/?share=1");
    const dialog = page.getByRole("dialog", { name: "Share a Funny Comment" }).or(page.getByRole("region", { name: "Share a Funny Comment" }));
    const link = `https://www.youtube.com/watch?v=${FAKE_VIDEOS.funny}`;
    await beforeTheCode(page, "filling the share dialog", async () => {
      await dialog.getByLabel("YouTube video URL").fill(link);
      await dialog.getByLabel("Post title").fill("Shared from a slow phone");
    });
    await waitForCode(page);
    await expect(dialog.getByLabel("YouTube video URL")).toHaveValue(link);
    await expect(dialog.getByLabel("Post title")).toHaveValue("Shared from a slow phone");
    await dialog.getByRole("button", { name: "Next Step" }).click();
    await expect(dialog.getByRole("radio", { name: new RegExp(TOP_COMMENT.textOriginal.slice(0, 12)) })).toBeVisible({ timeout: 20_000 });
  });

  test("the registration form typed early keeps every field", async ({ page }) => {
    await openEarly(page, "/auth?signup=true");
    await beforeTheCode(page, "filling the registration form", async () => {
      await page.getByLabel("Username").fill("slowphoner");
      await page.getByLabel("Email").fill("slow@example.com");
    });
    await waitForCode(page);
    await expect(page.getByLabel("Username")).toHaveValue("slowphoner");
    await expect(page.getByLabel("Email")).toHaveValue("slow@example.com");
  });

  test("sign-in typed early is still there when the code arrives", async ({ page }) => {
    await openEarly(page, "/auth");
    await beforeTheCode(page, "typing a username", () => page.getByLabel("Username or email").fill("early-bird"));
    await waitForCode(page);
    await expect(page.getByLabel("Username or email")).toHaveValue("early-bird");
  });
});

test.describe("opened before the code arrives", () => {
  test("the bell loads its list; the account menu stays open", async ({ page, context }) => {
    const me = makeUser();
    await loginAs(context, me.id);
    await openEarly(page, "/");
    const bell = page.locator("header details").filter({ has: page.locator('summary[aria-label^="Notifications"]') });
    const menu = page.locator("header details").filter({ has: page.locator('summary[aria-label^="Account menu"]') });
    await beforeTheCode(page, "opening the bell", () => bell.locator("summary").click(), ["toggle"]);
    await beforeTheCode(page, "opening the account menu", () => menu.locator("summary").click(), ["toggle"]);
    await waitForCode(page);
    await expect(bell.getByText("No notifications yet")).toBeVisible();
    await expect(menu.getByRole("link", { name: "Profile" })).toBeVisible();
  });
});

test.describe("menus opened before the code arrives stay open and work", () => {
  test("a card's share menu, then Copy link", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const post = makePost({ userId: makeUser().id });
    await openEarly(page, `/post/${post.id}`);
    const menu = page.locator("details").filter({ has: page.locator("summary", { hasText: "Share" }) }).first();
    await beforeTheCode(page, "opening the share menu", () => menu.locator("summary").click(), ["toggle"]);
    await waitForCode(page);
    await expect(menu).toHaveAttribute("open", "");
    await menu.getByRole("button", { name: "Copy link" }).click();
    await expect(toast(page)).toContainText("Link copied!");
  });

  test("the time range, then a choice", async ({ page }) => {
    await openEarly(page, "/");
    const range = page.locator("details").filter({ has: page.locator("summary", { hasText: "Time range" }) });
    await beforeTheCode(page, "opening the time range", () => range.locator("summary").click(), ["toggle"]);
    await waitForCode(page);
    await expect(range.getByRole("link", { name: "This Week" }).or(range.getByRole("link", { name: /week/i })).first()).toBeVisible();
    await range.getByRole("link", { name: /week/i }).first().click();
    await expect(page).toHaveURL(/[?&]t=week/);
  });

  test("the category drawer, then a category", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await openEarly(page, "/category/music");
    const drawer = page.locator("details").filter({ has: page.locator("summary", { hasText: "Categories" }) });
    await beforeTheCode(page, "opening the drawer", () => drawer.locator("summary").click(), ["toggle"]);
    await waitForCode(page);
    await expect(drawer.getByRole("link", { name: /^Gaming/ })).toBeVisible();
    await drawer.getByRole("link", { name: /^Gaming/ }).click();
    await expect(page).toHaveURL(/\/category\/gaming$/);
  });
});

test.describe("pressed before the code arrives", () => {
  test("a vote counts once", async ({ page, context }) => {
    const me = makeUser();
    const post = makePost({ userId: makeUser().id });
    await loginAs(context, me.id);
    const posts = countPosts(page, `/post/${post.id}/vote`);
    await openEarly(page, `/post/${post.id}`);
    const votes = page.locator(`[data-vote-target="post-${post.id}"]`);
    await beforeTheCode(page, "upvoting", () => votes.getByRole("button", { name: "Upvote" }).click(), ["submit"]);
    await waitForCode(page);
    await expect(votes.getByTestId("score")).toHaveText("Score: 1");
    await expect(votes.getByRole("button", { name: "Upvote" })).toHaveAttribute("aria-pressed", "true");
    expect(posts()).toBe(1);
  });

  test("save counts once", async ({ page, context }) => {
    const me = makeUser();
    const post = makePost({ userId: makeUser().id });
    await loginAs(context, me.id);
    const posts = countPosts(page, `/post/${post.id}/save`);
    await openEarly(page, `/post/${post.id}`);
    await beforeTheCode(page, "saving", () => page.getByRole("button", { name: "Save", exact: true }).click(), ["submit"]);
    await expect(toast(page)).toContainText("Post saved");
    await waitForCode(page);
    await expect(page.getByRole("button", { name: "Saved" })).toHaveAttribute("aria-pressed", "true");
    expect(posts()).toBe(1);
  });

  test("follow counts once", async ({ page, context }) => {
    const me = makeUser();
    const star = makeUser();
    await loginAs(context, me.id);
    const posts = countPosts(page, `/profile/${star.id}/follow`);
    await openEarly(page, `/profile/${star.id}`);
    await beforeTheCode(page, "following", () => page.getByRole("button", { name: `Follow ${star.username}` }).click(), ["submit"]);
    await waitForCode(page);
    await expect(page.getByRole("button", { name: `Following ${star.username}` })).toBeVisible();
    await expect(page.getByText("1 Follower", { exact: false }).first()).toBeVisible();
    expect(posts()).toBe(1);
  });
});


/**
 * Holds the first POST to `fragment` in the browser until `release()`, as a slow link holds it; counts
 * the POSTs the page sends while it is held (one press at a time per control: there must be none).
 */
async function holdFirstPost(page: import("@playwright/test").Page, fragment: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  let holding = false;
  let sentWhileHeld = 0;
  // A fetcher posts to the action's data URL ({fragment}.data).
  await page.route((url) => url.pathname.startsWith(fragment), async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    if (holding) sentWhileHeld++;
    if (held++ === 0) {
      holding = true;
      await released;
      holding = false;
    }
    // A press the page gave up on (an aborted fetch) has nothing left to continue.
    await route.continue().catch(() => {});
  });
  return {
    release,
    sentWhileHeld: () => {
      expect(held, "the first POST was never held, so this tests nothing").toBeGreaterThan(0);
      return sentWhileHeld;
    },
  };
}

/** Opens a page and waits until it has hydrated: its forms post through their fetchers from then on. */
async function openHydrated(page: import("@playwright/test").Page, path: string) {
  await openEarly(page, path);
  await waitForCode(page);
  await hydrated(page);
}

const answerTo = (page: import("@playwright/test").Page, fragment: string, body: RegExp) =>
  page.waitForResponse((res) => res.request().method() === "POST" && res.url().includes(fragment) && body.test(res.request().postData() ?? ""));

test.describe("pressed again before the answer", () => {
  test("a vote switched while the first is on its way ends switched, sent one after the other", async ({ page, context }) => {
    const me = makeUser();
    const post = makePost({ userId: makeUser().id });
    await loginAs(context, me.id);
    await openHydrated(page, `/post/${post.id}`);
    const fragment = `/post/${post.id}/vote`;
    const posts = countPosts(page, fragment);
    const held = await holdFirstPost(page, fragment);
    const votes = page.locator(`[data-vote-target="post-${post.id}"]`);
    await votes.getByRole("button", { name: "Upvote" }).click();
    await expect(votes.getByTestId("score")).toHaveText("Score: 1");
    await votes.getByRole("button", { name: "Downvote" }).click();
    // Shown at once, sent once the first is answered.
    await expect(votes.getByTestId("score")).toHaveText("Score: -1");
    await expect(votes.getByRole("button", { name: "Downvote" })).toHaveAttribute("aria-pressed", "true");
    expect(held.sentWhileHeld()).toBe(0);
    const second = answerTo(page, fragment, /\bdirection=down\b/);
    held.release();
    await second;
    expect(held.sentWhileHeld()).toBe(0);
    expect(posts()).toBe(2);
    await expect(votes.getByTestId("score")).toHaveText("Score: -1");
    await page.reload();
    await expect(votes.getByTestId("score")).toHaveText("Score: -1");
    await expect(votes.getByRole("button", { name: "Downvote" })).toHaveAttribute("aria-pressed", "true");
  });

  test("a save undone while it is on its way ends unsaved", async ({ page, context }) => {
    const me = makeUser();
    const post = makePost({ userId: makeUser().id });
    await loginAs(context, me.id);
    await openHydrated(page, `/post/${post.id}`);
    const fragment = `/post/${post.id}/save`;
    const posts = countPosts(page, fragment);
    const held = await holdFirstPost(page, fragment);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByRole("button", { name: "Saved", exact: true }).click();
    await expect(page.getByRole("button", { name: "Save", exact: true })).toHaveAttribute("aria-pressed", "false");
    expect(held.sentWhileHeld()).toBe(0);
    const second = answerTo(page, fragment, /\bintent=unsave\b/);
    held.release();
    await second;
    expect(held.sentWhileHeld()).toBe(0);
    expect(posts()).toBe(2);
    await page.reload();
    await expect(page.getByRole("button", { name: "Save", exact: true })).toHaveAttribute("aria-pressed", "false");
  });

  test("a follow undone while it is on its way ends unfollowed, the count with it", async ({ page, context }) => {
    const me = makeUser();
    const star = makeUser();
    await loginAs(context, me.id);
    await openHydrated(page, `/profile/${star.id}`);
    const fragment = `/profile/${star.id}/follow`;
    const posts = countPosts(page, fragment);
    const held = await holdFirstPost(page, fragment);
    await page.getByRole("button", { name: `Follow ${star.username}` }).click();
    await expect(page.getByText("1 Follower", { exact: false }).first()).toBeVisible();
    await page.getByRole("button", { name: `Following ${star.username}` }).click();
    // The button and the header's count both show the held press.
    await expect(page.getByRole("button", { name: `Follow ${star.username}` })).toBeVisible();
    await expect(page.getByText("0 Followers", { exact: false }).first()).toBeVisible();
    expect(held.sentWhileHeld()).toBe(0);
    const second = answerTo(page, fragment, /\bintent=unfollow\b/);
    held.release();
    await second;
    expect(held.sentWhileHeld()).toBe(0);
    expect(posts()).toBe(2);
    await page.reload();
    await expect(page.getByRole("button", { name: `Follow ${star.username}` })).toBeVisible();
    await expect(page.getByText("0 Followers", { exact: false }).first()).toBeVisible();
  });
});

test("deleting a comment pressed and confirmed early deletes it once", async ({ page, context }) => {
  const me = makeUser();
  const post = makePost({ userId: makeUser().id });
  const mine = createComment({ userId: me.id, postId: post.id, content: "Soon gone from a slow phone" });
  await loginAs(context, me.id);
  const posts = countPosts(page, "/delete");
  await openEarly(page, `/post/${post.id}`);
  const item = page.locator(`#comment-${mine.id}`);
  await beforeTheCode(page, "opening the delete confirmation", () => item.getByLabel("Delete comment").click(), ["click"]);
  await beforeTheCode(page, "confirming the delete", () => item.getByRole("button", { name: "Delete", exact: true }).click(), ["submit"]);
  await expect(toast(page)).toContainText("Comment deleted");
  await waitForCode(page);
  await expect(page.getByText("Soon gone from a slow phone")).toHaveCount(0);
  expect(posts()).toBe(1);
});

test.describe("a draft is never lost", () => {
  test("it survives a reload", async ({ page, context }) => {
    const me = makeUser();
    const post = makePost({ userId: makeUser().id });
    await loginAs(context, me.id);
    await openEarly(page, `/post/${post.id}`);
    await waitForCode(page);
    const box = page.getByLabel("Add a comment");
    await box.fill("Half written on a train");
    await page.reload({ waitUntil: "domcontentloaded" });
    await waitForCode(page);
    await expect(box).toHaveValue("Half written on a train");
  });

  test("it survives a dropped connection and is posted once the link is back", async ({ page, context }) => {
    const me = makeUser();
    const post = makePost({ userId: makeUser().id });
    await loginAs(context, me.id);
    await openEarly(page, `/post/${post.id}`);
    await waitForCode(page);
    const box = page.getByLabel("Add a comment");
    await box.fill("Sent into a tunnel");
    const where = page.url();
    await setOffline(page, true);
    await page.getByRole("button", { name: "Post comment" }).click();
    // The route's error screen with Retry, or (when the code for the answer could not be fetched
    // either) the browser's own offline page, and the person opens the post again: the draft is kept
    // in the tab either way.
    const lost = page.getByRole("heading", { name: "Connection lost" });
    await expect(lost.or(page.getByText("ERR_INTERNET_DISCONNECTED"))).toBeVisible();
    await setOffline(page, false);
    if (await lost.isVisible()) await page.getByRole("link", { name: "Retry" }).click();
    else await page.goto(where, { waitUntil: "domcontentloaded" });
    await waitForCode(page);
    await expect(page.getByLabel("Add a comment")).toHaveValue("Sent into a tunnel");
    await fullSpeed(page);
    await page.getByRole("button", { name: "Post comment" }).click();
    await expect(toast(page)).toContainText("Comment posted!");
    await expect(page.locator("#comments").getByText("Sent into a tunnel")).toHaveCount(1);
  });
});

test("a share's text survives a reload of its step, and a dropped connection, and is shared once the link is back", async ({ page, context }) => {
  await loginAs(context, makeUser().id);
  await openEarly(page, "/?share=1");
  await waitForCode(page);
  await fullSpeed(page);
  const dialog = page.getByRole("dialog", { name: "Share a Funny Comment" });
  await dialog.getByLabel("YouTube video URL").fill(`https://www.youtube.com/watch?v=${FAKE_VIDEOS.funny}`);
  await dialog.getByLabel("Post title").fill("Shared through a tunnel");
  await dialog.getByRole("button", { name: "Next Step" }).click();
  await dialog.getByLabel("Comment text").fill("Typed by hand on a train");
  await dialog.getByLabel("Comment author").fill("@commuter");
  await dialog.getByLabel("Category").selectOption("Animals");
  // A reload of the step: the tab kept the draft.
  await page.reload({ waitUntil: "domcontentloaded" });
  await waitForCode(page);
  await expect(dialog.getByLabel("Comment text")).toHaveValue("Typed by hand on a train");
  await expect(dialog.getByLabel("Comment author")).toHaveValue("@commuter");
  await expect(dialog.getByLabel("Category")).toHaveValue("Animals");
  // The link drops as it is sent: 'Connection lost' with the dialog still holding everything, or (when
  // the code for the answer could not be fetched either) the browser's offline page, and Back to the
  // step, where the tab's draft fills the dialog again.
  const step = page.url();
  await setOffline(page, true);
  await dialog.getByRole("button", { name: "Share Comment" }).click();
  const lost = page.getByRole("heading", { name: "Connection lost" });
  await expect(lost.or(page.getByText("ERR_INTERNET_DISCONNECTED"))).toBeVisible();
  await setOffline(page, false);
  if (!(await lost.isVisible())) {
    await page.goto(step, { waitUntil: "domcontentloaded" });
    await waitForCode(page);
  }
  await expect(dialog.getByLabel("Comment text")).toHaveValue("Typed by hand on a train");
  await expect(dialog.getByLabel("Category")).toHaveValue("Animals");
  await dialog.getByRole("button", { name: "Share Comment" }).click();
  await expect(page).toHaveURL(/\/post\/\d+$/);
  await expect(page.getByRole("heading", { name: "Shared through a tunnel" })).toBeVisible();
  // Shared: the tab forgets the draft.
  expect(await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith("share-draft:")))).toEqual([]);
});

test.describe("a small phone in the dark", () => {
  const screens: [string, (ids: { postId: number; userId: number }) => string][] = [
    ["sign-in", () => "/auth"],
    ["home", () => "/"],
    ["a post", ({ postId }) => `/post/${postId}`],
    ["a profile", ({ userId }) => `/profile/${userId}`],
    ["search", () => "/search?q=the"],
    ["a category", () => "/category/music"],
    ["notifications", () => "/notifications"],
  ];
  for (const [name, path] of screens) {
    test(`${name} at 320 px in the dark theme: no serious accessibility fault, nothing wider than the screen`, async ({ page, context }) => {
      const me = makeUser();
      const post = makePost({ userId: makeUser().id, title: "A rather long title that has to wrap on a small phone screen" });
      createComment({ userId: me.id, postId: post.id, content: "A comment to show in the thread" });
      await loginAs(context, me.id);
      await page.setViewportSize({ width: 320, height: 640 });
      await page.emulateMedia({ colorScheme: "dark" });
      await openEarly(page, path({ postId: post.id, userId: me.id }));
      await waitForCode(page);
      await fullSpeed(page);
      await expect(page.locator("html")).not.toHaveClass(/light/);
      // The dark theme is on (not a light page that passes in a dark browser).
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe("dark");
      expect(await page.evaluate(() => document.documentElement.scrollWidth), "scrolls sideways").toBeLessThanOrEqual(320);
      await expectAccessible(page);
    });
  }

  test("a comment's delete confirmation opens within a 320 px screen", async ({ page, context }) => {
    const me = makeUser();
    const post = makePost({ userId: makeUser().id });
    const mine = createComment({ userId: me.id, postId: post.id, content: "Mine, to delete on a phone" });
    await loginAs(context, me.id);
    await page.setViewportSize({ width: 320, height: 640 });
    await openEarly(page, `/post/${post.id}`);
    await waitForCode(page);
    await fullSpeed(page);
    await page.locator(`#comment-${mine.id}`).getByLabel("Delete comment").click();
    const confirm = page.locator(`#comment-${mine.id}`).getByText("Delete this comment?");
    await expect(confirm).toBeVisible();
    const box = (await confirm.locator("..").boundingBox())!;
    expect(box.x, "starts on the screen").toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, "ends on the screen").toBeLessThanOrEqual(320);
  });

  test("card actions are at least 44 px on a phone", async ({ page, context }) => {
    const post = makePost({ userId: makeUser().id });
    await loginAs(context, makeUser().id);
    await page.setViewportSize({ width: 320, height: 640 });
    await openEarly(page, `/post/${post.id}`);
    await waitForCode(page);
    const card = page.locator("article").first();
    for (const control of [
      card.getByRole("button", { name: "Upvote" }),
      card.getByRole("button", { name: "Downvote" }),
      card.getByRole("button", { name: "Save", exact: true }),
      card.locator("summary", { hasText: "Share" }),
      card.locator("summary", { hasText: "More" }),
    ]) {
      const box = await control.boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
      expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
    }
  });
});
