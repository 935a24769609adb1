// Lead listers, lead detail and the QA tool in Chromium against the seeded demo data (the listers
// at desktop (1280) and phone (390) widths, where their layout differs; the rest at desktop):
// search, facets with counts, price in crore, paging,
// export, marking, unlocking a contact (the top bar's credits drop by exactly one) and
// verifying its number. Screenshots (leads-*.png) only when E2E_SCREENSHOTS=<dir> asks.
import fs from "node:fs";
import { expect, type Page } from "@playwright/test";
import { demo, credits, DESKTOP, listerCount, pageGet, screenshots, signedIn, staff, WIDTHS, withFilters, poll, recordedTest as test } from "./fixtures.js";
import { expectListerLayout } from "./lister-layout.js";

/** The number in the lister's summary ('1,234 leads'); awaited alone, it waits for the list. */
const resultCount = (page: Page) => listerCount(page, "leads");
const waitForList = resultCount;

type ApiContact = { id: number; name: string; is_unlocked: boolean; phone: string | null };

/** The first lead with a contact that passes `want`. */
async function findContact(page: Page, want: (c: ApiContact) => boolean): Promise<{ leadId: number; contact: ApiContact }> {
  for (let id = 1; id <= 300; id++) {
    const r = await pageGet<{ results?: ApiContact[] }>(page, `/api/work/${id}/contacts/`);
    const c = r.results?.find(want);
    if (c) return { leadId: id, contact: c };
  }
  throw new Error("no such contact");
}

/** A lead with a contact this user has not unlocked yet (skipping the ones given). */
const leadWithLockedContact = (page: Page, skip: Set<number>) => findContact(page, (c) => !c.is_unlocked && !!c.phone && !skip.has(c.id));

const shot = screenshots("leads", { dirVariable: "LEADS_SHOTS" });

for (const vp of WIDTHS) {
  const phone = vp.name === "phone";

  test.describe(`${vp.name} (${vp.width}px)`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width: vp.width, height: vp.height });
    });

    test("search a term, pick facets and see the counts follow, then page and reload", async ({ page }) => {
      await signedIn(page, demo, { to: "/private-construction-leads" });
      const all = await resultCount(page);
      expect(all).toBeGreaterThan(20);
      await expectListerLayout(page, phone, { cards: ".lead-cards .lead-card", table: ".lead-table" });
      await shot(page, `lister-${vp.name}`);

      // A term: fewer leads, q and oq in the URL.
      await page.getByLabel("Search text").fill("hospital & school");
      await page.getByLabel("Search text").press("Enter");
      await poll(() => new URL(page.url()).searchParams.get("q")).toBe("hospital school");
      expect(new URL(page.url()).searchParams.get("oq")).toBe("hospital & school");
      await poll(() => resultCount(page)).toBeLessThan(all);
      await page.getByLabel("Search text").fill("");
      await page.getByLabel("Search text").press("Enter");
      await poll(() => resultCount(page)).toBe(all);

      // Facets: one state gives its count; a second state adds its own (values of a field OR).
      const [first, second] = await withFilters(page, phone, async (panel) => {
        const group = panel.getByRole("group", { name: "State" });
        const options = group.locator(".facet-options li");
        const a = { name: (await options.nth(0).locator(".facet-text").innerText()).trim(), count: Number((await options.nth(0).locator(".facet-count").innerText()).replace(/,/g, "")) };
        const b = { name: (await options.nth(1).locator(".facet-text").innerText()).trim(), count: Number((await options.nth(1).locator(".facet-count").innerText()).replace(/,/g, "")) };
        const sectorBefore = await panel.getByRole("group", { name: "Sector" }).locator(".facet-count").allInnerTexts();
        await group.getByRole("checkbox", { name: a.name }).click();
        await poll(() => new URL(page.url()).searchParams.getAll("filter")).toEqual([`state:${a.name}`]);
        // Other facets are now counted within the chosen state.
        await poll(async () => (await panel.getByRole("group", { name: "Sector" }).locator(".facet-count").allInnerTexts()).join()).not.toBe(sectorBefore.join());
        // The chosen state's own count is unchanged (multi-select counts).
        await expect(group.locator(".facet-options li").filter({ hasText: a.name }).locator(".facet-count")).toHaveText(a.count.toLocaleString("en-IN"));
        await group.getByRole("checkbox", { name: b.name }).click();
        await poll(() => new URL(page.url()).searchParams.getAll("filter")).toEqual([`state:${a.name}`, `state:${b.name}`]);
        return [a, b];
      });
      await poll(() => resultCount(page)).toBe(first.count + second.count);
      await expect(page.locator(".active-filters")).toContainText(`State: ${first.name}`);

      // Paging keeps the filters; a reload shows the same page. The seeded demo data (seed 7) has
      // more than one page in its two largest states, so this always runs (it was skipped when not).
      expect(first.count + second.count).toBeGreaterThan(20);
      await page.getByTitle("Next Page").click();
      await poll(() => new URL(page.url()).searchParams.get("page")).toBe("2");
      await waitForList(page);
      const firstTitle = await page.locator(".lead-title-link").first().innerText();
      await page.reload();
      await waitForList(page);
      await expect(page.locator(".lead-title-link").first()).toHaveText(firstTitle);
      expect(new URL(page.url()).searchParams.getAll("filter")).toEqual([`state:${first.name}`, `state:${second.name}`]);
      // Back goes to page 1.
      await page.goBack();
      await poll(() => new URL(page.url()).searchParams.get("page")).toBeNull();
    });

    test("the new-style lister previews the selected lead and opens its new-style page", async ({ page }) => {
      await signedIn(page, demo, { to: "/private-industrial-leads-new" });
      await waitForList(page);
      if (phone) {
        // No preview beside the list on a phone, and no card to select for it: a card's title opens the lead's page.
        const first = page.locator(".lead-card").first();
        await expect(first).toBeVisible();
        await expect(page.locator(".lead-preview")).toHaveCount(0);
        await expect(page.locator(".lead-card-selectable")).toHaveCount(0);
        const title = await first.locator(".lead-title-link").innerText();
        await shot(page, `new-lister-${vp.name}`);
        await first.locator(".lead-title-link").click();
        await expect(page).toHaveURL(/\/project-detail-new\/\d+$/);
        await expect(page.getByRole("heading", { name: title })).toBeVisible();
      } else {
        await expect(page.locator(".lead-preview")).toBeVisible();
        const second = page.locator(".lead-card").nth(1);
        const title = await second.locator(".lead-title-link").innerText();
        await second.click();
        await expect(page.locator(".lead-preview-title")).toHaveText(title);
        await poll(() => new URL(page.url()).searchParams.get("selected")).toBe(await second.getAttribute("data-lead-id"));
        await expect(page.locator(".lead-preview")).toContainText(/contacts?|No contacts yet/);
        await shot(page, `new-lister-${vp.name}`);
        await page.locator(".lead-preview").getByRole("link", { name: /Open/ }).click();
        await expect(page).toHaveURL(/\/project-detail-new\/\d+$/);
        await expect(page.getByRole("heading", { name: title })).toBeVisible();
      }
      await expect(page.getByRole("tab", { name: "Contacts" })).toBeVisible();
      await shot(page, `detail-new-${vp.name}`);
      // Ask about this lead: an answer with numbered citations that expand to their passages.
      await page.getByLabel("Question about this lead").fill("Who is the owner?");
      await page.getByRole("button", { name: "Ask" }).click();
      const answer = page.locator(".ask-answer");
      await expect(answer).toBeVisible({ timeout: 20_000 });
      await expect(answer.locator(".rag-answer")).toContainText("[1]");
      await answer.getByRole("link", { name: "Citation 1" }).first().click();
      await expect(answer.locator(".rag-passage").first()).toBeVisible();
    });
  });
}

// Price, export, marks and unlocking use the same controls at 390 px (in cards instead of rows,
// the price inputs in the filters drawer the lister test opens): desktop only.
test.describe(`${DESKTOP.name} (${DESKTOP.width}px)`, () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: DESKTOP.width, height: DESKTOP.height });
  });

  test("filter by price in crore", async ({ page }) => {
    await signedIn(page, demo, { to: "/private-industrial-leads" });
    await waitForList(page);
    await withFilters(page, false, async (panel) => {
      await panel.getByLabel("Minimum value").fill("10");
      await panel.getByLabel("Maximum value").fill("50");
      await expect(panel.getByLabel("Denomination").first()).toBeVisible();
      await panel.getByLabel("Maximum value").press("Enter"); // Enter applies, as 'Apply value' does
    });
    await poll(() => new URL(page.url()).searchParams.getAll("filter")).toEqual(["value:[100000000 TO 500000000]"]);
    expect(new URL(page.url()).searchParams.get("unit")).toBe("cr");
    await waitForList(page);
    const values = await page.locator(".lead-value").allInnerTexts();
    expect(values.length).toBeGreaterThan(0);
    for (const v of values) {
      const m = /^₹ ([\d,.]+) Cr$/.exec(v.trim());
      expect(m, v).not.toBeNull();
      const crore = Number(m![1].replace(/,/g, ""));
      expect(crore).toBeGreaterThanOrEqual(10);
      expect(crore).toBeLessThanOrEqual(50);
    }
    // Reload: the inputs show crores again.
    await page.reload();
    await waitForList(page);
    await withFilters(page, false, async (panel) => {
      await expect(panel.getByLabel("Minimum value")).toHaveValue("10");
      await expect(panel.getByLabel("Maximum value")).toHaveValue("50");
    });
  });

  test("filter by a date range in the browser's own date inputs: India's days in the URL, From after To refused", async ({ page }) => {
    await signedIn(page, demo, { to: "/private-construction-leads" });
    const all = await resultCount(page);
    const panel = page.getByRole("complementary", { name: "Filters" });
    const group = panel.getByRole("group", { name: "Retrieved on range" });
    const from = group.getByLabel("Retrieved on From");
    const to = group.getByLabel("Retrieved on To");
    await expect(from).toHaveAttribute("type", "date");
    await from.fill("2020-01-01");
    await poll(() => new URL(page.url()).searchParams.getAll("filter")).toEqual(["retrieved_on:[2019-12-31T18:30:00Z TO *]"]);
    await to.fill("2030-12-31");
    await poll(() => new URL(page.url()).searchParams.getAll("filter")).toEqual(["retrieved_on:[2019-12-31T18:30:00Z TO 2030-12-31T18:29:59.999Z]"]);
    expect(await resultCount(page)).toBeLessThanOrEqual(all);
    // A From after To is not applied, and the panel says why.
    await from.fill("2031-01-01");
    await expect(group.getByRole("alert")).toHaveText(/‘From’ is after ‘To’/);
    expect(new URL(page.url()).searchParams.getAll("filter")).toEqual(["retrieved_on:[2019-12-31T18:30:00Z TO 2030-12-31T18:29:59.999Z]"]);
    // Reload: the fields show the applied days again.
    await page.reload();
    await expect(from).toHaveValue("2020-01-01");
    await expect(to).toHaveValue("2030-12-31");
    await group.getByLabel("Clear Retrieved on").click();
    await poll(() => new URL(page.url()).searchParams.getAll("filter")).toEqual([]);
    await expect(from).toHaveValue("");
    await poll(() => resultCount(page)).toBe(all);
  });

  test("export the filtered list as CSV and Excel", async ({ page }) => {
    await signedIn(page, demo, { to: "/private-construction-leads?filter=value:[500000000 TO *]&unit=cr&sort=value+desc" });
    const count = await resultCount(page);
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThan(10_000);
    const [csv] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export CSV" }).click()]);
    expect(csv.suggestedFilename()).toMatch(/\.csv$/);
    const text = fs.readFileSync((await csv.path())!, "utf8").replace(/^\uFEFF/, "");
    const lines = text.trim().split(/\r?\n/);
    expect(lines[0]).toContain("Title");
    expect(lines.length - 1).toBe(count);
    const firstTitle = await page.locator(".lead-title-link").first().innerText();
    expect(text).toContain(firstTitle.replace(/"/g, '""'));
    const [xlsx] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export Excel" }).click()]);
    expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
    const bytes = fs.readFileSync((await xlsx.path())!);
    expect(bytes.subarray(0, 2).toString()).toBe("PK"); // a zip, as XLSX files are
  });

  test("mark a lead and see the mark after a reload", async ({ page }) => {
    await signedIn(page, demo, { to: "/private-industrial-leads?sort=value+asc" });
    await waitForList(page);
    const rows = page.locator(".lead-table tbody tr");
    const container = rows.nth(6);
    const title = await container.locator(".lead-title-link").innerText();
    const control = container.locator(".mark-control");
    const before = await control.getAttribute("data-mark");
    const target = before === "tentative" ? "Shortlisted" : "Tentative";
    await control.click();
    await page.getByRole("menuitem", { name: target }).click();
    await expect(control).toHaveAttribute("data-mark", target.toLowerCase());
    await page.reload();
    await waitForList(page);
    const again = rows.filter({ hasText: title }).first().locator(".mark-control");
    await expect(again).toHaveAttribute("data-mark", target.toLowerCase());
    await expect(again).toHaveAccessibleName(`Marked ${target}`);
    // and back to unmarked ('Mark As')
    await again.click();
    await page.getByRole("menuitem", { name: "Unmark" }).click();
    await expect(again).toHaveAccessibleName("Mark As");
    await page.reload();
    await waitForList(page);
    await expect(rows.filter({ hasText: title }).first().locator(".mark-control")).toHaveAccessibleName("Mark As");
  });

  test("unlock a contact (credits drop by exactly one), then verify it on the QA tool", async ({ page }) => {
    await signedIn(page, demo, { to: "/private-construction-leads" });
    await waitForList(page);
    const { leadId, contact } = await leadWithLockedContact(page, new Set());
    await page.goto(`/private-leads/detail/${leadId}`);
    await expect(page.locator(".lead-header")).toBeVisible();
    await expect(page.getByRole("button", { name: `Unlock (1 credit): ${contact.name}` })).toBeVisible();
    await shot(page, "detail-desktop");
    const before = await credits(page);
    const unlock = page.getByRole("button", { name: `Unlock (1 credit): ${contact.name}` });
    await unlock.click();
    // Nothing is spent before the user confirms, with the price and the balance in view.
    const confirm = page.locator(".ant-popconfirm").filter({ hasText: `Unlock ${contact.name}?` });
    await expect(confirm).toContainText(`This spends 1 credit of your ${before.remaining} credits.`);
    await shot(page, "unlock-confirm-desktop");
    expect((await credits(page)).remaining).toBe(before.remaining);
    await confirm.getByRole("button", { name: "Spend 1 credit" }).dblclick();
    await expect(page.getByRole("button", { name: `Unlock (1 credit): ${contact.name}` })).toHaveCount(0);
    await poll(async () => (await credits(page)).remaining).toBe(before.remaining - 1);
    const full = await pageGet<{ results: { id: number; phone: string; is_unlocked: boolean }[] }>(page, `/api/work/${leadId}/contacts/`);
    const unlocked = full.results.find((c) => c.id === contact.id)!;
    expect(unlocked.is_unlocked).toBe(true);
    await expect(page.getByText(unlocked.phone, { exact: true }).first()).toBeVisible();
    // After a reload the balance is the server's: still exactly one less.
    await page.reload();
    await expect(page.locator(".lead-header")).toBeVisible();
    expect((await credits(page)).remaining).toBe(before.remaining - 1);

    // The QA tool: verify the unlocked number.
    await page.getByRole("link", { name: /QA tool/ }).click();
    await expect(page).toHaveURL(new RegExp(`/private-leads/detail/${leadId}/qa-tool$`));
    await page.getByRole("button", { name: `Verify ${contact.name}` }).click();
    await expect(page.getByText("Valid number")).toBeVisible();
    await expect(page.locator(".qa-number")).toContainText(unlocked.phone);
    await expect(page.getByText(/Who else has this number \(\d+\)/)).toBeVisible();
    const match = page.locator(".qa-result table tbody tr.data-table-row").filter({ hasText: contact.name }).first();
    await expect(match).toContainText("100"); // the registered name matches itself fully
    await shot(page, "qa-desktop");
    // Report it as wrong, with a reason.
    await page.getByRole("button", { name: "Report wrong number" }).click();
    const dialog = page.getByRole("dialog", { name: "Report wrong number" });
    await dialog.getByLabel("Reason").fill("Rang it: belongs to someone else");
    await dialog.getByRole("button", { name: "Report" }).click();
    await expect(page.getByText(/The number is reported/)).toBeVisible();
  });
});

test("an unknown lead shows the 404 page and 404 Not Found", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signedIn(page, demo, { to: "/private-industrial-leads/detail/99999999" });
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  await expect(page.getByText("404 Not Found").first()).toBeVisible();
  await expect(page.getByRole("link", { name: /Back to Industrial Projects/ })).toBeVisible();
});

test("a malformed lead id shows the 404 page, never the server's field message", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signedIn(page, demo, { to: "/private-leads/detail/abc" });
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  await expect(page.getByText(/whole number/)).toHaveCount(0);
  await page.goto("/tender/detail/abc");
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  await expect(page.getByText(/whole number/)).toHaveCount(0);
});

test("set a reminder on a lead: saved for that lead at the chosen time", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signedIn(page, demo, { to: "/private-construction-leads" });
  await waitForList(page);
  const first = await pageGet<{ results: { id: number }[] }>(page, "/api/list/search/?filter=category:construction");
  const leadId = first.results[0].id;
  await page.goto(`/private-leads/detail/${leadId}`);
  await page.getByRole("button", { name: "Set reminder" }).click();
  const dialog = page.getByRole("dialog", { name: "Set reminder" });
  await dialog.getByLabel("Note").fill("Call the site engineer (e2e)");
  await dialog.getByRole("button", { name: "Save reminder" }).click();
  await expect(page.getByText(/^Reminder set for /)).toBeVisible();
  await expect(dialog).toBeHidden();
  const mine = await pageGet<{ results: { item_type: string; item_id: number; note: string; remind_at: string }[] }>(page, "/api/reminders/list");
  const saved = mine.results.filter((r) => r.note === "Call the site engineer (e2e)");
  expect(saved).toHaveLength(1);
  expect(saved[0]).toMatchObject({ item_type: "project", item_id: leadId });
  expect(new Date(saved[0].remind_at).getTime()).toBeGreaterThan(Date.now());
});

test("staff: the QA tool offers Reprocess and the debug panel", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signedIn(page, staff, { to: "/private-construction-leads" });
  await waitForList(page);
  // Staff see every number in full.
  const { leadId, contact } = await findContact(page, (c) => !!c.phone);
  expect(contact.phone).not.toMatch(/X/);
  await page.goto(`/private-leads/detail/${leadId}/qa-tool`);
  await expect(page.getByText("Debug (staff)")).toBeVisible();
  await expect(page.getByText("Stored row")).toBeVisible();
  await page.getByRole("button", { name: `Verify ${contact.name}` }).click();
  await expect(page.getByText("Valid number")).toBeVisible();
  await page.getByRole("button", { name: "Reprocess" }).click();
  await expect(page.getByText(/Reprocessed \d+ contact/)).toBeVisible();
  await shot(page, "qa-staff-desktop");
});
