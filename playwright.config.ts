// End-to-end tests in real Chromium against the product as `npm start` serves it.
// global-setup prepares a database (PGlite folder, or a fresh schema on DATABASE_URL), loads
// demo data and one user per gating state, then starts the server.
import { defineConfig, devices } from "@playwright/test";

// A port of its own per run, so several runs on one machine never meet; workers inherit it.
process.env.E2E_PORT ??= String(20000 + Math.floor(Math.random() * 20000));
export const E2E_PORT = Number(process.env.E2E_PORT);

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  globalSetup: "./tests/e2e/global-setup.ts",
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      // Playwright cannot download its own browser here: use Debian's Chromium unless told otherwise.
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-quic", "--no-first-run"],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
});
