// Tenders in Chromium against the seeded demo data (the lister at desktop (1280) and phone (390)
// widths, where it differs; the rest at desktop): the live-tenders lister (search, facets with counts, the organisation suggester, value in
// crore, 'Show all tenders', paging, reload, CSV/Excel export), a tender's detail (fields,
// corrigenda, reminder, zip, similar tenders), its AI brief with citations, and shared links
// (valid without sign-in, tampered, another tender, revoked). Screenshots (tenders-*.png) only on request.
import fs from "node:fs";
import { expect, type Browser, type Locator, type Page } from "@playwright/test";
import { demo, DESKTOP, listerCount, pageGet, screenshots, settled, signedIn, WIDTHS, withFilters, poll, recordedTest as test } from "./fixtures.js";
import { expectListerLayout } from "./lister-layout.js";

// Screenshots are written only when TENDERS_SHOTS or E2E_SCREENSHOTS names their folder.
const shot = screenshots("tenders", { dirVariable: "TENDERS_SHOTS" });

/** The number in the lister's summary ('1,234 tenders'). */
const count = (page: Page) => listerCount(page, "tenders");

const filters = (page: Page) => new URL(page.url()).searchParams.getAll("filter");

const facetNumber = async (option: Locator) => Number((await option.locator(".facet-count").innerText()).replace(/,/g, ""));

/** A fresh browser with nobody signed in. */
async function anonymousPage(browser: Browser, vp: { width: number; height: number }) {
  const context = await browser.newContext({ viewport: { width: vp.width, height: vp.height } });
  return { page: await context.newPage(), close: () => context.close() };
}

// Each test takes many searches on a machine other test runs share: room beyond the 60 s default.
test.describe.configure({ timeout: 150_000 });

for (const vp of WIDTHS) {
  const phone = vp.name === "phone";

  test.describe(`${vp.name} (${vp.width}px)`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width: vp.width, height: vp.height });
    });

    test("live tenders: search, facets, organisation suggester, 'Show all tenders', paging and reload", async ({ page }) => {
      test.setTimeout(240_000); // the longest walk: many steps, each a search
      await signedIn(page, demo, { to: "/live-tenders" });
      const live = await count(page);
      expect(live).toBeGreaterThan(0);
      await expectListerLayout(page, phone, { cards: ".tender-cards .tender-card", table: ".tender-table" });
      await shot(page, `lister-${vp.name}`);
      // Live only: every row is Live, closing soonest first.
      const closings = await page.locator(".closing-date > span:first-child").allInnerTexts();
      const days = closings.map((d) => Date.parse(d.replace(",", ""))).filter((d) => !Number.isNaN(d));
      expect([...days].sort((a, b) => a - b)).toEqual(days);

      // 'Show all tenders': the URL carries search_all_tenders=true and the list grows.
      await withFilters(page, phone, (panel) => panel.getByRole("switch", { name: /Show all tenders/ }).click());
      await poll(() => new URL(page.url()).searchParams.get("search_all_tenders")).toBe("true");
      const all = await count(page);
      expect(all).toBeGreaterThan(live);
      await expect(page.locator(".active-filters")).toContainText("All tenders");

      // A status facet: its count is what the list then shows; a second status adds its own.
      const [aoc, closed] = await withFilters(page, phone, async (panel) => {
        const group = panel.getByRole("group", { name: "Tender status" });
        const a = group.locator(".facet-options li").filter({ hasText: /^AOC/ });
        const c = group.locator(".facet-options li").filter({ hasText: /^Closed/ });
        const counts = [await facetNumber(a), await facetNumber(c)];
        await a.getByRole("checkbox").click();
        await poll(() => filters(page)).toEqual(["tender_status:AOC"]);
        await c.getByRole("checkbox").click();
        await poll(() => filters(page)).toEqual(["tender_status:AOC", "tender_status:Closed"]);
        return counts;
      });
      await poll(() => count(page)).toBe(aoc + closed);

      // The corrigendum flag reads as words; ticking it leaves only tenders with a corrigendum.
      await withFilters(page, phone, async (panel) => {
        const option = panel.getByRole("group", { name: "Corrigendum" }).locator(".facet-options li").filter({ hasText: "With corrigendum" });
        await option.getByRole("checkbox").click();
      });
      await poll(() => filters(page)).toContain("is_corrigendum:true");
      const withCorrigendum = await count(page);
      if (withCorrigendum > 0) {
        const rows = phone ? page.locator(".tender-card") : page.locator(".tender-table tbody tr.data-table-row");
        const n = await rows.count();
        for (let i = 0; i < n; i++) await expect(rows.nth(i).getByText("Corrigendum", { exact: true })).toBeVisible();
      }

      // 'Clear all' keeps 'Show all tenders' off again and the search text.
      await page.getByText("Clear all").click();
      await poll(() => filters(page)).toEqual([]);
      expect(await count(page)).toBe(live);

      // Text: q and oq in the URL, fewer tenders.
      await page.getByLabel("Search text").fill("bridge & road");
      await page.getByLabel("Search text").press("Enter");
      await poll(() => new URL(page.url()).searchParams.get("q")).toBe("bridge road");
      expect(new URL(page.url()).searchParams.get("oq")).toBe("bridge & road");
      await poll(() => count(page)).toBeLessThan(live);
      await page.getByLabel("Search text").fill("");
      await page.getByLabel("Search text").press("Enter");
      await poll(() => count(page)).toBe(live);

      // The organisation suggester forgives a typo and adds an org_name_exact filter.
      const picked = await withFilters(page, phone, async (panel) => {
        await panel.getByLabel("Organisation name").fill("indian railwys");
        const option = page.locator(".ant-select-dropdown:visible .ant-select-item-option").first();
        await expect(option).toBeVisible();
        const name = (await option.locator(".org-option-name").innerText()).trim();
        expect(name).toMatch(/Railway/i);
        await option.click();
        await poll(() => filters(page)).toEqual([`org_name_exact:${name}`]);
        return name;
      });
      const ofOrg = await count(page);
      expect(ofOrg).toBeGreaterThan(0);
      expect(ofOrg).toBeLessThanOrEqual(live);
      const orgs = await page.locator(".tender-org").allInnerTexts();
      for (const o of orgs) expect(o.trim()).toBe(picked);
      await expect(page.locator(".active-filters")).toContainText(`Organisation: ${picked}`);
      await page.getByText("Clear all").click();

      // Paging (with every tender, so there are pages): reload shows the same page.
      await page.goto("/live-tenders?search_all_tenders=true");
      expect(await count(page)).toBe(all);
      await page.getByTitle("Next Page").click();
      await poll(() => new URL(page.url()).searchParams.get("page")).toBe("2");
      await settled(page);
      const first = await page.locator(".tender-title-link").first().innerText();
      await page.reload();
      await settled(page);
      await expect(page.locator(".tender-title-link").first()).toHaveText(first);
      expect(new URL(page.url()).searchParams.get("search_all_tenders")).toBe("true");
    });
  });
}

// Value and export, a tender's page and its shared link use the same controls at 390 px (the value
// inputs in the filters drawer the lister test opens): desktop only.
test.describe(`${DESKTOP.name} (${DESKTOP.width}px)`, () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: DESKTOP.width, height: DESKTOP.height });
  });

  test("value in crore, then export the filtered list as CSV and Excel", async ({ page }) => {
    await signedIn(page, demo, { to: "/live-tenders?search_all_tenders=true" });
    await settled(page);
    await withFilters(page, false, async (panel) => {
      await panel.getByLabel("Minimum value").fill("1");
      await panel.getByLabel("Maximum value").fill("50");
      await panel.getByRole("button", { name: "Apply value" }).click();
    });
    await poll(() => filters(page)).toEqual(["value:[10000000 TO 500000000]"]);
    expect(new URL(page.url()).searchParams.get("unit")).toBe("cr");
    const n = await count(page);
    expect(n).toBeGreaterThan(0);
    for (const v of await page.locator(".tender-value").allInnerTexts()) {
      const m = /^₹ ([\d,.]+) Cr$/.exec(v.trim());
      expect(m, v).not.toBeNull();
      const crore = Number(m![1].replace(/,/g, ""));
      expect(crore).toBeGreaterThanOrEqual(1);
      expect(crore).toBeLessThanOrEqual(50);
    }
    await page.reload();
    await settled(page);
    await withFilters(page, false, async (panel) => {
      await expect(panel.getByLabel("Minimum value")).toHaveValue("1");
      await expect(panel.getByLabel("Maximum value")).toHaveValue("50");
    });

    const [csv] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export CSV" }).click()]);
    expect(csv.suggestedFilename()).toMatch(/\.csv$/);
    const text = fs.readFileSync((await csv.path())!, "utf8").replace(/^\uFEFF/, "");
    const lines = text.trim().split(/\r?\n/);
    expect(lines[0]).toContain("Title");
    expect(lines[0]).toContain("Closing Date");
    expect(lines.length - 1).toBe(n);
    const title = await page.locator(".tender-title-link").first().innerText();
    expect(text).toContain(title.includes(",") || title.includes('"') ? `"${title.replace(/"/g, '""')}"` : title);
    const [xlsx] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export Excel" }).click()]);
    expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
    expect(fs.readFileSync((await xlsx.path())!).subarray(0, 2).toString()).toBe("PK");
  });

  test("a tender's detail: every field, corrigenda, reminder, zip, similar tenders and the AI brief", async ({ page }) => {
    await signedIn(page);
    // A tender with a corrigendum, from the lister.
    await page.goto("/live-tenders?search_all_tenders=true&filter=is_corrigendum:true");
    await settled(page);
    const link = page.locator(".tender-title-link").first();
    const title = await link.innerText();
    await link.click();
    await expect(page).toHaveURL(/\/tender\/detail\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split("/").pop());
    await expect(page.locator(".page-title")).toHaveText(title);
    const fields = page.locator(".tender-fields");
    for (const label of ["Reference", "Organisation", "Estimated value", "EMD", "Tender fee", "Closing", "Status updated", "Retrieved on", "Reviewed", "Arrived"]) {
      await expect(fields.getByText(label, { exact: true })).toBeVisible();
    }
    // The page shows what the API holds.
    const detail = await pageGet<{ corrigenda: { title: string }[]; reference: string; org_name: string }>(page, `/api/tender/detail/${id}`);
    await expect(fields).toContainText(detail.reference);
    expect(detail.corrigenda.length).toBeGreaterThan(0);
    for (const c of detail.corrigenda) await expect(page.locator(".corrigenda")).toContainText(c.title);
    await expect(page.locator(".ant-menu-item-selected")).toHaveText("Tenders");
    await expect(page.locator(".similar-tenders .similar-item").first()).toBeVisible();
    await shot(page, "detail-desktop");

    // Reminder on the tender.
    await page.getByRole("button", { name: "Set reminder" }).click();
    await page.getByRole("dialog").getByLabel("Note").fill("Check the corrigendum before bidding");
    await page.getByRole("button", { name: "Save reminder" }).click();
    await expect(page.getByText(/^Reminder set for /)).toBeVisible();
    const reminders = await pageGet<{ results: { item_type: string; item_id: number; note: string }[] }>(page, "/api/reminders/list");
    expect(reminders.results.some((r) => r.item_type === "tender" && r.item_id === id && r.note === "Check the corrigendum before bidding")).toBe(true);

    // The documents as one zip.
    const [zip] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download zip" }).first().click()]);
    expect(zip.suggestedFilename()).toMatch(/\.zip$/);
    expect(fs.readFileSync((await zip.path())!).subarray(0, 2).toString()).toBe("PK");

    // The brief: five sections, each point citing its source.
    await page.getByRole("button", { name: "AI brief" }).click();
    await expect(page).toHaveURL(new RegExp(`/tender/ai-detail/${id}$`));
    for (const section of ["Scope of work", "Eligibility", "Key dates", "EMD and fee", "Value"]) {
      await expect(page.locator(".brief-section").filter({ has: page.getByText(section, { exact: true }) }).first()).toBeVisible();
    }
    const points = page.locator(".brief-point");
    expect(await points.count()).toBeGreaterThan(2);
    const n = await points.count();
    for (let i = 0; i < n; i++) await expect(points.nth(i).locator(".brief-cite-summary")).toContainText(/Source|sources/);
    // A citation opens to its passage.
    await points.first().locator(".brief-cite-summary").click();
    await expect(points.first().locator(".brief-quote").first()).toBeVisible();
    await expect(page.locator('.brief-section[data-section="emd_and_fee"]')).toContainText("EMD");
    await expect(page.locator(".ant-menu-item-selected")).toHaveText("Tenders");
    await shot(page, "brief-desktop");
    await page.getByRole("link", { name: "Tender details" }).click();
    await expect(page).toHaveURL(new RegExp(`/tender/detail/${id}$`));
  });

  test("shared link: opens without sign-in; tampered, another tender or revoked gets the sign-in page", async ({ page, browser }) => {
    await signedIn(page, demo, { to: "/live-tenders" });
    await settled(page);
    const ids = await page.locator(".tender-title-link").evaluateAll((as) => as.slice(0, 2).map((a) => (a as HTMLAnchorElement).pathname.split("/").pop()));
    await page.goto(`/tender/detail/${ids[0]}`);
    await expect(page.locator(".tender-fields")).toBeVisible(); // loaded: the title is the tender's
    const title = await page.locator(".page-title").innerText();
    await page.getByRole("button", { name: "Share" }).click();
    const input = page.getByLabel("Shared link");
    await expect(input).toHaveValue(new RegExp(`/tender/detail/${ids[0]}\\?uid=[^&]+&tid=.+`));
    const shared = new URL(await input.inputValue());
    await page.getByRole("button", { name: "Done" }).click();

    const visitor = await anonymousPage(browser, DESKTOP);
    try {
      const v = visitor.page;
      // Valid: the tender, read-only, under the signed-out header.
      await v.goto(shared.pathname + shared.search);
      await expect(v.locator(".page-title")).toHaveText(title);
      await expect(v.getByText("A tender shared with you from InfraScout")).toBeVisible();
      await expect(v.getByRole("link", { name: "Login" }).first()).toBeVisible();
      await expect(v.getByRole("button", { name: "Set reminder" })).toHaveCount(0);
      await expect(v.getByRole("button", { name: "Share" })).toHaveCount(0);
      await expect(v.getByText(/remaining out of total/)).toHaveCount(0);
      await shot(v, "shared-desktop");
      // Its brief through the same link.
      await v.getByRole("button", { name: "AI brief" }).click();
      await expect(v).toHaveURL(/\/tender\/ai-detail\/\d+\?uid=.+&tid=.+/);
      await expect(v.locator(".brief-point").first()).toBeVisible();

      // Tampered token: the sign-in page, no tender.
      const tid = shared.searchParams.get("tid")!;
      const tampered = `${shared.pathname}?uid=${shared.searchParams.get("uid")}&tid=${tid.slice(0, -1)}${tid.endsWith("A") ? "B" : "A"}`;
      await v.goto(tampered);
      await expect(v).toHaveURL(/\/login\?redirect=/);
      await expect(v.getByRole("button", { name: "Login" })).toBeVisible();
      await expect(v.getByText(title)).toHaveCount(0);

      // The same pair on another tender: the sign-in page.
      await v.goto(`/tender/detail/${ids[1]}${shared.search}`);
      await expect(v).toHaveURL(/\/login\?redirect=/);

      // Revoked by its owner: the sign-in page.
      await page.getByRole("button", { name: "Share" }).click();
      await page.getByRole("button", { name: "Stop sharing" }).click();
      await expect(page.getByText(/shared links? no longer work/)).toBeVisible();
      await v.goto(shared.pathname + shared.search);
      await expect(v).toHaveURL(/\/login\?redirect=/);
      await expect(v.getByText(title)).toHaveCount(0);
    } finally {
      await visitor.close();
    }
  });
});

// A quick search saved with 'Show all tenders' on keeps it: reopened from Quick Searches, the
// toggle is on again and the list is as long as when it was saved (not only live tenders).
// Desktop only: the lister test walks the same switch through the phone's filters drawer.
test.describe(`tenders quick search, ${DESKTOP.name} (${DESKTOP.width}px)`, () => {
  test("save a search with 'Show all tenders' on, reopen it from Quick Searches with the toggle on and the same count", async ({ page }) => {
    await page.setViewportSize({ width: DESKTOP.width, height: DESKTOP.height });
    await signedIn(page, demo, { to: "/live-tenders" });
    const live = await count(page);
    await withFilters(page, false, (panel) => panel.getByRole("switch", { name: /Show all tenders/ }).click());
    await poll(() => new URL(page.url()).searchParams.get("search_all_tenders")).toBe("true");
    const all = await count(page);
    expect(all).toBeGreaterThan(live);

    await page.getByRole("button", { name: "Save search" }).click();
    const dialog = page.getByRole("dialog", { name: "Save as quick search" });
    const name = `Every tender ${Date.now()}`;
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText(`Saved '${name}' to Quick Searches`)).toBeVisible();
    const saved = (await pageGet<{ results: { name: string; query: string }[] }>(page, "/api/saved-search/")).results.find((s) => s.name === name);
    expect(new URLSearchParams(saved!.query).get("search_all_tenders")).toBe("true");

    await page.goto("/quick-searches");
    const item = page.locator(".quick-search-list .ant-list-item").filter({ hasText: name });
    await expect(item).toContainText("Tenders");
    await item.getByRole("link", { name }).click();
    await poll(() => new URL(page.url()).pathname).toBe("/live-tenders");
    expect(new URL(page.url()).searchParams.get("search_all_tenders")).toBe("true");
    expect(await count(page)).toBe(all);
    await expect(page.locator(".active-filters")).toContainText("All tenders");
    await withFilters(page, false, (panel) => expect(panel.getByRole("switch", { name: /Show all tenders/ })).toBeChecked());

    // Leave the demo user as it was.
    await page.goto("/quick-searches");
    await item.getByRole("button", { name: `Delete ${name}` }).click();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(item).toHaveCount(0);
  });
});
