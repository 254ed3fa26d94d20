// A dialog whose open state is the URL is drawn by the server; the page's code later makes it a modal
// (showModal). On a slow phone a person presses its button before that: the button must be where it
// will stay, or the press lands on what moved in under the finger (app.css, <html data-js>).
import type { Locator, Page } from "@playwright/test";
import { expect, openEarly, test, waitForCode } from "./slow-phone.ts";

const { makeUser, makePost, loginAs } = await import("../fixtures/factories.ts");

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, "the button is drawn").not.toBeNull();
  return found!;
}

/** The button's place before the code came and after it made the dialog a modal: the same. */
async function staysPut(page: Page, button: Locator) {
  const before = await box(button);
  expect(await page.evaluate(() => document.documentElement.hasAttribute("data-app-hydrated")), "measured before the code").toBe(false);
  await waitForCode(page);
  await expect(page.locator("dialog:modal")).toHaveCount(1);
  const after = await box(button);
  expect(Math.abs(after.x - before.x), "moved sideways").toBeLessThanOrEqual(1);
  expect(Math.abs(after.y - before.y), "moved up or down").toBeLessThanOrEqual(1);
}

test("'Forgot your password?': Send reset link stays where it was drawn", async ({ page }) => {
  await openEarly(page, "/auth?forgot=1");
  await staysPut(page, page.getByRole("button", { name: "Send reset link" }));
});

test("a post's delete confirmation on its author's profile: Delete stays where it was drawn", async ({ page, context }) => {
  const me = makeUser();
  const post = makePost({ userId: me.id });
  await loginAs(context, me.id);
  await openEarly(page, `/profile/${me.id}?confirm=delete-post-${post.id}`);
  await staysPut(page, page.locator("dialog").getByRole("button", { name: /delete/i }));
});

test("on a desktop screen too", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openEarly(page, "/auth?forgot=1");
  await staysPut(page, page.getByRole("button", { name: "Send reset link" }));
});
