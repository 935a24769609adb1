// Staff see freshness (issue 19, point 5) in Chromium: staff upload the OCP example's OCDS tender
// release and then its amendment under a source label of this run's own, open the staff area's
// Sources tab and read that source's row — fresh, two imports, one tender new and one updated, the
// one change the amendment made, no failures, its last import in IST — at desktop and phone
// widths. A subscriber has no such page. Screenshots only on request: SOURCES_SHOTS (or
// E2E_SCREENSHOTS) names their folder.
import fs from "node:fs";
import path from "node:path";
import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { formatDateTime } from "../../src/lib/format.js";
import { auth, demo, DESKTOP, newApiContext, PHONE, poll, screenshots, signedIn, staff, token, recordedTest as test } from "./fixtures.js";

const shot = screenshots("sources", { dirVariable: "SOURCES_SHOTS", fullPage: true });
const OCDS = path.resolve(import.meta.dirname, "../fixtures/import/ocds");
const EXAMPLE_OCID = "ocds-213czf-000-00001";

let api: APIRequestContext;
test.beforeAll(async () => {
  api = await newApiContext();
});
test.afterAll(async () => {
  await api?.dispose();
});
test.describe.configure({ timeout: 120_000 });

/** Uploads one example file as staff do (POST imports/) under this run's ocid and source label, and waits for its run. */
async function importOcds(staffToken: string, file: string, ocid: string, source: string): Promise<void> {
  const buffer = Buffer.from(fs.readFileSync(path.join(OCDS, file), "utf8").replaceAll(EXAMPLE_OCID, ocid));
  const started = await api.post("/api/imports/", { headers: auth(staffToken), multipart: { kind: "ocds", source, file: { name: file, mimeType: "application/json", buffer } } });
  expect(started.status(), await started.text()).toBe(202);
  const runId: number = (await started.json()).run_id;
  const status = async () => (await (await api.get(`/api/imports/${runId}/`, { headers: auth(staffToken) })).json()).status as string;
  await poll(status, { timeout: 60_000 }).not.toBe("running");
  expect(await status()).toBe("done");
}

async function openSources(page: Page, label: string): Promise<Locator> {
  await page.goto("/update-projects?tab=sources");
  await expect(page.getByRole("heading", { name: "Sources" })).toBeVisible();
  const table = page.getByRole("table", { name: "Import sources" });
  const row = table.getByRole("row").filter({ has: page.locator(".source-label", { hasText: label }) });
  await expect(row).toHaveCount(1);
  return row;
}

test("staff read a source's freshness, what it wrote, the changes it found and its failures", async ({ page }) => {
  const stamp = `${Date.now()}-${test.info().retry}`;
  const label = `e2e-sources-${stamp}`;
  const ocid = `ocds-e2e-sources-${stamp}`;
  const staffToken = await token(api, staff);
  await importOcds(staffToken, `${EXAMPLE_OCID}-02-tender.json`, ocid, label);
  await importOcds(staffToken, `${EXAMPLE_OCID}-03-tenderAmendment.json`, ocid, label);
  const listed = await api.get("/api/imports/sources/", { headers: auth(staffToken) });
  const mine = ((await listed.json()).results as { source: string | null; last_run_at: string }[]).find((s) => s.source === label)!;

  await page.setViewportSize(DESKTOP);
  await signedIn(page, staff);
  const row = await openSources(page, label);
  await expect(row.locator(".source-tag")).toHaveText("Fresh");
  await expect(row).toContainText("OCDS releases or records (JSON) · 2 imports");
  await expect(row).toContainText("Last success today");
  await expect(row.getByRole("cell").nth(2)).toHaveText(formatDateTime(mine.last_run_at));
  await expect(row.getByRole("cell").nth(2)).toHaveText(/ IST$/);
  await expect(row.getByRole("cell").nth(4)).toHaveText("1 tender new1 updated");
  await expect(row.getByRole("cell").nth(5)).toHaveText("1");
  await expect(row.getByRole("cell").nth(6)).toHaveText("None");
  await expect(page.getByRole("columnheader", { name: "Last import (IST)" })).toBeVisible();
  await shot(page, "desktop");

  // A phone: the table keeps freshness and source, the rest as lines under the name.
  await page.setViewportSize(PHONE);
  await expect(page.getByRole("columnheader")).toHaveCount(2);
  const compact = row.locator(".source-compact");
  await expect(compact).toContainText(`Last import${formatDateTime(mine.last_run_at)}`);
  await expect(compact).toContainText("Written1 tender new, 1 updated");
  await expect(compact).toContainText("Changes found1");
  await expect(compact).toContainText("FailuresNone");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(page, "phone");
});

test("a subscriber has no Sources page, and the API refuses them", async ({ page }) => {
  await signedIn(page, demo);
  await page.goto("/update-projects?tab=sources");
  await expect(page.getByRole("table", { name: "Import sources" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Sources" })).toHaveCount(0);
  const res = await api.get("/api/imports/sources/", { headers: auth(await token(api, demo)) });
  expect(res.status()).toBe(403);
});
