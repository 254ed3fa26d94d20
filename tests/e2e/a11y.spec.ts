// axe-core on every screen: no serious or critical violations. (Runs in the js project only.)
import { expectAccessible, test } from "./fixtures.ts";

const SCREENS = ["/", "/no-such-page", "/post/1", "/categories", "/category/music", "/search", "/search?q=the"];

for (const path of SCREENS) {
  test(`${path} has no serious accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await expectAccessible(page);
  });
}
