// Accounts (docs/product.md §2 Auth and Reset password pages, §5 rules, §8 messages), with JavaScript on and off.
import type { Page } from "@playwright/test";
import { waitForMail } from "../fixtures/smtp.ts";
import { expect, expectAccessible, hydrated, test, uniqueName } from "./fixtures.ts";

const { makeUser, loginAs, TEST_PASSWORD } = await import("../fixtures/factories.ts");

async function signIn(page: Page, login: string, password: string) {
  await page.getByLabel("Username or email").fill(login);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

const toast = (page: Page) => page.getByTestId("toast");

test("Sign In is the default tab, ?signup=true opens Sign Up, and the tabs are links", async ({ page }) => {
  await page.goto("/auth");
  await expect(page.getByRole("link", { name: "Sign In" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("button", { name: "Sign In", exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(/\/auth\?signup=true$/);
  await expect(page.getByRole("button", { name: "Sign Up" })).toBeVisible();
  await page.goto("/auth?signup=true");
  await expect(page.getByLabel("Email")).toBeVisible();
  await page.getByRole("link", { name: "Sign In" }).click();
  await expect(page.getByLabel("Username or email")).toBeVisible();
});

test("register a new account, land on / signed in with the welcome toast", async ({ page }) => {
  const username = uniqueName("reg");
  await page.goto("/auth?signup=true");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Email").fill(`${username}@example.com`);
  await page.getByLabel("Password").fill("my-new-password");
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page)).toContainText("Registration successful");
  await expect(toast(page)).toContainText(`Welcome to the Chortle, ${username}!`);
  await expect(page.getByLabel(`Account menu for ${username}`)).toBeVisible();
});

test("register shows the rules' messages and keeps the Sign Up tab", async ({ page }) => {
  await page.goto("/auth?signup=true");
  await page.getByLabel("Username").fill("ab");
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Password").fill("123");
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByText("Username must be at least 3 characters")).toBeVisible();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();
  await expect(page.getByLabel("Username")).toHaveAttribute("aria-invalid", "true");
  const describedBy = await page.getByLabel("Username").getAttribute("aria-describedby");
  await expect(page.locator(`[id="${describedBy}"]`)).toContainText("Username must be at least 3 characters");
});

test("a field's errors never move the Sign Up button from under the click that submits", async ({ page, jsEnabled }) => {
  const posts: string[] = [];
  page.on("request", (request) => void (request.method() === "POST" && posts.push(request.url())));
  await page.goto("/auth?signup=true");
  if (jsEnabled) await hydrated(page);
  await page.getByLabel("Username").fill("ab");
  await page.getByLabel("Email").focus();
  // With JS, the username's error shows once it is left (after the schema has loaded).
  if (jsEnabled) await expect(page.getByText("Username must be at least 3 characters")).toBeVisible();
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Password").fill("123");
  // Leaving the password for the button must not show its error yet: that would push the button down
  // between mousedown and mouseup, and the click would be lost.
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await expect(page.getByText("Username must be at least 3 characters")).toBeVisible();
  if (!jsEnabled) {
    expect(posts).toHaveLength(1);
    return;
  }
  await expect(page.getByLabel("Username")).toBeFocused(); // the submit ran: it focuses the first invalid field
  expect(posts).toEqual([]); // and the browser checked it, without a round trip

  // Safari does not focus a button it clicks: the field loses focus to nothing on mousedown.
  await page.reload();
  await hydrated(page);
  await page.evaluate(() => {
    const button = [...document.querySelectorAll("button")].find((b) => b.textContent === "Sign Up")!;
    button.addEventListener("mousedown", (event) => {
      event.preventDefault();
      (document.activeElement as HTMLElement | null)?.blur();
    });
  });
  await page.getByLabel("Username").fill("ab");
  await page.getByLabel("Email").focus();
  await expect(page.getByText("Username must be at least 3 characters")).toBeVisible();
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Password").fill("123");
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();
  await expect(page.getByLabel("Username")).toBeFocused();
  expect(posts).toEqual([]);
});

test("a taken username: 'Username Already Taken' with JS, the server's message without", async ({ page, jsEnabled }) => {
  const existing = makeUser();
  await page.goto("/auth?signup=true");
  const username = page.getByLabel("Username");
  if (jsEnabled) {
    const button = page.getByRole("button", { name: "Username Already Taken" });
    // Typing before hydration would not be seen by the checker, so type again until it is.
    await expect(async () => {
      await username.fill("");
      await username.pressSequentially(existing.username.toUpperCase());
      await expect(button).toBeVisible({ timeout: 2_000 });
    }).toPass();
    await expect(button).toBeDisabled();
    await expect(page.getByText("This username is already taken. Please choose another one.")).toBeVisible();
    // A free name clears it.
    await username.fill(uniqueName("free"));
    await expect(page.getByText("Username is available")).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign Up" })).toBeEnabled();
  } else {
    await username.fill(existing.username);
    await page.getByLabel("Email").fill(`${uniqueName("x")}@example.com`);
    await page.getByLabel("Password").fill("whatever-password");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page.getByText("This username is already taken. Please choose another one.")).toBeVisible();
    await expect(page.getByLabel("Username")).toHaveValue(existing.username);
  }
});

test("log in by username and by e-mail", async ({ page, context }) => {
  const user = makeUser();
  await page.goto("/auth");
  await signIn(page, user.username, TEST_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page)).toContainText("Login successful");
  await expect(toast(page)).toContainText(`Welcome back, ${user.username}!`);
  await expect(page.getByLabel(`Account menu for ${user.username}`)).toBeVisible();

  await context.clearCookies();
  await page.goto("/auth");
  await signIn(page, user.email, TEST_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByLabel(`Account menu for ${user.username}`)).toBeVisible();
});

test("a wrong password shows 'Login Failed' and stays on /auth", async ({ page }) => {
  const user = makeUser();
  await page.goto("/auth");
  await signIn(page, user.username, "not-the-password");
  const alert = page.getByRole("alert");
  await expect(alert).toContainText("Login Failed");
  await expect(alert).toContainText("Invalid username or password.");
  await expect(page).toHaveURL(/\/auth/);
  await expect(page.getByLabel("Username or email")).toHaveValue(user.username);
});

test("demo_user must be typed exactly", async ({ page }) => {
  await page.goto("/auth");
  await signIn(page, "Demo_User", "chortle-demo");
  await expect(
    page.getByText("For the demo account, you must use the exact username 'demo_user' (case-sensitive)"),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);
});

test("'Try the demo' signs in as demo_user", async ({ page }) => {
  await page.goto("/auth");
  await page.getByRole("button", { name: "Try the demo" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page)).toContainText("Demo Login");
  await expect(toast(page)).toContainText("Welcome! You're now logged in as demo_user.");
  await expect(page.getByLabel("Account menu for Demo User")).toBeVisible();
});

test("log in, then log out from the avatar menu", async ({ page }) => {
  const user = makeUser();
  await page.goto("/auth");
  await signIn(page, user.username, TEST_PASSWORD);
  await page.getByLabel(`Account menu for ${user.username}`).click();
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(toast(page)).toContainText("Logged out");
  await page.goto("/");
  await expect(page.locator("header").getByRole("link", { name: "Sign In" })).toBeVisible();
});

test("redirectTo brings the user back after login; other sites are refused", async ({ page, context }) => {
  const user = makeUser();
  await page.goto(`/auth?${new URLSearchParams({ redirectTo: "/no-such-page?from=login" })}`);
  await signIn(page, user.username, TEST_PASSWORD);
  await expect(page).toHaveURL(/\/no-such-page\?from=login$/);

  await context.clearCookies();
  await page.goto(`/auth?${new URLSearchParams({ redirectTo: "//evil.example/x" })}`);
  await signIn(page, user.username, TEST_PASSWORD);
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
});

test("a signed-in user visiting /auth is sent to /", async ({ page, context }) => {
  const user = makeUser();
  await loginAs(context, user.id);
  await page.goto("/auth?signup=true");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByLabel(`Account menu for ${user.username}`)).toBeVisible();
});

test("the admin sees 'Admin Dashboard' in the avatar menu", async ({ page }) => {
  await page.goto("/auth");
  await signIn(page, "admin", "admin-password");
  await page.getByLabel("Account menu for admin").click();
  await expect(page.getByRole("link", { name: "Admin Dashboard" })).toHaveAttribute("href", "/admin");
});

test("forgot password → e-mail → reset → sign in with the new password", async ({ page, jsEnabled }) => {
  const user = makeUser();
  await page.goto("/auth");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  const dialog = page.getByRole("dialog", { name: "Forgot your password?" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Email").fill(user.email);
  await dialog.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("dialog", { name: "Check your email" })).toBeVisible();

  const mail = await waitForMail(process.env.E2E_MAIL_DIR!, user.email);
  const text = mail.raw.replace(/=\r?\n/g, "").replace(/=3D/gi, "=");
  const link = text.match(/https?:\/\/\S+\/reset-password\?\S+/)?.[0];
  expect(link, mail.raw).toBeTruthy();
  await page.goto(link!);
  if (jsEnabled) await expectAccessible(page);

  const newPassword = page.getByLabel("New password", { exact: true });
  const confirm = page.getByLabel("Confirm new password");
  const submit = page.getByRole("button", { name: "Reset Password" });
  await newPassword.fill("abc");
  await confirm.fill("abc");
  await submit.click();
  await expect(page.getByText("Password Too Short: Password must be at least 6 characters long.")).toBeVisible();
  await newPassword.fill("brand-new-password");
  await confirm.fill("brand-new-passwort");
  await submit.click();
  await expect(
    page.getByText("Passwords Don't Match: Please make sure both passwords are identical."),
  ).toBeVisible();
  await newPassword.fill("brand-new-password");
  await confirm.fill("brand-new-password");
  await submit.click();

  await page.getByRole("link", { name: "Go to Login" }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await signIn(page, user.username, TEST_PASSWORD);
  await expect(page.getByRole("alert")).toContainText("Login Failed");
  await signIn(page, user.username, "brand-new-password");
  await expect(page.getByLabel(`Account menu for ${user.username}`)).toBeVisible();

  // The link was single use.
  await page.goto(link!);
  await expect(page.getByText("This password reset link is invalid or has expired.")).toBeVisible();
});

test("forgot password answers the same for an unknown address", async ({ page }) => {
  await page.goto("/auth?forgot=1");
  const dialog = page.getByRole("dialog", { name: "Forgot your password?" });
  await dialog.getByLabel("Email").fill(`${uniqueName("ghost")}@example.com`);
  await dialog.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("dialog", { name: "Check your email" })).toBeVisible();
  await page.getByRole("link", { name: "Back to Sign In" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("a reset link without its token or e-mail goes straight to /auth, which says 'Invalid Reset Link'", async ({ page }) => {
  for (const link of ["/reset-password?email=a@b.co", "/reset-password?token=abc"]) {
    await page.goto(link);
    // At once, with JS and without: no timed refresh to wait for (WCAG 2.2.1).
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByTestId("toast")).toContainText("Invalid Reset Link");
    await expect(page.getByTestId("toast")).toContainText("missing its token or email address");
    await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(0);
  }
});

test("a made-up reset token says the link is invalid or expired", async ({ page }) => {
  await page.goto("/reset-password?token=made-up&email=a@b.co");
  await expect(page.getByText("This password reset link is invalid or has expired.")).toBeVisible();
});
