import { test as base, expect, type Locator, type Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";

/** Playwright's test, pointed at the server that global-setup started. */
export const test = base.extend<{ jsEnabled: boolean }>({
  baseURL: async ({}, use) => use(process.env.E2E_BASE_URL),
  jsEnabled: async ({ javaScriptEnabled }, use) => use(javaScriptEnabled !== false),
});
export { expect };

export { uniqueName } from "../support/names.ts";

/**
 * Waits until the page's code has hydrated it (root.tsx marks <html data-app-hydrated> in an effect,
 * after every part, lazy ones included, is live): its forms post through their fetchers from then on.
 */
export async function hydrated(page: Page) {
  await page.locator("html[data-app-hydrated]").waitFor({ state: "attached" });
}

/** No serious or critical accessibility violations on the current page. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}

/**
 * Presses a button of an optimistic form (a vote, a follow) and, with JavaScript, waits for the
 * answer to its POST to `path`: pressing again, or leaving, before it would cancel the POST in the
 * browser, and a busy server may not have read it (docs/architecture.md, "A flow with and without
 * JavaScript"). Without JavaScript the click already waits for the 303 and the page after it.
 */
export async function pressAnswered(page: Page, button: Locator, path: string, jsEnabled: boolean) {
  const answered = jsEnabled ? page.waitForResponse((res) => res.request().method() === "POST" && res.url().includes(path)) : undefined;
  await button.click();
  await answered;
}
