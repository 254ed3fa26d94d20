// The moderation loop, with JavaScript and without: a member reports a post and a comment from
// their menus, an admin decides both in /admin/reports, the author reads why and the reporter the
// outcome, the suspended author sees the banner and has a vote refused, appeals once, and the
// granted appeal ends the suspension.
import type { BrowserContext, Page } from "@playwright/test";
import { expect, hydrated, test, uniqueName } from "./fixtures.ts";

const { makeUser, makePost, loginAs } = await import("../fixtures/factories.ts");
const { createComment } = await import("~/models/comment.server.ts");

const toast = (page: Page) => page.getByTestId("toast");

async function as(context: BrowserContext, userId: number) {
  await context.clearCookies();
  await loginAs(context, userId);
}

async function open(page: Page, path: string, jsEnabled: boolean) {
  await page.goto(path);
  if (jsEnabled) await hydrated(page);
}

test("report, resolve, notices, suspension with its banner and a refused vote, appeal", async ({ page, context, jsEnabled }) => {
  test.setTimeout(60_000);
  const admin = makeUser({ isAdmin: true });
  const author = makeUser();
  const reporter = makeUser();
  const title = `Cheap watches ${uniqueName()}`;
  const post = makePost({ userId: author.id, title });
  const other = makePost({ userId: reporter.id, title: `Another post ${uniqueName()}` });
  const comment = createComment({ userId: author.id, postId: other.id, content: "you are all fools" });

  // The reporter reports the post (the post's own menu) and the comment (its action row).
  await as(context, reporter.id);
  await open(page, `/post/${post.id}`, jsEnabled);
  await page.locator(`#post-${post.id}`).locator("summary", { hasText: "More" }).click();
  await page.getByRole("link", { name: "Report post" }).click();
  const dialog = page.getByRole("dialog", { name: "Report this post" });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`report=post-${post.id}`));
  await dialog.getByLabel(/^Spam/).check();
  await dialog.getByLabel("Note for the moderators (optional)").fill("Links to a shop in every line");
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(toast(page)).toContainText("Thanks — a moderator will look at it.");
  await expect(page).not.toHaveURL(/report=/);

  await open(page, `/post/${other.id}`, jsEnabled);
  await page.locator(`#comment-${comment.id}`).getByRole("link", { name: "Report" }).click();
  const commentDialog = page.getByRole("dialog", { name: "Report this comment" });
  await commentDialog.getByLabel(/^Harassment/).check();
  await commentDialog.getByRole("button", { name: "Send report" }).click();
  await expect(toast(page)).toContainText("Thanks — a moderator will look at it.");

  // The admin removes the post and suspends the comment's author.
  await as(context, admin.id);
  await open(page, "/admin/reports", jsEnabled);
  const postCase = page.getByRole("article", { name: `Post '${title}'` });
  await expect(postCase).toContainText("Links to a shop in every line");
  await postCase.getByLabel("Remove with reason").check();
  await postCase.getByLabel("Reason the author will read").fill("Spam links, rule 2");
  await postCase.getByRole("button", { name: "Decide" }).click();
  await expect(toast(page)).toContainText("Removed — the author was told why");
  const commentCase = page.getByRole("article", { name: "Comment 'you are all fools'" });
  await expect(commentCase).toContainText("Removed 'Cheap watches"); // the author's history
  await commentCase.getByLabel("Remove and suspend the author").check();
  await commentCase.getByLabel("Reason the author will read").fill("Insults, rule 1");
  await commentCase.getByRole("button", { name: "Decide" }).click();
  await expect(toast(page)).toContainText("Removed and suspended");

  // The reporter is told the outcome, never who decided.
  await as(context, reporter.id);
  await open(page, "/notifications", jsEnabled);
  await expect(page.getByText("Thanks for your report: the post was removed")).toBeVisible();
  await expect(page.getByText("Thanks for your report: the comment was removed")).toBeVisible();

  // The author reads why, sees the banner everywhere, and a vote is refused.
  await as(context, author.id);
  await open(page, "/notifications", jsEnabled);
  await expect(page.getByText(`Your post "${title}" was removed: Spam links, rule 2`)).toBeVisible();
  const banner = "Your account is suspended indefinitely: Insults, rule 1";
  await expect(page.getByRole("status").filter({ hasText: banner })).toBeVisible();
  await open(page, `/post/${other.id}`, jsEnabled);
  await expect(page.getByRole("status").filter({ hasText: banner })).toBeVisible();
  const votes = page.locator(`[data-vote-target="post-${other.id}"]`);
  await votes.getByRole("button", { name: "Upvote" }).click();
  await expect(toast(page)).toContainText(banner);
  await expect(votes.getByTestId("score")).toHaveText("Score: 0");

  // One appeal, from /account/standing.
  await open(page, "/account/standing", jsEnabled);
  await expect(page.getByText('Your post "' + title + '" was removed: Spam links, rule 2')).toBeVisible();
  const suspension = page.locator('[id^="suspension-"]').first();
  await suspension.getByText("Appeal this decision").click();
  await suspension.getByLabel("Why should a moderator change it?").fill("I lost my temper; it will not happen again.");
  await suspension.getByRole("button", { name: "Send appeal" }).click();
  await expect(toast(page)).toContainText("Appeal sent — a moderator will review it.");
  await expect(page.locator('[id^="suspension-"]').first()).toContainText("Appeal sent — a moderator will review it.");
  await expect(page.locator('[id^="suspension-"]').first().getByText("Appeal this decision")).toHaveCount(0);

  // The admin grants it; the suspension ends and the author is told.
  await as(context, admin.id);
  await open(page, "/admin/reports", jsEnabled);
  const appeal = page.getByRole("article", { name: `Appeal from ${author.username}` });
  await appeal.getByLabel("Grant the appeal").check();
  await appeal.getByLabel("Answer the member will read").fill("Fair enough, welcome back");
  await appeal.getByRole("button", { name: "Answer the appeal" }).click();
  await expect(toast(page)).toContainText("Appeal granted");

  await as(context, author.id);
  await open(page, "/notifications", jsEnabled);
  await expect(page.getByText("Your appeal was granted: Fair enough, welcome back")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: banner })).toHaveCount(0);
});

test("an admin suspends from the Users tab with an end, and lifts it", async ({ page, context, jsEnabled }) => {
  const admin = makeUser({ isAdmin: true });
  const member = makeUser();
  await as(context, admin.id);
  await open(page, `/admin/users?q=${member.username}`, jsEnabled);
  const row = page.locator(`#user-${member.id}`);
  await row.getByText("Suspend", { exact: true }).click();
  // The row's own Suspend form (its 'Remove last day and suspend' form asks the same).
  const suspend = row.locator("details", { has: page.getByLabel(`Suspend ${member.username}`, { exact: true }) });
  await suspend.getByLabel("Reason the member will read").fill("Cooling off");
  await suspend.getByLabel("Until (empty: no end)").fill("2099-01-01");
  await row.getByRole("button", { name: `Suspend ${member.username}` }).click();
  await expect(toast(page)).toContainText("User suspended");
  await expect(page.locator(`#user-${member.id}`)).toContainText("Your account is suspended until 2099-01-01 00:00 UTC: Cooling off");
  await page.locator(`#user-${member.id}`).getByRole("button", { name: `Lift suspension: ${member.username}` }).click();
  await expect(toast(page)).toContainText("Suspension lifted");
  await expect(page.locator(`#user-${member.id}`)).not.toContainText("Your account is suspended");
});
