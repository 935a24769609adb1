// What global-setup made for the tests, and small helpers they share.
import fs from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { DEMO_ACCOUNTS } from "../../server/ingest/demo-accounts.js";

// One folder per run (by its port): not under test-results/, which Playwright empties after
// global setup, and never shared by two runs at once.
export const E2E_DIR = path.resolve(import.meta.dirname, "../../.e2e", process.env.E2E_PORT ?? "default");
export const E2E_DATA_DIR = path.join(E2E_DIR, "data");
export const FIXTURE_FILE = path.join(E2E_DIR, "fixtures.json");
export const E2E_OUTBOX = path.join(E2E_DATA_DIR, "outbox");

interface Credentials {
  email: string;
  password: string;
}
export interface E2EFixtures {
  users: { onboarding: Credentials; signupRecorded: Credentials; expired: Credentials; secondBrowser: Credentials };
}

export const fixtures = (): E2EFixtures => JSON.parse(fs.readFileSync(FIXTURE_FILE, "utf8"));
export const demo = DEMO_ACCOUNTS[0];
export const staff = DEMO_ACCOUNTS[1];

/** Signs in through the login form the way a person does. */
export async function signIn(page: Page, who: Credentials, path = "/login") {
  await page.goto(path);
  await page.getByLabel("Username or e-mail").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Login" }).click();
}

export async function expectPath(page: Page, pathname: string) {
  await expect.poll(() => new URL(page.url()).pathname).toBe(pathname);
}
