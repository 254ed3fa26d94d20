// Pages that hold up when images or scripts do not arrive, with JS on and off: cards keep
// their layout and read well with every image blocked, thumbnails come from our own origin without
// console errors, and an offline client-side navigation lands on the route's error screen with Retry.
import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { makePost, makeUser } from "../fixtures/factories.ts";
import { MISSING_THUMBNAIL_VIDEO } from "../fixtures/thumbnail-fake.ts";

function word() {
  return `zr${crypto.randomBytes(6).toString("hex").replace(/\d/g, "k")}`;
}

type Box = { x: number; y: number; width: number; height: number };

/** Every card's and every video block's box, rounded to whole pixels. */
async function boxes(page: Page): Promise<Box[]> {
  const all = await page.locator("article, [data-video-thumbnail]").evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return { x: r.x + window.scrollX, y: r.y + window.scrollY, width: r.width, height: r.height };
    }),
  );
  return all.map((b) => ({ x: Math.round(b.x), y: Math.round(b.y), width: Math.round(b.width), height: Math.round(b.height) }));
}

/** naturalWidth of each card thumbnail once settled (0: it failed), -1 while still loading. */
function thumbnailWidths(page: Page) {
  return page
    .locator("[data-video-thumbnail] img")
    .evaluateAll((imgs) => (imgs as HTMLImageElement[]).map((img) => (img.complete ? img.naturalWidth : -1)));
}

test.describe("when images do not arrive", () => {
  for (const width of [1280, 390]) {
    test(`at ${width} px every card keeps its layout with all images blocked and shows the video block`, async ({ page }) => {
      const w = word();
      const author = makeUser();
      makePost({ userId: author.id, title: `${w} one`, videoTitle: `${w} first video` });
      makePost({ userId: author.id, title: `${w} two`, videoTitle: `${w} second video`, videoId: MISSING_THUMBNAIL_VIDEO });
      makePost({ userId: author.id, title: `${w} three`, videoTitle: `${w} third video`, videoId: "unknown" });
      await page.setViewportSize({ width, height: 900 });
      const failed: string[] = [];
      page.on("console", (m) => (m.type() === "error" ? failed.push(m.text()) : undefined));

      await page.goto(`/?sort=new&q=${w}`);
      await expect(page.locator("article")).toHaveCount(3);
      const imgs = page.locator("[data-video-thumbnail] img");
      // Own origin, fixed size; the first card's picture loads at once, the others when scrolled near.
      for (const [i, img] of (await imgs.all()).entries()) {
        expect(new URL((await img.getAttribute("src"))!, page.url()).origin).toBe(new URL(page.url()).origin);
        await expect(img).toHaveAttribute("width", "320");
        await expect(img).toHaveAttribute("height", "180");
        await expect(img).toHaveAttribute("decoding", "async");
        await expect(img).toHaveAttribute("loading", i === 0 ? "eager" : "lazy");
      }
      await page.locator("article").last().scrollIntoViewIfNeeded();
      await expect.poll(() => thumbnailWidths(page)).toEqual([320, 320, 320]);
      const withImages = await boxes(page);

      await page.route("**/*", (route) => (route.request().resourceType() === "image" ? route.abort() : route.continue()));
      await page.reload();
      await expect(page.locator("article")).toHaveCount(3);
      await page.locator("article").last().scrollIntoViewIfNeeded();
      await expect.poll(() => thumbnailWidths(page)).toEqual([0, 0, 0]);
      expect(await boxes(page)).toEqual(withImages);
      // With no picture the block still reads: the video's title over the neutral block, no broken icon.
      for (const n of ["first", "second", "third"]) {
        await expect(page.locator("[data-video-thumbnail]").getByText(`${w} ${n} video`)).toBeVisible();
      }
      // Placeholders and our own pictures never logged an error; only the blocked loads may have.
      expect(failed.filter((t) => !/ERR_FAILED|blocked|net::/i.test(t))).toEqual([]);
    });
  }

  test("with images allowed, a missing picture is the placeholder and nothing is logged as an error", async ({ page }) => {
    const w = word();
    makePost({ userId: makeUser().id, title: `${w} gone video`, videoId: MISSING_THUMBNAIL_VIDEO });
    const failed: string[] = [];
    page.on("console", (m) => (m.type() === "error" ? failed.push(m.text()) : undefined));
    page.on("requestfailed", (r) => (r.resourceType() === "image" ? failed.push(`${r.url()} ${r.failure()?.errorText}`) : undefined));
    const thirdParty: string[] = [];
    page.on("request", (r) => (new URL(r.url()).origin !== new URL(process.env.E2E_BASE_URL!).origin ? thirdParty.push(r.url()) : undefined));
    await page.goto(`/?q=${w}`);
    await expect.poll(() => thumbnailWidths(page)).toEqual([320]);
    expect(failed).toEqual([]);
    expect(thirdParty).toEqual([]);
  });
});

test.describe("when the network drops", () => {
  test("a navigation offline ends on an error screen with Retry (JS), the browser's own page without", async ({
    page,
    context,
    jsEnabled,
  }) => {
    const w = word();
    const post = makePost({ userId: makeUser().id, title: `${w} offline target` });
    await page.goto(`/?q=${w}`);
    if (jsEnabled) {
      // Once idle, the page has loaded the code of the screens it links to (only their data is missing offline).
      await expect
        .poll(() => page.evaluate(() => performance.getEntriesByType("resource").some((e) => /\/assets\/post\._id-/.test(e.name))))
        .toBe(true);
    }
    await context.setOffline(true);
    const link = page.getByRole("link", { name: `${w} offline target` });
    if (jsEnabled) {
      await link.click();
      // Leaving a filtered feed reloads the root's data too, so the root's error screen answers.
      await expect(page.getByRole("heading", { name: "Connection lost" })).toBeVisible();
      await expect(page.getByText("We couldn't reach the server. Check your connection, then retry.")).toBeVisible();
      const retry = page.getByRole("link", { name: "Retry" });
      await expect(retry).toHaveAttribute("href", `/post/${post.id}`);
      await context.setOffline(false);
      await retry.click();
      await expect(page.getByRole("heading", { level: 1, name: `${w} offline target` })).toBeVisible();
    } else {
      // Without JS a link is a plain page load: offline, the browser shows its own page.
      await link.click().catch(() => undefined);
      await expect(page.getByRole("heading", { level: 1, name: `${w} offline target` })).toHaveCount(0);
      await context.setOffline(false);
      await page.goto(`/post/${post.id}`);
      await expect(page.getByRole("heading", { level: 1, name: `${w} offline target` })).toBeVisible();
    }
  });
});
