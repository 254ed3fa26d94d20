// The rules settings page (docs/product.md §11 "Rules"), with JavaScript and without: an admin adds a
// rule, sees its message when a field is wrong, turns it off and deletes it; the page fits a 390 px
// phone in both themes (screenshots kept in the test's output folder).
import type { Page } from "@playwright/test";
import { expect, hydrated, test, uniqueName } from "./fixtures.ts";

const toast = (page: Page) => page.getByTestId("toast");

async function open(page: Page, url: string, jsEnabled: boolean) {
  await page.goto(url);
  if (jsEnabled) await hydrated(page);
}

test("an admin adds, turns off and deletes a rule; a refusing rule without its message is told so", async ({ page, context, jsEnabled }, testInfo) => {
  const { loginAs, makeUser } = await import("../fixtures/factories.ts");
  await loginAs(context, makeUser({ isAdmin: true }).id);
  const word = `pineapple${uniqueName()}`.slice(0, 40);

  await open(page, "/admin/rules", jsEnabled);
  const form = page.getByRole("form", { name: "New rule" });
  await form.getByLabel("Words, phrases, domains or channels").fill(`${word}\nbuy now`);
  await form.getByLabel("Does").selectOption("refuse");
  await form.getByRole("button", { name: "Add rule" }).click();
  await expect(page.getByText("A refusing rule needs the message its author reads")).toBeVisible();
  // What was typed is still there.
  await expect(page.getByRole("form", { name: "New rule" }).getByLabel("Words, phrases, domains or channels")).toHaveValue(`${word}\nbuy now`);

  await page.getByRole("form", { name: "New rule" }).getByLabel("Message").fill("Fruit on pizza is not allowed here.");
  await page.getByRole("form", { name: "New rule" }).getByRole("button", { name: "Add rule" }).click();
  await expect(toast(page)).toContainText("Rule added");
  const row = page.getByRole("listitem").filter({ hasText: word });
  await expect(row).toContainText("Refuse with a message");
  await expect(row).toContainText("On");

  for (const [width, height] of [[1280, 900], [390, 844]] as const) {
    for (const colorScheme of ["light", "dark"] as const) {
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme });
      await page.goto("/admin/rules");
      if (jsEnabled) await hydrated(page);
      // The page never scrolls sideways (the tab strip scrolls within itself).
      const wider = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(wider, `${width} px ${colorScheme}: nothing wider than the screen`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: testInfo.outputPath(`rules-${width}-${colorScheme}.png`), fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: "light" });

  const id = (await row.getAttribute("id"))!.replace("rule-", "");
  await row.getByRole("button", { name: `Turn off rule #${id}` }).click();
  await expect(toast(page)).toContainText("Rule turned off");
  await expect(page.getByRole("listitem").filter({ hasText: word })).toContainText("Off");

  await page.getByRole("listitem").filter({ hasText: word }).getByRole("link", { name: `Delete rule #${id}` }).click();
  await page.getByRole("button", { name: "Delete rule" }).click();
  await expect(toast(page)).toContainText("Rule deleted");
  await expect(page.getByRole("listitem").filter({ hasText: word })).toHaveCount(0);
});
