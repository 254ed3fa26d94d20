import { defineConfig, devices } from "@playwright/test";

const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  },
};

// Every flow runs twice: with JavaScript and without (tests/e2e/*.spec.ts).
export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: true,
  forbidOnly: true,
  workers: 2,
  retries: 0,
  // A slow CI machine runs two workers beside the server on two cores: a flow of 10 s here takes 20 there.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: { trace: "off", screenshot: "off" },
  projects: [
    { name: "js", use: { ...chromium, javaScriptEnabled: true }, testIgnore: /slowphone\.spec\.ts/ },
    // axe-core runs inside the page (a11y.spec.ts), and CSP violations need scripts (csp.spec.ts): JS only.
    { name: "nojs", use: { ...chromium, javaScriptEnabled: false }, testIgnore: /(a11y|csp|slowphone)\.spec\.ts/ },
    // A cheap phone on a slow link, used the moment each page is shown: the spec slows the CPU (×4) and
    // the network (1.6 Mbit/s, 150 ms, no cache) through CDP and acts before the code has arrived.
    {
      name: "slowphone",
      testMatch: /slowphone\.spec\.ts/,
      timeout: 90_000,
      use: { ...chromium, javaScriptEnabled: true, viewport: { width: 390, height: 844 }, isMobile: false, hasTouch: false },
    },
  ],
});
