import { test as base, expect, type Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";

/** Playwright's test, pointed at the server that global-setup started. */
export const test = base.extend<{ jsEnabled: boolean }>({
  baseURL: async ({}, use) => use(process.env.E2E_BASE_URL),
  jsEnabled: async ({ javaScriptEnabled }, use) => use(javaScriptEnabled !== false),
});
export { expect };

export { uniqueName } from "../support/names.ts";

/** No serious or critical accessibility violations on the current page. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}
