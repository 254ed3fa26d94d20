// The public moderation log as a visitor uses it (docs/product.md §11 "Public moderation log"), with
// JavaScript and without: the foot's link, an entry with its reason and role, the filters in the URL.
import { expect, hydrated, test, uniqueName } from "./fixtures.ts";

test("a visitor reads the moderation log from the foot's link and filters it by kind and category", async ({ page, jsEnabled }, info) => {
  const { makePost, makeUser } = await import("../fixtures/factories.ts");
  const { removeAsModerator } = await import("~/models/moderation/moderator-removal.server.ts");
  const { suspendUser } = await import("~/models/moderation/suspension.server.ts");
  const admin = makeUser({ isAdmin: true });
  const title = `Doomed ${uniqueName()}`;
  const post = makePost({ userId: makeUser().id, title, category: "Music" });
  const reason = `Spam links ${uniqueName()}`;
  removeAsModerator({ actorId: admin.id, target: { kind: "post", id: post.id }, reason });
  const member = makeUser();
  suspendUser({ actorId: admin.id, userId: member.id, reason: `Cooling off ${uniqueName()}`, until: null });

  await page.goto("/");
  if (jsEnabled) await hydrated(page);
  await page.getByRole("link", { name: "Moderation log" }).click();
  await expect(page).toHaveURL(/\/moderation$/);
  await expect(page.getByRole("heading", { name: "Moderation log" })).toBeVisible();
  const removal = page.getByRole("listitem").filter({ hasText: reason });
  await expect(removal).toContainText("Deleted post");
  await expect(removal).toContainText("[removed]");
  await expect(removal).toContainText(`by an admin (${admin.username})`);
  await expect(page.locator("main")).not.toContainText(title);
  if (jsEnabled) await hydrated(page);

  const shots = process.env.MODLOG_SHOTS;
  if (shots) {
    for (const [w, h] of [[1280, 900], [390, 844]] as const) {
      for (const scheme of ["light", "dark"] as const) {
        await page.setViewportSize({ width: w, height: h });
        await page.emulateMedia({ colorScheme: scheme });
        await page.screenshot({ path: `${shots}/${info.project.name}-${w}-${scheme}.png`, fullPage: false });
      }
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  await page.getByLabel("Kind").selectOption("suspension");
  if (!jsEnabled) await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/kind=suspension/);
  await expect(page.getByRole("listitem").filter({ hasText: member.username })).toContainText("Suspended user");
  await expect(page.getByRole("listitem").filter({ hasText: reason })).toHaveCount(0);

  await page.getByLabel("Kind").selectOption("removal");
  if (!jsEnabled) await page.getByRole("button", { name: "Apply" }).click();
  await page.getByLabel("Category").selectOption("Music");
  if (!jsEnabled) await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/category=Music/);
  await expect(page).toHaveURL(/kind=removal/);
  await expect(page.getByRole("listitem").filter({ hasText: reason })).toBeVisible();
});
