// axe-core on every screen: no serious or critical violations. (Runs in the js project only.)
import { expectAccessible, test } from "./fixtures.ts";

const SCREENS = [
  "/",
  "/no-such-page",
  "/auth",
  "/auth?signup=true",
  "/auth?forgot=1",
  "/reset-password?token=x&email=a@b.co",
  "/?share=1",
];

for (const path of SCREENS) {
  test(`${path} has no serious accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await expectAccessible(page);
  });
}
