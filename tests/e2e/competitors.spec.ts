// Your competitors in Chromium against the seeded demo data (tracking and the comparison at
// desktop (1280) and phone (390) widths, which show it as a table and as cards; the rest at desktop): track a company picked with suggest-as-you-type and see its figures (bids, wins, win
// rate, L1, typical discount) as the API computes them from results, open its full record, change
// the comparison window, track a suggested competitor and one from a builder's page, and stop
// tracking. Screenshots (competitors-*.png) only when E2E_SCREENSHOTS=<dir> asks.
import { expect, type Locator, type Page } from "@playwright/test";
import type { CompetitorComparisonRow, CompetitorListerResponse, CompetitorProfile, TrackedCompetitor } from "../../common/companies";
import { demo, DESKTOP, pageGet, screenshots, signedIn, WIDTHS, poll, recordedTest as test } from "./fixtures.js";

const shot = screenshots("competitors", { dirVariable: "COMPETITORS_SHOTS", fullPage: true });

const pct = (share: number | null) => (share === null ? "—" : `${Number((share * 100).toFixed(1))}%`);

/** A tracked competitor's row (desktop table) or card (phone). */
function competitorRow(page: Page, phone: boolean, companyId: number): Locator {
  return phone ? page.locator(`.competitor-card[data-company-id="${companyId}"]`) : page.locator(".competitor-table tbody tr.data-table-row").filter({ has: page.locator(`a[href="/builder/detail/${companyId}"]`) });
}

/** Suggested companies with tender results that this user does not track yet. */
async function untrackedBidders(page: Page): Promise<CompetitorListerResponse["results"]> {
  const lister = await pageGet<CompetitorListerResponse>(page, "/api/competitor_lister/?page=1");
  return lister.results.filter((r) => !r.is_tracked && r.tenders_bid > 0);
}

for (const vp of WIDTHS) {
  const phone = vp.name === "phone";

  test.describe(`${vp.name} (${vp.width}px)`, () => {
    // Long journeys on a machine shared with other test runs.
    test.describe.configure({ timeout: 180_000 });
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width: vp.width, height: vp.height });
    });

    test("track a competitor picked as you type, see its figures and full record, change the window, stop tracking", async ({ page }) => {
      await signedIn(page);
      const candidates = await untrackedBidders(page);
      const pick = candidates[phone ? 1 : 0];
      const trackedBefore = (await pageGet<{ results: TrackedCompetitor[] }>(page, "/api/competitors/")).results.length;

      await page.goto("/your-competitors");
      await expect(page.getByText(`${trackedBefore} of 25 tracked`)).toBeVisible();
      // Type part of the name (two words) and choose the company from the suggestions.
      const term = pick.company.name.split(" ").slice(0, 2).join(" ");
      const picker = page.getByRole("combobox", { name: "Track a competitor" });
      await picker.click();
      await picker.pressSequentially(term, { delay: 30 });
      const option = page.locator(".ant-select-item-option").filter({ hasText: pick.company.name }).first();
      await expect(option).toBeVisible();
      await option.click();
      await expect(page.getByText(`Now tracking ${pick.company.name}`)).toBeVisible();
      await expect(page.getByText(`${trackedBefore + 1} of 25 tracked`)).toBeVisible();

      // Its row shows what the API computes from results.
      const profile = await pageGet<CompetitorProfile>(page, `/api/competitors/${pick.company.id}/`);
      expect(profile.is_tracked).toBe(true);
      const row = competitorRow(page, phone, pick.company.id);
      await expect(row).toBeVisible();
      // A phone lists competitors as cards (no table), a desktop as table rows.
      await expect(page.locator(phone ? ".competitor-table" : ".competitor-card")).toHaveCount(0);
      await expect(row).toContainText(pct(profile.win_rate));
      await expect(row).toContainText(pct(profile.typical_discount));
      if (phone) {
        await expect(row.locator("dd").nth(0)).toHaveText(String(profile.tenders_bid));
        await expect(row.locator("dd").nth(1)).toHaveText(String(profile.tenders_won));
        await expect(row.locator("dd").nth(3)).toHaveText(String(profile.l1_count));
      } else {
        await expect(row.locator("td").nth(2)).toHaveText(String(profile.tenders_bid));
        await expect(row.locator("td").nth(3)).toHaveText(String(profile.tenders_won));
        await expect(row.locator("td").nth(5)).toHaveText(String(profile.l1_count));
      }
      // The side-by-side charts are drawn.
      await expect(page.getByRole("img", { name: "Tenders bid and won per competitor" }).locator("svg.chart-svg")).toBeVisible();
      await expect(page.getByRole("img", { name: "Win rate and typical discount per competitor" }).locator("svg.chart-svg")).toBeVisible();

      // The full record: rank positions, categories and states, recent wins.
      if (phone) await row.getByRole("button", { name: "Full record" }).click();
      else await row.getByRole("button", { name: `Full record of ${pick.company.name}` }).click();
      const record = page.locator(`.competitor-profile[data-company-id="${pick.company.id}"]`);
      await expect(record.getByRole("img", { name: `${pick.company.name}: rank positions` })).toBeVisible();
      if (profile.recent_wins.length) {
        await expect(record.getByRole("link", { name: profile.recent_wins[0].title }).first()).toBeVisible();
        // Recent wins: cards on a phone, a table on a desktop.
        await expect(record.locator(phone ? ".win-cards li" : ".wins-table tbody tr.data-table-row")).toHaveCount(profile.recent_wins.length);
        await expect(record.locator(phone ? ".wins-table" : ".win-cards")).toHaveCount(0);
      } else {
        await expect(record.getByText("No wins on record")).toBeVisible();
      }
      await shot(page, `tracked-${vp.name}`);

      // A narrower window: the URL says so and the figures are the window's.
      await page.getByText("Last 90 days").click();
      await poll(() => new URL(page.url()).searchParams.get("window")).toBe("90");
      const windowed = await pageGet<{ results: CompetitorComparisonRow[] }>(page, "/api/competitor_comparison/?days=90");
      const mine = windowed.results.find((r) => r.company.id === pick.company.id)!;
      await expect(competitorRow(page, phone, pick.company.id)).toContainText(pct(mine.win_rate));
      await page.reload();
      await expect(page.getByText("Last 90 days")).toBeVisible();
      await expect(competitorRow(page, phone, pick.company.id)).toBeVisible();

      // Stop tracking: the row goes, and the count with it.
      await competitorRow(page, phone, pick.company.id).getByRole("button", { name: `Stop tracking ${pick.company.name}` }).click();
      await page.getByRole("button", { name: "Stop tracking", exact: true }).click();
      await expect(competitorRow(page, phone, pick.company.id)).toHaveCount(0);
      await expect(page.getByText(`${trackedBefore} of 25 tracked`)).toBeVisible();
    });

  });
}

// Tracking from a suggestion or a builder's page is the same button at 390 px: desktop only.
test.describe(`${DESKTOP.name} (${DESKTOP.width}px)`, () => {
  test.describe.configure({ timeout: 180_000 });
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: DESKTOP.width, height: DESKTOP.height });
  });

  test("track a suggested competitor, and one from a builder's page", async ({ page }) => {
    await signedIn(page, demo, { to: "/your-competitors" });
    // The first suggestion not tracked yet, as the page lists it.
    const item = page.locator(".suggest-list li").filter({ has: page.getByRole("button", { name: /^Track / }) }).first();
    await expect(item).toBeVisible();
    const suggested = { company: { id: Number(await item.getAttribute("data-company-id")), name: await item.locator(".builder-name").innerText() } };
    await item.getByRole("button", { name: `Track ${suggested.company.name}` }).click();
    await expect(competitorRow(page, false, suggested.company.id)).toBeVisible();
    const fromBuilder = (await untrackedBidders(page)).find((c) => c.company.id !== suggested.company.id)!;

    // From a builder's page: 'Track as competitor', then it is on the competitors page.
    await page.goto(`/builder/detail/${fromBuilder.company.id}`);
    await page.getByRole("button", { name: "Track as competitor" }).click();
    await expect(page.getByRole("button", { name: "Tracking as competitor" })).toBeVisible();
    await page.goto("/your-competitors");
    await expect(competitorRow(page, false, fromBuilder.company.id)).toBeVisible();
    await shot(page, "suggested-desktop");

    // Clean up, so the demo user is left as it was.
    for (const c of [suggested, fromBuilder]) {
      await competitorRow(page, false, c.company.id).getByRole("button", { name: `Stop tracking ${c.company.name}` }).click();
      await page.getByRole("button", { name: "Stop tracking", exact: true }).click();
      await expect(competitorRow(page, false, c.company.id)).toHaveCount(0);
    }
  });
});
