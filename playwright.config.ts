// End-to-end tests in real Chromium against the product as `npm start` serves it.
// global-setup prepares one database per worker (a PGlite folder, or a database on DATABASE_URL's
// server), seeded once with demo data and one user per gating state and copied, then starts one
// server per worker (tests/e2e/workers.ts says which port and folder each worker has).
import { defineConfig, devices } from "@playwright/test";
import { chromiumPath } from "./tests/e2e/browser";
import { baseUrlOf, E2E_WORKERS, workerSlot } from "./tests/e2e/workers";

// The tests, like the browsers (timezoneId below), keep India's clock: a date a test works out
// (formatDate of a record's created_at) is the one the page shows. The servers keep the machine's
// own (tests/e2e/global-setup.ts), as a deployment would.
export const MACHINE_TZ = process.env.E2E_MACHINE_TZ ?? process.env.TZ ?? "";
process.env.E2E_MACHINE_TZ = MACHINE_TZ;
process.env.TZ = "Asia/Kolkata";

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Tests, not whole files, are shared out between the workers, so none sits idle while
  // another finishes a long file (≈ 90 s apart at the end before). A describe that needs its tests
  // in order says so (mode: "serial"); every test signs in afresh and works on its own records.
  fullyParallel: true,
  workers: E2E_WORKERS,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  globalSetup: "./tests/e2e/global-setup.ts",
  use: {
    // Each worker loads this config again with its own TEST_PARALLEL_INDEX: its own server.
    baseURL: baseUrlOf(workerSlot()),
    // The browser keeps the clock of the people who use InfraScout: India (IST). In UTC, from
    // 18:30 to midnight the browser's "tomorrow" is already the server's IST "today".
    timezoneId: "Asia/Kolkata",
    // A trace records every step of every test: worth its CPU only for a failure being retried
    // (CI); on a developer's machine, without retries, for every failure.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    // The product honours the system's reduced-motion setting (antd's animations off): tests
    // then wait for no opening or closing animations.
    reducedMotion: "reduce",
    screenshot: "only-on-failure",
    launchOptions: {
      // Playwright cannot download its own browser here: Debian's (tests/e2e/browser.ts).
      executablePath: chromiumPath(),
      // No GPU here: Debian's Chromium otherwise rasterises through an emulated one (SwiftShader).
      // Measured on a quiet machine, leads + results specs: 108/107 s and 97/104 s with/without —
      // no clear effect; kept as the plain statement of a machine without a GPU.
      // V8 in the pages runs its interpreter and baseline compiler (Sparkplug) only (--max-opt=1):
      // a test's page lives seconds, and perf showed the renderers' background threads spending
      // ≈ 30% of all CPU on optimising it (Maglev 44%, TurboFan 36% of those threads) for code
      // that never runs long enough to repay it. Whole e2e suite, 2 workers, quiet machine,
      // whole-machine CPU: 422 s wall / 810 CPU-s without, 335 s / 624 CPU-s with. The product's
      // code is the same; only how hard V8 optimises it changes (--max-opt=0, interpreter only, is
      // slower again; no TurboFan alone, --max-opt=2, no better).
      args: ["--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-quic", "--no-first-run", "--disable-gpu", "--js-flags=--max-opt=1"],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
});
