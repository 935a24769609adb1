// Builders in Chromium against the seeded demo data (the lister and the contacts list at desktop
// (1280) and phone (390) widths, where they differ; the rest at desktop):
// search by name and CIN, facets with counts and URL state, a builder's detail with its activity
// charts, unlocking a company (the top bar's credits drop by exactly the quoted cost and the
// contacts show in full), contacts filtered by source, the unlocked-companies list, financial
// charts and table, and director lookup by DIN. Screenshots (builders-*.png) only when E2E_SCREENSHOTS=<dir> asks.
import { expect, type Page } from "@playwright/test";
import type { ListResponse } from "../../common/api";
import type { CompanyContactsPage, CompanyDetails, CompanyFinancialData, CompanyListRow, CompanyStaticRow, DirectorInfoResponse } from "../../common/companies";
import { demo, credits, DESKTOP, listerCount, pageGet, screenshots, settled, signedIn, WIDTHS, withFilters, poll, recordedTest as test } from "./fixtures.js";
import { expectListerLayout } from "./lister-layout.js";

const shot = screenshots("builders", { dirVariable: "BUILDERS_SHOTS", fullPage: true });

const resultCount = (page: Page) => listerCount(page, "companies");

/** The names on the current page of results (table rows on desktop, cards on a phone). */
const shownNames = (page: Page) => page.locator(".lister-results .builder-name").allInnerTexts();

/** The contacts summary line: '2 contacts', '1 contact matches', '3 contacts match'. */
const contactsLine = (n: number, filtered = false) => `${n} contact${n === 1 ? "" : "s"}${filtered ? (n === 1 ? " matches" : " match") : ""}`;

const queryParam = (page: Page, key: string) => new URL(page.url()).searchParams.get(key);

for (const vp of WIDTHS) {
  const phone = vp.name === "phone";

  test.describe(`${vp.name} (${vp.width}px)`, () => {
    // Long journeys on a machine shared with other test runs.
    test.describe.configure({ timeout: 180_000 });
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width: vp.width, height: vp.height });
    });

    test("search builders by name and CIN, narrow by facets, and keep it all in the URL", async ({ page }) => {
      await signedIn(page, demo, { to: "/builders" });
      const all = await resultCount(page);
      expect(all).toBeGreaterThan(20);
      await expectListerLayout(page, phone, { cards: ".builder-card", table: ".builder-table" });
      await shot(page, `lister-${vp.name}`);

      // A company with a CIN from the API: its name finds it, and so does its CIN.
      const rows = await pageGet<ListResponse<CompanyListRow>>(page, "/api/list/company/search/?page=2");
      const target = rows.results.find((r) => r.cin)!;
      await page.getByLabel("Search text").fill(target.name);
      await page.getByLabel("Search text").press("Enter");
      await poll(() => queryParam(page, "q")).toBe(target.name.replace(/&/g, " ").replace(/\s+/g, " ").trim());
      await poll(() => resultCount(page)).toBeLessThan(all);
      expect((await shownNames(page))[0]).toBe(target.name);

      await page.getByLabel("Search text").fill(target.cin!);
      await page.getByLabel("Search text").press("Enter");
      await poll(() => queryParam(page, "q")).toBe(target.cin);
      await settled(page);
      expect(await shownNames(page)).toContain(target.name);

      await page.getByLabel("Search text").fill("");
      await page.getByLabel("Search text").press("Enter");
      await poll(() => resultCount(page)).toBe(all);

      // Facets: one state gives its count, a type within it narrows further; the URL says so.
      const state = await withFilters(page, phone, async (panel) => {
        const group = panel.getByRole("group", { name: "State" });
        const first = group.locator(".facet-options li").first();
        const picked = { name: (await first.locator(".facet-text").innerText()).trim(), count: Number((await first.locator(".facet-count").innerText()).replace(/,/g, "")) };
        await group.getByRole("checkbox", { name: picked.name }).click();
        await poll(() => new URL(page.url()).searchParams.getAll("filter")).toEqual([`state:${picked.name}`]);
        return picked;
      });
      await poll(() => resultCount(page)).toBe(state.count);
      await expect(page.locator(".active-filters")).toContainText(`State: ${state.name}`);
      const type = await withFilters(page, phone, async (panel) => {
        const group = panel.getByRole("group", { name: "Type" });
        const first = group.locator(".facet-options li").first();
        const picked = { name: (await first.locator(".facet-text").innerText()).trim(), count: Number((await first.locator(".facet-count").innerText()).replace(/,/g, "")) };
        await group.getByRole("checkbox", { name: picked.name }).click();
        return picked;
      });
      await poll(() => new URL(page.url()).searchParams.getAll("filter")).toEqual([`state:${state.name}`, `company_type:${type.name}`]);
      await poll(() => resultCount(page)).toBe(type.count);
      expect(type.count).toBeLessThanOrEqual(state.count);

      // A reload shows the same list.
      await page.reload();
      await poll(() => resultCount(page), { timeout: 40_000 }).toBe(type.count);
      await shot(page, `lister-filtered-${vp.name}`);
    });

    test("contacts: masked before unlocking, filtered by source and seniority, with the quality badge", async ({ page }) => {
      await signedIn(page);
      // A company not unlocked with contacts from at least two sources.
      const locked = await pageGet<ListResponse<CompanyStaticRow>>(page, "/api/company/static_data/?page=2");
      let chosen: { id: number; page: CompanyContactsPage } | null = null;
      for (const c of locked.results) {
        const p = await pageGet<CompanyContactsPage>(page, `/api/company/details/${c.id}/contacts/?page=1`);
        if (p.sources.filter((s) => s.count > 0).length >= 2) {
          chosen = { id: c.id, page: p };
          break;
        }
      }
      expect(chosen).not.toBeNull();
      const { id, page: all } = chosen!;
      await page.goto(`/builder/contacts/${id}`);
      await expect(page.locator(".contacts-summary")).toHaveText(contactsLine(all.count));
      await expect(page.getByText(/Phone numbers and e-mail addresses are hidden/)).toBeVisible();
      const masked = all.results.find((c) => c.phone)!;
      expect(masked.phone).toContain("X");
      await expect(page.getByText(masked.phone!, { exact: false }).first()).toBeVisible();
      const highQuality = all.results.filter((c) => (c.contact_fuzz_score ?? 0) > 70).length;
      await expect(page.locator(".quality-badge")).toHaveCount(highQuality);
      await shot(page, `contacts-${vp.name}`);

      // One source: the URL says source_q, the list holds only that source, and the count is the tag's.
      const source = all.sources.find((s) => s.count > 0)!;
      await page.getByRole("group", { name: "Source" }).getByText(new RegExp(`^${source.label}`)).click();
      await poll(() => queryParam(page, "source_q")).toBe(source.value);
      await expect(page.locator(".contacts-summary")).toHaveText(contactsLine(source.count, true));
      // A phone lists contacts as cards, each with a source line; a desktop, a table with a Source column.
      await expect(page.locator(phone ? ".company-contacts-table" : ".contact-card")).toHaveCount(0);
      const rows = phone ? page.locator(".contact-card .contact-card-source") : page.locator(".company-contacts-table tbody tr.data-table-row td:nth-child(3)");
      await expect(rows).toHaveCount(Math.min(source.count, all.page_size));
      for (const text of await rows.allInnerTexts()) expect(text).toContain(source.label);

      // A seniority on top narrows within the source (values from the API's own counts).
      const filtered = await pageGet<CompanyContactsPage>(page, `/api/company/details/${id}/contacts/?page=1&source_q=${source.value}`);
      const level = filtered.results[0].seniority!;
      await page.getByRole("combobox", { name: "Seniority" }).click();
      // Options read 'General Manager (3)': matched from the start, so 'Assistant General Manager' is not it.
      await page.locator(`.ant-select-item-option[title^="${level} ("]`).click();
      await page.keyboard.press("Escape");
      await poll(() => queryParam(page, "seniority")).toBe(level);
      const expected = filtered.results.filter((c) => c.seniority === level).length;
      await expect(page.locator(".contacts-summary")).toHaveText(contactsLine(expected, true));

      // A reload shows the same filtered list; the history card is there too.
      await page.reload();
      await expect(page.locator(".contacts-summary")).toHaveText(contactsLine(expected, true));
      await expect(page.getByText("Contacts history")).toBeVisible();
    });
  });
}

// Unlocking, financials and the 404 page read the same at 390 px (the same controls, in cards
// instead of rows): desktop only.
test.describe(`${DESKTOP.name} (${DESKTOP.width}px)`, () => {
  test.describe.configure({ timeout: 180_000 });
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: DESKTOP.width, height: DESKTOP.height });
  });

  test("open a builder, see its activity, unlock it for its quoted cost and see its contacts in full", async ({ page }) => {
    await signedIn(page);
    // The first company not unlocked yet with contacts.
    const locked = await pageGet<ListResponse<CompanyStaticRow>>(page, "/api/company/static_data/?page=1");
    const company = locked.results.find((c) => c.contact_count > 0)!;
    await page.goto(`/builders?q=${encodeURIComponent(company.name)}&oq=${encodeURIComponent(company.name)}`);
    await settled(page);
    await page.locator(".lister-results").getByRole("link", { name: company.name, exact: true }).first().click();
    await expect(page).toHaveURL(new RegExp(`/builder/detail/${company.id}$`));
    await expect(page.getByRole("heading", { name: company.name })).toBeVisible();

    // Activity figures and charts.
    const details = await pageGet<CompanyDetails>(page, `/api/company/details/${company.id}/`);
    await expect(page.locator(".builder-stat").first()).toBeVisible();
    await expect(page.getByText("Projects by status")).toBeVisible();
    await expect(page.locator(".builder-charts svg.chart-svg").first()).toBeVisible();
    await expect(page.getByText(details.company_type ?? "")).not.toHaveCount(0);

    // Unlock: confirm the spend; the top bar drops by exactly the cost, once.
    const before = (await credits(page)).remaining;
    const cost = details.unlock_cost;
    expect(cost).toBeGreaterThan(0);
    const unlock = page.getByRole("button", { name: `Unlock company (${cost} credits)` });
    await unlock.click();
    await page.getByRole("button", { name: `Spend ${cost} credits` }).click();
    await expect(page.getByText(/^Unlocked \d\d \w{3}, \d{4}$/)).toBeVisible();
    await poll(async () => (await credits(page)).remaining).toBe(before - cost);
    await shot(page, "detail-unlocked-desktop");

    // Its contacts now show in full.
    await page.getByRole("link", { name: /Contacts \(\d+\)/ }).first().click();
    await expect(page).toHaveURL(new RegExp(`/builder/contacts/${company.id}$`));
    const contacts = await pageGet<CompanyContactsPage>(page, `/api/company/details/${company.id}/contacts/?page=1`);
    expect(contacts.company_unlocked).toBe(true);
    const withPhone = contacts.results.find((c) => c.phone)!;
    expect(withPhone.phone).not.toContain("X");
    await expect(page.getByText(withPhone.phone!, { exact: true }).first()).toBeVisible();
    await expect(page.getByText(/Phone numbers and e-mail addresses are hidden/)).toHaveCount(0);

    // A reload keeps the balance: the spend happened once.
    await page.reload();
    await expect(page.getByText(withPhone.phone!, { exact: true }).first()).toBeVisible();
    expect((await credits(page)).remaining).toBe(before - cost);

    // The unlocked companies page lists it, with the credits it cost.
    await page.goto("/unlocked-companies");
    await expect(page.locator(".company-list").getByRole("link", { name: company.name })).toBeVisible();
    await shot(page, "unlocked-desktop");
    // …and the other tab no longer does.
    await page.getByRole("tab", { name: "Not unlocked yet" }).click();
    await poll(() => queryParam(page, "tab")).toBe("locked");
    await page.getByLabel("Search companies").fill(company.name);
    await page.getByLabel("Search companies").press("Enter");
    await expect(page.locator(".company-list-summary")).toHaveText(/^\d+ compan(y|ies)$/);
    await expect(page.locator(".company-list").getByRole("link", { name: company.name, exact: true })).toHaveCount(0);
  });

  test("financial data as charts and a table in lakh / crore, and directors looked up by DIN", async ({ page }) => {
    await signedIn(page);
    const rows = await pageGet<ListResponse<CompanyListRow>>(page, "/api/list/company/search/?page=1");
    const company = rows.results.find((r) => r.cin)!;
    const fin = await pageGet<CompanyFinancialData>(page, `/api/company/financial_data/${company.id}`);
    expect(fin.results.length).toBeGreaterThan(0);
    await page.goto(`/builder/detail/${company.id}`);
    await page.getByRole("link", { name: "Financial data and directors" }).click();
    await expect(page).toHaveURL(new RegExp(`/company-financial-data/${company.id}$`));

    // Two charts (revenue and profit; net worth and borrowings) with a bar per year.
    await expect(page.getByRole("img", { name: "Revenue and profit by fiscal year" }).locator("svg.chart-svg")).toBeVisible();
    await expect(page.getByRole("img", { name: "Net worth and borrowings by fiscal year" }).locator("svg.chart-svg")).toBeVisible();
    await expect(page.getByRole("img", { name: "Revenue and profit by fiscal year" }).locator(".chart-bar")).toHaveCount(fin.results.length * 2);
    // The table: one row per fiscal year, newest first, amounts in lakh / crore.
    const table = page.locator(".fin-table tbody tr.data-table-row");
    await expect(table).toHaveCount(fin.results.length);
    await expect(table.first()).toContainText(fin.results[fin.results.length - 1].fiscal_year);
    await expect(table.first()).toContainText(/₹ [\d.,]+ (Cr|L)/);

    // Directors of the company, each with their designation and appointment date.
    const info = await pageGet<DirectorInfoResponse>(page, `/api/company/get_company_director_info/?cin=${company.cin}`);
    expect(info.directors.length).toBeGreaterThan(0);
    const director = info.directors[0];
    await expect(page.getByText(director.name).first()).toBeVisible();
    await shot(page, "financial-desktop");

    // Clicking a DIN shows all that director's companies; Back returns.
    await page.getByRole("button", { name: `DIN ${director.din}` }).first().click();
    await poll(() => queryParam(page, "din")).toBe(director.din);
    await expect(page.getByText(`Every company of the director with DIN ${director.din}:`)).toBeVisible();
    await expect(page.locator("#directors").getByRole("link", { name: company.name }).first()).toBeVisible();
    await page.goBack();
    await poll(() => queryParam(page, "din")).toBeNull();

    // A malformed DIN is refused before it is sent.
    await page.getByLabel("Director DIN").fill("1234");
    await page.getByRole("button", { name: "Look up" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "A DIN has 8 digits." })).toBeVisible();
    // An unknown (well-formed) DIN says so.
    await page.getByLabel("Director DIN").fill("99999999");
    await page.getByRole("button", { name: "Look up" }).click();
    await expect(page.getByText("No director with DIN 99999999 on record.")).toBeVisible();
  });

  test("an unknown builder id shows the 404 page and 404 Not Found with a way back", async ({ page }) => {
    await signedIn(page, demo, { to: "/builder/detail/99999999" });
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
    await expect(page.getByText("404 Not Found").first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Builders" })).toBeVisible();
  });
});
