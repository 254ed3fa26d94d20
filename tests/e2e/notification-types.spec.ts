// The moderation notices as their member reads them on /notifications, with JavaScript and without:
// a removal with its reason and its two links (the appeal on the standing page, the public log), a
// restore, a report's outcome, an appeal's decision and a role change; the appeal link leads to the
// standing page, where the removal waits with its appeal form.
import { expect, expectAccessible, hydrated, test, uniqueName } from "./fixtures.ts";

const { makeUser, makePost, loginAs } = await import("../fixtures/factories.ts");
const { removeAsModerator, tellRestored } = await import("~/models/moderation/moderator-removal.server.ts");
const { notify, tellRoleChanged } = await import("~/models/notification.server.ts");
const { writeTransaction } = await import("~/models/db.server.ts");

const SHOTS = process.env.NOTICE_SHOTS;

test("the moderation notices read as they should, and a removal's appeal link leads to its appeal", async ({ page, context, jsEnabled }) => {
  const admin = makeUser({ isAdmin: true });
  const member = makeUser();
  const title = `Removed joke ${uniqueName()}`;
  removeAsModerator({ actorId: admin.id, target: { kind: "post", id: makePost({ userId: member.id, title }).id }, reason: "Spam links, rule 2" });
  const back = makePost({ userId: member.id, title: "A post brought back" });
  writeTransaction(() => {
    tellRestored({ userId: member.id, noun: "post", label: back.title, postId: back.id });
    notify({ userId: member.id, actorId: null, type: "report_outcome", params: { outcome: "removed", noun: "comment" } });
    notify({ userId: member.id, actorId: null, type: "appeal_outcome", params: { decision: "upheld", reason: "The rules are clear" } });
    tellRoleChanged({ userId: member.id, role: "moderator", granted: true });
  });

  await loginAs(context, member.id);
  await page.goto("/notifications");
  if (jsEnabled) await hydrated(page);
  const list = page.getByRole("list");
  await expect(list.getByText(`Your post "${title}" was removed: Spam links, rule 2`)).toBeVisible();
  await expect(list.getByText('Your post "A post brought back" was restored')).toBeVisible();
  await expect(list.getByText("Thanks for your report: the comment was removed")).toBeVisible();
  await expect(list.getByText("Your appeal was reviewed and the decision stands: The rules are clear")).toBeVisible();
  await expect(list.getByText("You are now a moderator")).toBeVisible();
  await expect(list.getByRole("link", { name: "Moderation log" }).first()).toHaveAttribute("href", "/moderation");
  // axe runs in the page: with JavaScript only.
  if (jsEnabled) await expectAccessible(page);

  if (SHOTS) {
    for (const [width, scheme] of [[1280, "light"], [1280, "dark"], [390, "light"], [390, "dark"]] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: `${SHOTS}/notifications-${width}-${scheme}-${jsEnabled ? "js" : "nojs"}.png`, fullPage: true });
    }
    await page.emulateMedia({ colorScheme: "light" });
  }

  await list.getByRole("link", { name: "Appeal this decision" }).click();
  await expect(page).toHaveURL(/\/account\/standing$/);
  await expect(page.getByText(title)).toBeVisible();
  await expect(page.getByRole("main").getByText("Appeal this decision")).toBeVisible();
});
