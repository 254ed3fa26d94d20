// The theme switch (a form posting to /theme, a cookie, the class on <html> rendered by the server)
// with JavaScript and without, and reduced motion honoured.
import { expect, test } from "./fixtures.ts";

test("the theme switch goes System, Light, Dark and back to System, which follows the system", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/search");
  const html = page.locator("html");
  await expect(html).not.toHaveClass(/dark|light/);
  // Following the system: dark surfaces already.
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const darkBackground = await background();

  const button = page.getByRole("button", { name: /^Theme: / });
  await expect(button).toHaveText(/Theme: system/i);
  await button.click();
  await expect(html).toHaveClass("light");
  await expect(page).toHaveURL(/\/search$/);
  await expect(button).toHaveText(/Theme: light/i);
  expect(await background()).not.toBe(darkBackground);

  // Kept: the server renders it from the cookie.
  await page.goto("/search");
  await expect(html).toHaveClass("light");

  await button.click();
  await expect(html).toHaveClass("dark");
  await page.emulateMedia({ colorScheme: "light" });
  expect(await background()).toBe(darkBackground);

  await button.click();
  await expect(html).not.toHaveClass(/dark|light/);
  await expect(button).toHaveText(/Theme: system/i);
});

test("an unknown theme changes nothing", async ({ request }) => {
  const res = await request.post("/theme", { form: { theme: "neon" }, maxRedirects: 0 });
  expect(res.status()).toBe(303);
  expect(res.headers()["set-cookie"] ?? "").not.toContain("chortle_theme=");
});

test("reduced motion: no transitions", async ({ page }) => {
  await page.goto("/search");
  const duration = () => page.getByRole("button", { name: /^Theme: / }).evaluate((el) => parseFloat(getComputedStyle(el).transitionDuration));
  expect(await duration()).toBeGreaterThan(0.1);
  await page.emulateMedia({ reducedMotion: "reduce" });
  expect(await duration()).toBeLessThan(0.001);
});
