// Every screen loads with JavaScript on under the Content Security Policy without a single violation,
// and the scripts really run (the time-zone hint sets its cookie, React Router hydrates). Runs in the
// `js` project only (playwright.config.ts): without JavaScript nothing is executed to be refused.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

/** Listens once per page for CSP complaints (console messages and securitypolicyviolation events). */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const found: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to (execute|load|apply|connect|frame)/i.test(message.text())) found.push(`${page.url()}: ${message.text()}`);
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      const w = window as unknown as { __csp?: string[] };
      (w.__csp ??= []).push(`${location.pathname}${location.search}: ${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  return async () => [...found, ...(await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []))];
}

/** True once React Router's client entry has run (a refused module script would stop it). */
const hydrated = (page: Page) =>
  page.evaluate(() => typeof (window as unknown as { __reactRouterDataRouter?: object }).__reactRouterDataRouter === "object");

/** Loads `path` with JS on, checks its policy, and returns the complaints raised on it. */
async function violationsOn(page: Page, path: string): Promise<string[]> {
  const collect = await watchViolations(page);
  const response = await page.goto(path);
  const scriptSrc = response?.headers()["content-security-policy"]?.match(/script-src[^;]*/)?.[0] ?? "";
  expect(scriptSrc, path).toMatch(/^script-src 'self' ('nonce-[A-Za-z0-9+/=]+'|'sha256-)/);
  expect(scriptSrc, path).not.toContain("unsafe");
  await page.waitForLoadState("load");
  await expect.poll(() => hydrated(page), { message: `${path} hydrates` }).toBe(true);
  return collect();
}

const visitorScreens = (postId: number) => [
  "/",
  "/?sort=new",
  `/post/${postId}`,
  // The page that holds the player: its youtube-nocookie frame is allowed (frame-src), nothing refused.
  `/post/${postId}?play=1`,
  `/posts/${postId}`,
  "/category/comedy",
  "/categories",
  "/search?q=comment",
  "/auth",
  "/auth?signup=true",
  "/auth?forgot=1",
  "/reset-password?token=abc&email=someone%40example.com",
  "/no-such-page",
];

const memberScreens = (postId: number, userId: number) => [
  "/",
  `/post/${postId}`,
  "/notifications",
  "/share",
  "/?share=1",
  `/profile/${userId}`,
  `/profile/${userId}/comments`,
  `/profile/${userId}/upvoted`,
  `/profile/${userId}/saved`,
  `/profile/${userId}/about`,
  "/account/password",
  "/account/delete",
];

const adminScreens = ["/admin", "/admin/users", "/admin/posts", "/admin/log"];

test("every screen loads with no CSP violation, for visitors, members and admins", async ({ context }) => {
  test.setTimeout(120_000);
  const { makeUser, makePost, loginAs } = await import("../fixtures/factories.ts");
  const author = makeUser();
  const post = makePost({ userId: author.id });
  const violations: string[] = [];
  const visit = async (path: string) => {
    const tab = await context.newPage();
    violations.push(...(await violationsOn(tab, path)));
    await tab.close();
  };
  for (const path of visitorScreens(post.id)) await visit(path);
  await loginAs(context, author.id);
  for (const path of memberScreens(post.id, author.id)) await visit(path);
  await loginAs(context, makeUser({ isAdmin: true }).id);
  for (const path of adminScreens) await visit(path);
  expect(violations).toEqual([]);
  // The inline time-zone hint ran under the policy.
  expect((await context.cookies()).some((c) => c.name === "tz")).toBe(true);
});

test("a streamed document gets a fresh nonce on every response; a stored one is named by hashes", async ({ request }) => {
  const nonceOf = async () => {
    const res = await request.get("/post/999999999");
    expect(res.status()).toBe(404);
    const nonce = res.headers()["content-security-policy"].match(/'nonce-([^']+)'/)?.[1];
    const html = await res.text();
    expect(html).toContain(`nonce="${nonce}"`);
    return nonce;
  };
  const [first, second] = [await nonceOf(), await nonceOf()];
  expect(first).toBeTruthy();
  expect(first).not.toBe(second);

  const home = await request.get("/");
  const policy = home.headers()["content-security-policy"];
  expect(policy).not.toContain("nonce-");
  expect(policy).toMatch(/'sha256-[A-Za-z0-9+/=]+'/);
  expect(await home.text()).not.toContain("nonce=");
});

test("a client-side navigation runs no refused script", async ({ page }) => {
  const collect = await watchViolations(page);
  await page.goto("/");
  await expect.poll(() => hydrated(page)).toBe(true);
  await page.getByRole("link", { name: "Sign In" }).first().click();
  await expect(page).toHaveURL(/\/auth/);
  await expect(page.getByRole("heading", { name: /Sign In|Welcome/ }).first()).toBeVisible();
  expect(await collect()).toEqual([]);
});
