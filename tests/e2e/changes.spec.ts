// "Never miss a change" (issue 19) in Chromium: changes made for real show in the "Changes" section.
// A tender: staff upload the OCP example's OCDS tender release, then its amendment (the closing date
// a week later, a new document and the amendment itself); the subscriber's tender page then says
// "Bid closing moved from …" and that an import found it, and staff see which run and file (on a
// phone). A lead: staff change its completion date (PATCH work/{id}/, as the project editor
// saves); the subscriber's lead page says so, from the research team. Screenshots only on request:
// CHANGES_SHOTS (or E2E_SCREENSHOTS) names their folder.
import fs from "node:fs";
import path from "node:path";
import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { describeChange } from "../../common/changes.js";
import { auth, demo, DESKTOP, newApiContext, pageGet, PHONE, poll, screenshots, signedIn, staff, token, recordedTest as test } from "./fixtures.js";

const shot = screenshots("changes", { dirVariable: "CHANGES_SHOTS" });
const OCDS = path.resolve(import.meta.dirname, "../fixtures/import/ocds");
const EXAMPLE_OCID = "ocds-213czf-000-00001";
const TENDER_FILE = `${EXAMPLE_OCID}-02-tender.json`;
const AMENDMENT_FILE = `${EXAMPLE_OCID}-03-tenderAmendment.json`;

let api: APIRequestContext;
/** Staff's API session: signed in afresh by each test, as staff signing in on the page ends it. */
let staffToken: string;
test.beforeAll(async () => {
  api = await newApiContext();
});
test.beforeEach(async () => {
  staffToken = await token(api, staff);
});
test.afterAll(async () => {
  await api?.dispose();
});

test.describe.configure({ timeout: 120_000 });

/**
 * Uploads one example file as staff do (POST imports/, kind ocds) under an ocid of this run's own —
 * a retry, or another spec that imports the example, starts from no tender — and waits for its run.
 */
async function importOcds(file: string, ocid: string): Promise<number> {
  const buffer = Buffer.from(fs.readFileSync(path.join(OCDS, file), "utf8").replaceAll(EXAMPLE_OCID, ocid));
  const started = await api.post("/api/imports/", { headers: auth(staffToken), multipart: { kind: "ocds", file: { name: file, mimeType: "application/json", buffer } } });
  expect(started.status(), await started.text()).toBe(202);
  const runId: number = (await started.json()).run_id;
  const status = async () => (await (await api.get(`/api/imports/${runId}/`, { headers: auth(staffToken) })).json()).status as string;
  await poll(status, { timeout: 60_000 }).not.toBe("running");
  expect(await status()).toBe("done");
  return runId;
}

/** The id of the tender an import made, found as the search box finds it: by its portal Tender ID. */
async function tenderIdOf(portalTenderId: string): Promise<number> {
  const find = async () => {
    const res = await api.get(`/api/list/tenders/search/?search_all_tenders=true&q=${encodeURIComponent(portalTenderId)}`, { headers: auth(staffToken) });
    const hit = ((await res.json()).results as { id: number; portal_tender_id: string | null }[]).find((t) => t.portal_tender_id === portalTenderId);
    return hit?.id ?? null;
  };
  await poll(find, { timeout: 30_000, message: `the imported tender ${portalTenderId} is found` }).not.toBeNull();
  return (await find())!;
}

/** The page's "Changes" section, and its newest set (the list's first item). */
function changesOf(page: Page): { region: Locator; newest: Locator } {
  const region = page.getByRole("region", { name: "Changes" });
  const newest = region.getByRole("list", { name: "Changes, newest first" }).locator("> li").first();
  return { region, newest };
}

test("a tender's amendment, imported by staff, shows on its page as the closing date moved", async ({ page }) => {
  const ocid = `ocds-213czf-e2e${Date.now().toString(36)}`;
  await importOcds(TENDER_FILE, ocid);
  const runId = await importOcds(AMENDMENT_FILE, ocid);
  const tenderId = await tenderIdOf(`${ocid}-01-tender`);
  // The example's closing date, 1 Apr 2010 18:00 UTC, a week later in the amendment: said as the API's tests say it.
  const moved = describeChange("tender", { field: "closing_date", old: "2010-04-01T18:00:00Z", new: "2010-04-08T18:00:00Z" });
  expect(moved).toBe("Bid closing moved from 1 Apr 2010, 11:30 pm IST to 8 Apr 2010, 11:30 pm IST");

  // The subscriber: the change, when it was found (a <time> with its instant), and that an import found it.
  await page.setViewportSize({ width: DESKTOP.width, height: DESKTOP.height });
  await signedIn(page, demo, { to: `/tender/detail/${tenderId}` });
  const { region, newest } = changesOf(page);
  await expect(newest.getByRole("listitem").filter({ hasText: moved })).toBeVisible({ timeout: 30_000 });
  await expect(newest.getByRole("listitem").filter({ hasText: /^New corrigendum: / })).toHaveCount(1);
  await expect(newest).toContainText("Found on the source portal by InfraScout's import");
  await expect(newest).not.toContainText(AMENDMENT_FILE);
  const time = newest.locator("time");
  expect(Date.parse((await time.getAttribute("datetime"))!)).toBeGreaterThan(Date.now() - 10 * 60_000);
  await expect(time).toHaveText(/^\d{2} [A-Z][a-z]{2}, \d{4} \d{2}:\d{2} [AP]M IST$/);
  // The first import made the tender: nothing had changed yet, so the amendment is the only set.
  await expect(region.getByRole("list", { name: "Changes, newest first" }).locator("> li")).toHaveCount(1);
  await region.scrollIntoViewIfNeeded();
  await shot(page, "tender-desktop");

  // Staff, on a phone: the same change, with the run and the file it came from.
  await page.setViewportSize({ width: PHONE.width, height: PHONE.height });
  await signedIn(page, staff, { to: `/tender/detail/${tenderId}` });
  const forStaff = changesOf(page);
  await expect(forStaff.newest).toContainText(moved, { timeout: 30_000 });
  await expect(forStaff.newest).toContainText(`Import run ${runId} · ${AMENDMENT_FILE}`);
  // Nothing in the section is wider than the phone.
  const box = (await forStaff.region.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await forStaff.region.scrollIntoViewIfNeeded();
  await shot(page, "tender-phone");
});

test("a lead's completion date, changed by staff, shows on its page from the research team", async ({ page }) => {
  await page.setViewportSize({ width: DESKTOP.width, height: DESKTOP.height });
  await signedIn(page);
  // Not the first lead (lead-documents.spec adds documents to that one): any other will do.
  const lead = (await pageGet<{ results: { id: number }[] }>(page, "/api/list/search/?page=1")).results[2];
  const before = (await pageGet<{ completion_date: string | null }>(page, `/api/work/${lead.id}/`)).completion_date;
  const next = before === "2031-03-31" ? "2031-06-30" : "2031-03-31";
  const saved = await api.patch(`/api/work/${lead.id}/`, { headers: auth(staffToken), data: { completion_date: next } });
  expect(saved.status(), await saved.text()).toBe(200);
  const sentence = describeChange("project", { field: "completion_date", old: before, new: next });

  await page.goto(`/private-leads/detail/${lead.id}`);
  const { region, newest } = changesOf(page);
  await expect(newest.getByRole("listitem").filter({ hasText: sentence })).toBeVisible({ timeout: 30_000 });
  await expect(newest).toContainText("Updated by the InfraScout research team");
  await region.scrollIntoViewIfNeeded();
  await shot(page, "lead-desktop");

  await page.setViewportSize({ width: PHONE.width, height: PHONE.height });
  await page.goto(`/project-detail-new/${lead.id}`);
  await expect(changesOf(page).newest).toContainText(sentence, { timeout: 30_000 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await changesOf(page).region.scrollIntoViewIfNeeded();
  await shot(page, "lead-phone");
});
