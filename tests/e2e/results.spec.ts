// Tender results in Chromium against the seeded demo data (the lister at desktop (1280) and
// phone (390) widths, where it differs; the rest at desktop): the results lister (award value
// in crore, winner facet), a result's detail (winner,
// contract value, every bidder ranked L1, L2, …, the L1–L2 and award–estimate spreads, similar
// results), its shared link (valid without sign-in, another result refused) and a reminder set
// on it (listed on /reminders as a Result that links back to it).
import { expect, type Page } from "@playwright/test";
import { demo, DESKTOP, listerCount, pageGet, screenshots, settled, signedIn, WIDTHS, withFilters, poll, recordedTest as test } from "./fixtures.js";
import { expectListerLayout } from "./lister-layout.js";

// TENDERS_SHOTS moves these screenshots too (results are tenders' outcomes).
const shot = screenshots("results", { dirVariable: "TENDERS_SHOTS" });

/** The number in the lister's summary ('1,234 results'). */
const count = (page: Page) => listerCount(page, "results");

interface ApiResult {
  award_value: number | null;
  winner: { name: string } | null;
  bidders: { bidder_name: string; bid_value: number | null; rank: number | null; rank_label: string | null; is_winner: boolean }[];
  spread_l1_l2: { amount: number; percent: number } | null;
  spread_award_estimate: { amount: number; percent: number } | null;
}

/** '6.2 %' as the page writes a percent (two decimals at most, trailing zeros dropped). */
const percentText = (p: number) => `${Number(Math.abs(p).toFixed(2))} %`;

// Each test takes many searches on a machine other test runs share: room beyond the 60 s default.
test.describe.configure({ timeout: 150_000 });

for (const vp of WIDTHS) {
  const phone = vp.name === "phone";

  test.describe(`${vp.name} (${vp.width}px)`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width: vp.width, height: vp.height });
      await signedIn(page);
    });

    test("results lister: item_type:result, award value in crore, winner facet", async ({ page }) => {
      const calls: string[] = [];
      page.on("request", (r) => r.url().includes("/api/list/results/search/") && calls.push(r.url()));
      await page.goto("/results");
      const all = await count(page);
      expect(all).toBeGreaterThan(0);
      await expectListerLayout(page, phone, { cards: ".tender-cards .tender-card", table: ".result-table" });
      expect(calls.some((u) => new URL(u).searchParams.getAll("filter").includes("item_type:result"))).toBe(true);
      await shot(page, `lister-${vp.name}`);

      await withFilters(page, phone, async (panel) => {
        await panel.getByLabel("Minimum value").fill("1");
        await panel.getByRole("button", { name: "Apply value" }).click();
      });
      await poll(() => new URL(page.url()).searchParams.getAll("filter")).toEqual(["award_value:[10000000 TO *]"]);
      const big = await count(page);
      expect(big).toBeLessThanOrEqual(all);
      for (const v of await page.locator(".tender-value").allInnerTexts()) expect(v.trim()).toMatch(/^₹ [\d,.]+ Cr$/);

      // A winner from the facet: every row then names that winner among its winners (the line's
      // title names them all; a joint win may show it as '+ N more').
      const winner = await withFilters(page, phone, async (panel) => {
        const option = panel.getByRole("group", { name: "Winner" }).locator(".facet-options li").first();
        const name = (await option.locator(".facet-text").innerText()).trim();
        await option.getByRole("checkbox").click();
        return name;
      });
      await poll(() => new URL(page.url()).searchParams.getAll("filter")).toContain(`winner_name:${winner}`);
      await settled(page);
      const lines = await page.locator(".result-winner").evaluateAll((els) => els.map((e) => e.getAttribute("title") ?? ""));
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) expect(line).toContain(winner);
    });
  });
}

// A result's page and its reminder are the same at 390 px (no table turns into cards there): desktop only.
test.describe(`${DESKTOP.name} (${DESKTOP.width}px)`, () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: DESKTOP.width, height: DESKTOP.height });
    await signedIn(page);
  });

  test("a result: winner, contract value, bidders ranked L1, L2…, spreads, similar results; shared link", async ({ page, browser }) => {
    await page.goto("/results?sort=award_value+desc");
    await settled(page);
    const link = page.locator(".tender-title-link").first();
    const title = await link.innerText();
    await link.click();
    await expect(page).toHaveURL(/\/result\/detail\/\d+$/);
    const id = new URL(page.url()).pathname.split("/").pop();
    await expect(page.locator(".page-title")).toHaveText(title);
    const data = await pageGet<ApiResult>(page, `/api/result/detail/${id}`);

    // The award.
    const award = page.getByLabel("Award");
    await expect(award).toContainText(data.winner!.name);
    // Every bidder, ranks in order (L1 first), the winner marked.
    const rows = page.locator(".bidders-table tbody tr.data-table-row");
    await expect(rows).toHaveCount(data.bidders.length);
    const labels = (await rows.locator("td:first-child").allInnerTexts()).map((t) => t.trim()).filter((t) => t !== "—");
    expect(labels.length).toBeGreaterThanOrEqual(2);
    labels.forEach((label, i) => expect(label).toBe(`L${i + 1}`));
    await expect(rows.filter({ hasText: "Winner" })).toHaveCount(data.bidders.filter((b) => b.is_winner).length);
    await expect(rows.first()).toContainText(data.bidders[0].bidder_name);

    // The spreads: L2 − L1 as the bids show, and award − estimate.
    const ranked = data.bidders.filter((b) => b.rank !== null && b.bid_value !== null);
    expect(data.spread_l1_l2!.amount).toBeCloseTo(ranked[1].bid_value! - ranked[0].bid_value!, 2);
    await expect(page.locator('[data-spread="l1-l2"] .result-award-value')).toContainText(percentText(data.spread_l1_l2!.percent));
    if (data.spread_award_estimate) await expect(page.locator('[data-spread="award-estimate"] .result-award-value')).toContainText(percentText(data.spread_award_estimate.percent));
    else await expect(page.locator('[data-spread="award-estimate"] .result-award-value')).toHaveText("Not Specified");

    await expect(page.locator(".similar-results .similar-item").first()).toBeVisible();
    await expect(page.locator(".ant-menu-item-selected")).toHaveText("Results");
    await shot(page, "detail-desktop", { fullPage: true });

    // Shared link: the bidders without sign-in; the same pair on another result is refused.
    await page.getByRole("button", { name: "Share" }).click();
    const shared = new URL(await page.getByLabel("Shared link").inputValue());
    expect(shared.pathname).toBe(`/result/detail/${id}`);
    await page.getByRole("button", { name: "Done" }).click();
    const context = await browser.newContext({ viewport: { width: DESKTOP.width, height: DESKTOP.height } });
    try {
      const v = await context.newPage();
      await v.goto(shared.pathname + shared.search);
      await expect(v.locator(".page-title")).toHaveText(title);
      await expect(v.getByText("A tender result shared with you from InfraScout")).toBeVisible();
      await expect(v.locator(".bidders-table tbody tr.data-table-row")).toHaveCount(data.bidders.length);
      await expect(v.getByRole("button", { name: "Share" })).toHaveCount(0);
      await expect(v.getByRole("button", { name: "Set reminder" })).toHaveCount(0);
      await shot(v, "shared-desktop");
      await v.goto(`/result/detail/${Number(id) === 1 ? 2 : Number(id) - 1}${shared.search}`);
      await expect(v).toHaveURL(/\/login\?redirect=/);
      await expect(v.getByText(title)).toHaveCount(0);
    } finally {
      await context.close();
    }

    // From the result to its tender.
    await page.getByRole("button", { name: "Tender details" }).click();
    await expect(page).toHaveURL(/\/tender\/detail\/\d+$/);
    await expect(page.locator(".page-title")).toHaveText(title);
  });

  test("a reminder on a result: set from its page, listed on /reminders as a Result linking back", async ({ page }) => {
    await page.goto("/results");
    await settled(page);
    const link = page.locator(".tender-title-link").first();
    const title = await link.innerText();
    await link.click();
    await expect(page).toHaveURL(/\/result\/detail\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split("/").pop());
    const note = `Call the winner (${Date.now()})`;

    await page.getByRole("button", { name: "Set reminder" }).click();
    const dialog = page.getByRole("dialog", { name: "Set reminder" });
    await dialog.getByLabel("Note").fill(note);
    await dialog.getByRole("button", { name: "Save reminder" }).click();
    await expect(page.getByText(/^Reminder set for /)).toBeVisible();
    const mine = await pageGet<{ results: { item_type: string; item_id: number; note: string; link: string }[] }>(page, "/api/reminders/list?item_type=result");
    expect(mine.results.find((r) => r.note === note)).toMatchObject({ item_type: "result", item_id: id, link: `/result/detail/${id}` });

    // Listed as a Result, its title linking back.
    await page.goto("/reminders");
    const row = page.locator(".reminder-row").filter({ hasText: note });
    await expect(row).toBeVisible();
    await expect(row.locator(".ant-tag").first()).toHaveText("Result");
    await shot(page, "reminder-desktop");
    await row.getByRole("link", { name: title }).click();
    await expect(page).toHaveURL(new RegExp(`/result/detail/${id}$`));
    await expect(page.locator(".page-title")).toHaveText(title);
  });
});

// Quick searches and e-mail alerts on results: 'Save search' on /results, the search listed
// (and opened as saved) under Quick Searches, its alert turned on under Email Alerts. Desktop
// only: at 390 px the same buttons and links, the list items stacked.
test.describe(`results quick search, ${DESKTOP.name} (${DESKTOP.width}px)`, () => {
  test("save a results search, reopen it from Quick Searches, turn its e-mail alert on, delete it", async ({ page }) => {
    await page.setViewportSize({ width: DESKTOP.width, height: DESKTOP.height });
    await signedIn(page, demo, { to: "/results" });
    const box = page.getByPlaceholder("Search results by work, organisation, winner");
    await box.fill("road");
    await box.press("Enter");
    await poll(() => new URL(page.url()).searchParams.get("q")).toBe("road");
    const found = await count(page);
    expect(found).toBeGreaterThan(0);

    await page.getByRole("button", { name: "Save search" }).click();
    const dialog = page.getByRole("dialog", { name: "Save as quick search" });
    await expect(dialog.getByText("Saves this Tender Results search with its filters and sort.")).toBeVisible();
    const name = `Road awards ${Date.now()}`;
    await dialog.getByLabel("Name").fill(name);
    await shot(page, "save-search-desktop");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText(`Saved '${name}' to Quick Searches`)).toBeVisible();

    await page.goto("/quick-searches");
    const item = page.locator(".quick-search-list .ant-list-item").filter({ hasText: name });
    await expect(item).toContainText("Tender Results");
    await expect(item).toContainText("“road”");
    await item.getByRole("link", { name }).click();
    await poll(() => new URL(page.url()).pathname).toBe("/results");
    expect(new URL(page.url()).searchParams.get("q")).toBe("road");
    await expect(box).toHaveValue("road");
    expect(await count(page)).toBe(found);

    await page.goto("/email-alerts");
    const alert = page.locator(".alert-row").filter({ hasText: name });
    await expect(alert).toContainText("Quick search · Tender Results");
    await expect(alert.getByRole("switch")).not.toBeChecked();
    await alert.getByRole("switch").click();
    await expect(page.getByText(`Daily alert on for '${name}'`)).toBeVisible();
    await shot(page, "email-alerts-desktop");
    const configs = (await pageGet<{ results: { name: string; resource: string; frequency: string; enabled: boolean }[] }>(page, "/api/email-config/")).results;
    expect(configs.find((c) => c.name === name)).toMatchObject({ resource: "/results", frequency: "daily", enabled: true });

    // Leave the demo user as it was: the quick search goes, and its alert with it.
    await page.goto("/quick-searches");
    await item.getByRole("button", { name: `Delete ${name}` }).click();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(item).toHaveCount(0);
    expect((await pageGet<{ results: { name: string }[] }>(page, "/api/email-config/")).results.map((c) => c.name)).not.toContain(name);
  });
});
