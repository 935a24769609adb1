import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

// The web app's component tests run in happy-dom; unit and API tests run in node. happy-dom, not
// jsdom: the same 236 web tests pass in both, and happy-dom takes ≈ 30% less CPU (161 vs 229 CPU-s,
// 233 vs 300 s wall, back to back on this 2-core machine: `npx vitest run --project web`).

/** Web tests that replace modules with vi.mock: these run isolated, each file its own modules. */
const MOCKING_WEB_TESTS = ["tests/web/identity.test.tsx", "tests/web/identity-msal.test.ts"];

const WEB_TEST_OPTIONS = {
  environment: "happy-dom",
  setupFiles: ["tests/web/setup.ts"],
  // One copy of react-router: Refine's packages must go through Vite too (STACK.md).
  server: { deps: { inline: [/@refinedev\//] } },
  testTimeout: 20_000,
};

export default defineConfig({
  test: {
    // Three workers on these 2-core machines: API files wait on their database and servers often
    // enough that two left CPU idle (the whole run beside the type check, as `npm test` runs it:
    // 251 and 255 s with 2 workers in CI, 205 s with 3). Files in different workers share nothing:
    // see tests/api/harness.ts (own database, own data folder).
    maxWorkers: 3,
    // Worker threads, not forked processes: less start-up per file — ≈ 20% off the whole run here.
    // Nothing in the tests changes process.env or the working folder, which threads would share.
    pool: "threads",
    // A worker keeps its imported modules from one file to the next (isolate: false): importing
    // the whole server, or antd and Refine, once per worker instead of once per file takes ≈ 27%
    // (node) and ≈ 40% (web) of the CPU time off. Each file still gets its own jsdom or database
    // (tests/api/harness.ts), and nothing a test relies on is kept in module state between files.
    // Files that replace a module with vi.mock need a module graph of their own: "web-mocked".
    // (isolate is a per-project option: it is set in each project below.)
    projects: [
      {
        plugins: [react()],
        test: {
          name: "web",
          include: ["tests/web/**/*.test.{ts,tsx}"],
          exclude: MOCKING_WEB_TESTS,
          isolate: false,
          ...WEB_TEST_OPTIONS,
        },
      },
      {
        plugins: [react()],
        test: { name: "web-mocked", include: MOCKING_WEB_TESTS, isolate: true, ...WEB_TEST_OPTIONS },
      },
      {
        test: {
          name: "node",
          include: ["tests/unit/**/*.test.{ts,tsx}", "tests/api/**/*.test.ts"],
          environment: "node",
          isolate: false,
          // Builds the run's migrated PGlite template, which each API test file starts a copy of.
          globalSetup: ["tests/api/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
