import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

// Two projects: the web app's component tests run in jsdom; unit and API tests run in node.
export default defineConfig({
  test: {
    // One worker per core (CI and the dev box have 2; Vitest's default would leave one idle).
    // Files in the two workers share nothing: see tests/api/harness.ts (own database, own data folder).
    maxWorkers: 2,
    // Worker threads, not forked processes: the same isolation per file (each file its own module
    // graph, jsdom or database) for less start-up per file — ≈ 20% off the whole run here.
    // Nothing in the tests changes process.env or the working folder, which threads would share.
    pool: "threads",
    projects: [
      {
        plugins: [react()],
        test: {
          name: "web",
          include: ["tests/web/**/*.test.{ts,tsx}"],
          environment: "jsdom",
          setupFiles: ["tests/web/setup.ts"],
          // One copy of react-router: Refine's packages must go through Vite too (STACK.md).
          server: { deps: { inline: [/@refinedev\//] } },
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: "node",
          include: ["tests/unit/**/*.test.{ts,tsx}", "tests/api/**/*.test.ts"],
          environment: "node",
          // Builds the run's migrated PGlite template, which each API test file starts a copy of.
          globalSetup: ["tests/api/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
