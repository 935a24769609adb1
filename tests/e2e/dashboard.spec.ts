// The dashboard in Chromium at desktop (1280) width: its panels show charts with their numbers,
// and a panel's link opens the lead lister with the same count. At 700 and 390 px the panels only
// stack (nothing a test reads differs; the menu's own narrow forms are in shell.spec.ts).
// Screenshots (dashboard-1280*.png) only when DASHBOARD_SHOTS or E2E_SCREENSHOTS names a folder.
import { expect, type Browser } from "@playwright/test";
import { demo, DESKTOP, listerCount, pageApi, pageGet, screenshots, signedIn, recordedTest as test } from "./fixtures.js";

const shot = screenshots("dashboard", { dirVariable: "DASHBOARD_SHOTS" });

test.describe.configure({ mode: "serial" });

/** The marks this file changed, with what they were, so other test files find the demo data as it was. */
const changed: { id: number; mark: string }[] = [];

async function signedInPage(browser: Browser) {
  const page = await browser.newPage();
  await signedIn(page);
  return page;
}

test.beforeAll(async ({ browser }) => {
  // The demo subscriber shortlists three construction leads and marks one industrial lead tentative.
  const page = await signedInPage(browser);
  const cons = await pageGet<{ results: { id: number; mark: string }[] }>(page, "/api/list/search/?filter=category:construction&sort=value+desc");
  const ind = await pageGet<{ results: { id: number; mark: string }[] }>(page, "/api/list/search/?filter=category:industrial&sort=value+desc");
  const wanted = [...cons.results.slice(0, 3).map((l) => ({ ...l, to: "shortlisted" })), { ...ind.results[0], to: "tentative" }];
  for (const lead of wanted) {
    changed.push({ id: lead.id, mark: lead.mark });
    await pageApi(page, `/api/work/${lead.id}/mark/`, { method: "POST", body: { mark: lead.to } });
  }
  await pageGet(page, `/api/work/${cons.results[0].id}/`); // opened: recently viewed
  await page.close();
});

test.afterAll(async ({ browser }) => {
  const page = await signedInPage(browser);
  for (const lead of changed) await pageApi(page, `/api/work/${lead.id}/mark/`, { method: "POST", body: { mark: lead.mark } });
  await page.close();
});

test(`${DESKTOP.name} (${DESKTOP.width}px): charts with numbers; the shortlisted link opens the lister with the same count`, async ({ page }) => {
  await page.setViewportSize({ width: DESKTOP.width, height: DESKTOP.height });
  await signedIn(page, demo, { to: "/dashboard" });
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();

  const stat = await pageGet<{ by_mark: { mark: string; count: number; construction: number; industrial: number }[] }>(page, "/api/dashboard/shortlisted_status_stat/");
  const shortlisted = stat.by_mark.find((m) => m.mark === "shortlisted")!;
  expect(shortlisted.construction).toBeGreaterThanOrEqual(3);

  const marks = page.locator(".dash-panel").filter({ has: page.getByText("Your marked leads", { exact: true }) });
  // A chart (svg bars) with its numbers on it, and the panel's number. Its bars open the lister, so
  // it is a figure holding buttons, not an image.
  const chart = marks.getByRole("figure", { name: /Your leads by mark/ });
  await expect(chart).toBeVisible();
  await expect(chart.locator(".chart-bar").first()).toBeVisible();
  await expect(chart.locator(".chart-label").first()).toContainText(String(shortlisted.construction));
  const total = stat.by_mark.reduce((n, m) => n + m.count, 0);
  await expect(marks.locator(".dash-number")).toContainText(String(total));

  const newLeads = page.locator(".dash-panel").filter({ has: page.getByText("New leads for you", { exact: true }) });
  await expect(newLeads.locator(".dash-number")).toBeVisible();
  await expect(page.locator(".dash-panel").filter({ has: page.getByText("Recently viewed", { exact: true }) }).locator(".dash-item-title").first()).toBeVisible();
  await shot(page, String(DESKTOP.width), { fullPage: true });
  // Screen-sized views of each panel too.
  for (const [k, title] of ["New leads for you", "Your marked leads", "Leads under construction", "Your competitors, last 30 days"].entries()) {
    await page.getByText(title, { exact: true }).scrollIntoViewIfNeeded();
    await shot(page, `${DESKTOP.width}-${k}`);
  }

  await marks.getByRole("link", { name: `Shortlisted: Construction ${shortlisted.construction}` }).click();
  await expect(page).toHaveURL(/\/private-construction-leads\?filter=mark%3Ashortlisted/);
  expect(await listerCount(page, "leads", { exact: false })).toBe(shortlisted.construction);
  await expect(page.locator(".active-filters")).toContainText("shortlisted");
});

test("the window control changes the new-leads range, kept in the URL", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signedIn(page, demo, { to: "/dashboard" });
  await page.getByRole("radiogroup", { name: "Dashboard window" }).getByText("7 days").click();
  await expect(page).toHaveURL(/days=7/);
  const series = await pageGet<{ total: number; days: unknown[] }>(page, "/api/proj_cnt_stats/?days=7");
  expect(series.days).toHaveLength(7);
  const panel = page.locator(".dash-panel").filter({ has: page.getByText("New leads for you", { exact: true }) });
  await expect(panel.locator(".dash-number .ant-statistic-content")).toHaveText(series.total.toLocaleString("en-IN"));
  await expect(panel.getByRole("figure", { name: /Leads per day/ })).toBeVisible(); // its days open My Feed: a figure of buttons
  // The number opens My Feed narrowed to those days, listing as many leads.
  await expect(panel.locator(".dash-figure a")).toHaveAttribute("href", /\/my-feed\?filter=arrived_date%3A%5B/);
  await panel.locator(".dash-figure a").click();
  await expect(page).toHaveURL(/\/my-feed\?filter=arrived_date/);
  expect(await listerCount(page, "leads", { exact: false })).toBe(series.total); // My Feed adds '· 3 new on this page'
});
