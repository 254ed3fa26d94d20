// A cheap phone on a slow link (the `slowphone` project): CPU ×4, 1.6 Mbit/s down, 150 ms latency and
// no cache, through the DevTools protocol; and the proof that an action really happened before the
// page's code had arrived (<html data-app-hydrated> absent), or the test fails as testing nothing.
// On that link the code arrives a second or so after the page shows, but a test driver on a slowed
// CPU needs about as long for one `fill`: so the code is held back until the test lets it come
// (`waitForCode`), and the race a person wins on such a phone is won every time.
import type { Page } from "@playwright/test";
import { expect, test as base } from "./fixtures.ts";

// Every input, click, submit and <details> toggle, with whether the code had arrived by then. Kept in
// sessionStorage: a plain form post replaces the document, and the record must outlive it.
const RECORD_ACTS = `(() => {
  const record = (event) => {
    const acts = JSON.parse(sessionStorage.getItem("__acts") || "[]");
    acts.push({ type: event.type, hydrated: document.documentElement.hasAttribute("data-app-hydrated") });
    sessionStorage.setItem("__acts", JSON.stringify(acts));
  };
  for (const type of ["input", "click", "submit", "toggle"]) window.addEventListener(type, record, true);
})();`;

const releases = new WeakMap<Page, () => void>();
const links = new WeakMap<Page, (offline: boolean) => Promise<unknown>>();
const cpus = new WeakMap<Page, (rate: number) => Promise<unknown>>();

const SLOW_LINK = { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

export const test = base.extend<{ slowPhone: void }>({
  slowPhone: [
    async ({ page }, use) => {
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      releases.set(page, release);
      await page.route(/\/assets\/.*\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
      const link = (offline: boolean) => cdp.send("Network.emulateNetworkConditions", { offline, ...SLOW_LINK });
      links.set(page, link);
      await link(false);
      const cpu = (rate: number) => cdp.send("Emulation.setCPUThrottlingRate", { rate });
      cpus.set(page, cpu);
      await cpu(4);
      await page.addInitScript(RECORD_ACTS);
      await use();
    },
    { auto: true },
  ],
});
export { expect };

/** Opens a page and returns as soon as it is shown (DOMContentLoaded), long before its code runs. */
export async function openEarly(page: Page, path: string) {
  await page.goto(path, { waitUntil: "domcontentloaded" });
}

/**
 * Lifts the CPU slowdown once the page has its code: what follows (an axe pass, a measurement) checks
 * how the page looks, not how fast a phone runs it, and would take four times as long for nothing.
 */
export async function fullSpeed(page: Page) {
  await cpus.get(page)?.(1);
}

/** Drops the slow link (or brings it back); context.setOffline would lift the throttling. */
export async function setOffline(page: Page, offline: boolean) {
  await links.get(page)?.(offline);
}

/** Lets the code come (see above) and waits until the page has hydrated. */
export async function waitForCode(page: Page) {
  releases.get(page)?.();
  await page.locator("html[data-app-hydrated]").waitFor({ state: "attached", timeout: 20_000 });
}

async function readActs(page: Page): Promise<{ type: string; hydrated: boolean }[]> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await page.evaluate(() => JSON.parse(sessionStorage.getItem("__acts") || "[]") as { type: string; hydrated: boolean }[]);
    } catch (error) {
      // A plain form post is replacing the document: ask the next one.
      if (attempt > 20) throw error;
      await page.waitForTimeout(100);
    }
  }
}

/**
 * Runs `act` and checks that the browser saw it (at least one of `types`) while the page's code had
 * not arrived yet. If the code was already there, the test proves nothing: it fails.
 */
export async function beforeTheCode(page: Page, what: string, act: () => Promise<void>, types: string[] = ["input", "click", "submit", "toggle"]) {
  expect(await page.evaluate(() => document.documentElement.hasAttribute("data-app-hydrated")), `${what}: the code had arrived before the action, so this tests nothing`).toBe(false);
  await page.evaluate(() => sessionStorage.removeItem("__acts"));
  await act();
  // A <details> toggle event is queued as a task after the click, so the record may lag the act.
  await expect
    .poll(async () => (await readActs(page)).filter((a) => types.includes(a.type)).length, {
      message: `${what}: the browser saw no ${types.join("/")} event`,
      timeout: 3_000,
    })
    .toBeGreaterThan(0);
  const acts = (await readActs(page)).filter((a) => types.includes(a.type));
  expect(acts.filter((a) => a.hydrated), `${what}: done after the code had arrived, so this tests nothing`).toEqual([]);
}

/** Counts the POSTs to URLs containing `fragment` from now on. */
export function countPosts(page: Page, fragment: string) {
  let count = 0;
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().includes(fragment)) count++;
  });
  return () => count;
}
