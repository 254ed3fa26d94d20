// What a validator, a second accessibility engine and a person found in the pages' structure, held
// with JavaScript on and off: a figure's caption first or last; one name per navigation landmark; a
// search form a keyboard can submit; a post's own actions in a menu of their own, not in 'Share';
// the theme switch in the footer's flow, clear of the page's content.
import type { Page } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures.ts";

const { makeUser, makePost, loginAs } = await import("../fixtures/factories.ts");

/** Each <figure> whose <figcaption> is neither its first nor its last element (HTML allows only those). */
const misplacedCaptions = (page: Page) =>
  page.locator("figure").evaluateAll((figures) =>
    figures
      .filter((figure) => {
        const children = [...figure.children];
        const at = children.findIndex((child) => child.localName === "figcaption");
        return at > 0 && at < children.length - 1;
      })
      .map((figure) => figure.outerHTML.slice(0, 80)),
  );

/** The accessible names of every <nav> in the document, shown or not (a validator reads them all). */
const navNames = (page: Page) =>
  page.locator("nav").evaluateAll((navs) =>
    navs.map((nav) => nav.getAttribute("aria-label") ?? document.getElementById(nav.getAttribute("aria-labelledby") ?? "")?.textContent ?? ""),
  );

async function ready(page: Page, jsEnabled: boolean) {
  if (jsEnabled) await hydrated(page);
}

test("a chart's caption ends its figure, on the admin dashboard and a member's about tab", async ({ page, context, jsEnabled }) => {
  const member = makeUser();
  makePost({ userId: member.id, title: "A post for the chart" });
  await loginAs(context, makeUser({ isAdmin: true }).id);
  for (const path of ["/admin", `/profile/${member.id}/about`]) {
    await page.goto(path);
    await ready(page, jsEnabled);
    await expect(page.locator("figure figcaption").first(), path).toBeAttached();
    expect(await misplacedCaptions(page), path).toEqual([]);
  }
  // The numbers are still one press away, right under the chart.
  const details = page.locator("details", { has: page.locator("summary", { hasText: "Show activity as a table" }) });
  await details.locator("summary").click();
  await expect(details.getByRole("table")).toBeVisible();
});

test("a category page names each navigation once, and both lists still lead on", async ({ page, jsEnabled }) => {
  await page.goto("/category/music");
  await ready(page, jsEnabled);
  const names = await navNames(page);
  expect(names.length).toBeGreaterThan(1);
  expect(names.every(Boolean), names.join(", ")).toBe(true);
  expect(new Set(names).size, names.join(", ")).toBe(names.length);

  // Wide: the list beside the posts. Narrow: the drawer.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole("navigation", { name: "Category list" }).getByRole("link", { name: /^Gaming/ })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 800 });
  await page.locator("summary", { hasText: "Categories" }).click();
  const drawer = page.getByRole("navigation", { name: "Category list, drawer" });
  await drawer.getByRole("link", { name: /^Gaming/ }).click();
  await expect(page).toHaveURL(/\/category\/gaming$/);
});

for (const width of [390, 1280]) {
  test(`the header's search has a submit button a keyboard reaches, at ${width} px`, async ({ page, jsEnabled }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/");
    await ready(page, jsEnabled);
    const search = page.getByRole("search");
    const button = search.getByRole("button", { name: "Search" });
    await expect(button).toBeVisible();
    // Inside the header's one row, clear of the links beside it.
    const header = (await page.locator("body > header").boundingBox())!;
    const box = (await button.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(header.y);
    expect(box.y + box.height).toBeLessThanOrEqual(header.y + header.height);
    expect(box.width).toBeGreaterThanOrEqual(24);
    const share = (await page.getByRole("navigation", { name: "Account" }).boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(share.x);

    await search.getByRole("searchbox").fill("zoo");
    await page.keyboard.press("Tab");
    await expect(button).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/\?q=zoo$/);
  });
}

test("a post's Report and Edit are in a menu of the post's own, not in Share", async ({ page, context, jsEnabled }) => {
  const author = makeUser();
  const post = makePost({ userId: author.id, title: "A post with its own menu" });
  await loginAs(context, author.id);
  await page.goto(`/post/${post.id}`);
  await ready(page, jsEnabled);
  const card = page.locator(`#post-${post.id}`);
  const share = card.locator("details", { has: page.locator("summary", { hasText: "Share" }) });
  await expect(share.getByRole("link", { name: /Report/ })).toHaveCount(0);
  await expect(share.getByRole("link", { name: "Edit" })).toHaveCount(0);

  const menu = card.locator("details", { has: page.locator("summary", { hasText: "More" }) });
  await expect(menu.getByRole("link", { name: "Report post" })).toBeHidden();
  await menu.locator("summary").click();
  await expect(menu.getByRole("link", { name: "Edit" })).toBeVisible();
  await menu.getByRole("link", { name: "Report post" }).click();
  await expect(page).toHaveURL(new RegExp(`\\?report=post-${post.id}$`));
  await expect(page.getByRole("dialog", { name: "Report this post" })).toBeVisible();
});

test("a visitor's card menu offers only muting its category (decision 0125), no member's entries", async ({ page, jsEnabled }) => {
  const post = makePost({ userId: makeUser().id, title: "A post a visitor reads" });
  await page.goto(`/post/${post.id}`);
  await ready(page, jsEnabled);
  const menu = page.locator(`#post-${post.id}`).locator("details", { has: page.locator("summary", { hasText: "More" }) });
  await menu.locator("summary").click();
  await expect(menu.getByRole("link")).toHaveText(["Hide or mute…"]);
});

for (const width of [390, 1280]) {
  test(`the theme switch sits in the footer, clear of an admin page's content, at ${width} px`, async ({ page, context, jsEnabled }) => {
    await page.setViewportSize({ width, height: 800 });
    await loginAs(context, makeUser({ isAdmin: true }).id);
    for (const path of ["/admin", "/admin/users", "/admin/posts", "/admin/log", "/admin/reports"]) {
      await page.goto(path);
      await ready(page, jsEnabled);
      const theme = page.getByRole("contentinfo").getByRole("button", { name: /^Theme: / });
      await theme.scrollIntoViewIfNeeded();
      const box = (await theme.boundingBox())!;
      // The lowest thing the page shows inside <main> (a closed disclosure's content is laid out but
      // not shown): the switch begins below it.
      const last = await page.locator("main").evaluate((main) => {
        let bottom = 0;
        for (const el of main.querySelectorAll("*")) {
          const rect = el.getBoundingClientRect();
          if (rect.width > 0 && rect.height > 0 && el.checkVisibility({ visibilityProperty: true })) bottom = Math.max(bottom, rect.bottom);
        }
        return bottom;
      });
      expect(box.y, path).toBeGreaterThanOrEqual(last);
      // In the page's flow: scrolled with it, not fixed over it.
      expect(await theme.evaluate((el) => getComputedStyle(el.closest("footer")!).position), path).toBe("static");
    }
  });
}
