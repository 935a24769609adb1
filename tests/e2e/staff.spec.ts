// The staff area in real Chromium: the users admin, impersonation start and cancel, credits,
// disabling, the project edit page (fields, status updates, keywords, contacts, documents), the
// review queue's filters, unlocking while impersonating, and the area's absence for subscribers.
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { auth, demo, expectPath, pageGet, pageToken, poll, screenshots, signedIn, signIn, signUp, staff, subscribe, token, WIDTHS, recordedTest as test } from "./fixtures";

const shot = screenshots("staff", { dirVariable: "STAFF_SHOTS" });

async function adminUser(request: APIRequestContext, staffToken: string, email: string) {
  const r = await request.get(`/api/user/users/?q=${encodeURIComponent(email)}`, { headers: auth(staffToken) });
  const found = (await r.json()).results.find((u: { email: string }) => u.email === email);
  expect(found, `user ${email}`).toBeTruthy();
  return found as { id: number; total_credits: number; remaining_credits: number; is_active: boolean };
}

/** A subscriber made for one test: signed up, onboarded and activated through the API. */
async function freshSubscriber(request: APIRequestContext, staffToken: string) {
  const email = `staff.e2e.${Date.now()}@client-e2e.example`;
  const password = "Fresh-pass-123";
  const { token: userToken, id } = await signUp(request, { first_name: "Kiran", email, password });
  expect((await request.patch("/api/user-info/", { data: { preferred_proj_status: ["Planning"] }, headers: auth(userToken) })).ok()).toBe(true);
  await subscribe(request, staffToken, id, 90);
  return { id, email, password };
}

async function openUser(page: Page, email: string) {
  await page.goto("/update-projects?tab=users");
  await page.getByRole("searchbox", { name: "Search users" }).fill(email);
  await page.getByRole("searchbox", { name: "Search users" }).press("Enter");
  await page.getByRole("row").filter({ hasText: email }).click();
  const drawer = page.locator(".user-drawer");
  await expect(drawer.getByText(email).first()).toBeVisible();
  return drawer;
}

async function accountMenu(page: Page) {
  await page.getByRole("button", { name: "Account menu" }).click();
  return page.locator(".ant-dropdown-menu");
}

test.describe("staff area", () => {
  test("staff impersonates the demo subscriber from the users tab, sees the banner, and cancels back to staff", async ({ page }) => {
    await signedIn(page, staff);
    const drawer = await openUser(page, demo.email);
    await drawer.getByRole("button", { name: "Impersonate" }).click();
    await page.locator(".ant-popconfirm").getByRole("button", { name: "Impersonate" }).click();

    await expectPath(page, "/dashboard");
    await expect(page.getByText(`You are impersonating ${demo.email}`)).toBeVisible();
    // The staff token waits in this tab's sessionStorage; the token in use is the impersonation's.
    const kept = await page.evaluate(() => sessionStorage.getItem("infrascout_staff_token"));
    expect(kept).toBeTruthy();
    expect(await pageToken(page)).not.toBe(kept);
    // Impersonated: no staff powers, so no Update Projects in the menu.
    await expect(page.getByRole("menuitem", { name: "Update Projects" })).toHaveCount(0);

    const menu = await accountMenu(page);
    await expect(menu.getByText(demo.email)).toBeVisible();
    await menu.getByText("Cancel Impersonation").click();

    await expectPath(page, "/update-projects");
    expect(new URL(page.url()).searchParams.get("tab")).toBe("users");
    await expect(page.getByText(/You are impersonating/)).toHaveCount(0);
    expect(await pageToken(page)).toBe(kept);
    expect(await page.evaluate(() => sessionStorage.getItem("infrascout_staff_token"))).toBeNull();
    const again = await accountMenu(page);
    await expect(again.getByText(staff.email)).toBeVisible();
    await expect(again.getByText("Cancel Impersonation")).toHaveCount(0);
  });

  test("staff grants 5 credits; the subscriber's top bar shows them after signing in", async ({ page, browser, request }) => {
    const staffToken = await token(request, staff);
    const before = await adminUser(request, staffToken, demo.email);

    await signedIn(page, staff);
    const drawer = await openUser(page, demo.email);
    await drawer.getByLabel("Credits to grant").fill("5");
    await drawer.getByLabel("Note").fill("e2e goodwill");
    await drawer.getByRole("button", { name: "Grant credits" }).click();
    await expect(page.getByText("Granted 5 credits")).toBeVisible();
    await expect(drawer.getByRole("row").filter({ hasText: "e2e goodwill" }).getByText("+5")).toBeVisible();

    const subscriber = await browser.newPage();
    await signedIn(subscriber, demo);
    await expect(subscriber.getByText(`Credits: ${Math.max(0, before.remaining_credits + 5)} remaining out of total ${before.total_credits + 5}`)).toBeVisible();
    await subscriber.close();
  });

  test("staff disables a user; that user's open session is signed out on its next call", async ({ page, browser, request }) => {
    test.setTimeout(120_000); // two sessions and four sign-ins
    const staffToken = await token(request, staff);
    const user = await freshSubscriber(request, staffToken);

    const theirs = await browser.newPage();
    await signedIn(theirs, user);
    await expect(theirs.getByText(/Credits: \d+ remaining/)).toBeVisible();

    await signedIn(page, staff);
    const drawer = await openUser(page, user.email);
    await drawer.getByRole("button", { name: "Disable user" }).click();
    await page.locator(".ant-popconfirm").getByRole("button", { name: "Disable" }).click();
    await expect(page.getByText("User disabled")).toBeVisible();
    await expect(drawer.getByText("This user is disabled and cannot sign in.")).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: user.email }).getByText("Disabled")).toBeVisible();

    // Their next call (the page loads their user data again) is refused with 401: they are signed
    // out and land on the login page, which brings them back to where they were.
    await theirs.reload();
    await expectPath(theirs, "/login");
    expect(new URL(theirs.url()).searchParams.get("redirect")).toBe("/private-construction-leads");
    expect(await pageToken(theirs)).toBeNull();
    // And they cannot sign in again.
    await signIn(theirs, user);
    await expectPath(theirs, "/login");
    await theirs.close();
  });

  test("staff opens the audit log and filters by kind: an impersonation's end shows how it ended", async ({ page, request }) => {
    const staffToken = await token(request, staff);
    const demoUser = await adminUser(request, staffToken, demo.email);
    const imp = await request.get(`/api/impersonate/${demoUser.id}/`, { headers: auth(staffToken) });
    expect(imp.status()).toBe(200);
    expect((await request.get("/api/cancel-impersonate/", { headers: auth((await imp.json()).token) })).status()).toBe(200);

    await signedIn(page, staff, { to: "/update-projects?tab=audit" });
    await expect(page.getByRole("tab", { name: "Audit log", selected: true })).toBeVisible();
    await expect(page.getByRole("columnheader", { name: "When (IST)" })).toBeVisible();
    await page.locator(".audit-kind-filter").click();
    await page.locator('.ant-select-item-option[title="Impersonation end"]').click();
    expect(new URL(page.url()).searchParams.get("action")).toBe("impersonation_end");
    const newest = page.locator(".audit-table tbody tr.data-table-row").first();
    await expect(newest).toContainText(demo.email);
    await expect(newest).toContainText("Ended by: cancel");
    await expect(page.locator(".audit-table .audit-action").filter({ hasNotText: "Impersonation end" })).toHaveCount(0);
  });

  test("a subscriber opening /update-projects gets the 404 page", async ({ page }) => {
    await signedIn(page, demo, { to: "/update-projects" });
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
    await page.goto("/update-projects?tab=users");
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
    await expect(page.getByText("Review queue")).toHaveCount(0);
  });

  async function openFirstQueuedProject(page: Page) {
    await signedIn(page, staff, { to: "/update-projects" });
    const first = page.locator(".review-queue .data-table-row a").first();
    // The queue is a full lister (list and facets): give a loaded machine time.
    await expect(first).toBeVisible({ timeout: 30_000 });
    await first.click();
    await expect(page).toHaveURL(/\/update-projects\/detail\/\d+$/);
    await expect(page.getByRole("textbox", { name: "City" })).not.toHaveValue("");
  }

  test("staff edits a project's fields; the save is kept and recorded in its history", async ({ page }) => {
    await openFirstQueuedProject(page);
    // A city no seeded project has, so only this save can put it there.
    const city = `Nagpur ${Date.now().toString(36)}`;
    await page.getByRole("textbox", { name: "City" }).fill(city);
    await page.getByLabel("Value (₹)").fill("25000000");
    await expect(page.getByText("₹ 2.5 Crore")).toBeVisible();
    const saves: string[] = [];
    page.on("request", (r) => void (r.method() === "PATCH" && /\/api\/work\/\d+\/$/.test(new URL(r.url()).pathname) && saves.push(r.postData() ?? "")));
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Project saved")).toBeVisible();
    await expect(page.locator(".project-history").getByText(/city/).first()).toBeVisible();
    expect(saves).toHaveLength(1); // one click, one save (not two saves and two history lines)
    // Read back from the server: the form loads the project afresh.
    await page.reload();
    await expect(page.getByRole("textbox", { name: "City" })).toHaveValue(city);
    await expect(page.getByText("₹ 2.5 Crore")).toBeVisible();
  });

  test("staff adds a status update and a keyword to a project from the review queue", async ({ page }) => {
    test.setTimeout(120_000); // two saves and a reload to read the keyword back
    await openFirstQueuedProject(page);
    await page.locator(".status-updates .ant-select").click();
    await page.locator(".ant-select-dropdown:visible .ant-select-item-option-content").getByText("Awarded", { exact: true }).click();
    await page.locator(".status-updates").getByLabel("Note").fill("Contract awarded (e2e)");
    await page.getByRole("button", { name: "Add status update" }).click();
    await expect(page.getByText("Status update added")).toBeVisible();
    await expect(page.locator(".status-update-list").getByText("Contract awarded (e2e)")).toBeVisible();

    const keyword = `e2e-keyword-${Date.now().toString(36)}`;
    await page.getByLabel("New keyword").fill(keyword);
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect(page.getByText(`Keyword '${keyword}' added`)).toBeVisible();
    // Read back from the server: after a reload the project's keywords include it.
    await page.reload();
    const keywords = page.getByRole("region", { name: "Keywords", exact: true });
    await expect(keywords.locator(".ant-tag").filter({ hasText: new RegExp(`^${keyword}$`) })).toBeVisible();
  });

  test("staff adds a contact and a document to a lead; a subscriber who shortlisted it sees both", async ({ page, browser, request }) => {
    test.setTimeout(150_000); // two sessions and two forms
    // A construction lead the demo subscriber shortlists (through the API, as the lister would).
    const demoToken = await token(request, demo);
    const list = await (await request.get("/api/list/search/?filter=category:construction&sort=value%20desc", { headers: auth(demoToken) })).json();
    const lead = list.results[5] as { id: number; title: string };
    expect((await request.post(`/api/work/${lead.id}/mark/`, { data: { mark: "shortlisted" }, headers: auth(demoToken) })).ok()).toBe(true);

    const stamp = Date.now().toString(36);
    const name = `Asha Kulkarni ${stamp}`;
    const mobile = `9${String(Date.now()).slice(-9)}`;
    await signedIn(page, staff, { to: `/update-projects/detail/${lead.id}` });
    const contacts = page.locator(".project-contacts");
    await contacts.getByRole("button", { name: "Add contact" }).click();
    await contacts.getByLabel("Name").fill(name);
    await contacts.getByLabel("Designation").fill("Site Engineer");
    await contacts.getByLabel("Seniority").click();
    await page.locator(".ant-select-dropdown:visible").getByText("Manager or equivalent", { exact: true }).click();
    // Seniority's list is closed before Source's opens, so the two never overlap (once, on a
    // loaded CI machine, Source's option stayed hidden for the whole test timeout).
    await expect(page.locator(".ant-select-dropdown:visible")).toHaveCount(0);
    await contacts.getByLabel("Source").click({ force: true }); // the chosen value covers the input
    await page.locator(".ant-select-dropdown:visible").getByText("Official Government Website", { exact: true }).click();
    // A number libphonenumber refuses is caught beside the field, before anything is sent.
    await contacts.getByLabel("Phone").fill("12345");
    await contacts.getByRole("button", { name: "Save contact" }).click();
    await expect(contacts.getByText("Enter a valid phone number.")).toBeVisible();
    await contacts.getByLabel("Phone").fill(mobile);
    await contacts.getByLabel("E-mail").fill(`asha.${stamp}@example.org`);
    await contacts.getByRole("button", { name: "Save contact" }).click();
    await expect(page.getByText(`Contact '${name}' added`)).toBeVisible();
    await expect(contacts.locator(".project-contact-list").getByText(name)).toBeVisible();
    await expect(contacts.locator(".project-contact-list").getByText(`+91${mobile}`, { exact: false })).toBeVisible();

    const documents = page.locator(".project-documents");
    await documents.getByRole("button", { name: "Add document" }).click();
    await documents.getByLabel("Title").fill(`Fire NOC ${stamp}`);
    await documents.getByRole("button", { name: "Save document" }).click();
    await expect(documents.getByText("Give the document's text or its web address.")).toBeVisible();
    await documents.getByLabel("Web address").fill("https://example.org/fire-noc.pdf");
    await documents.getByRole("textbox", { name: /^Text/ }).fill("Fire safety clearance for towers A and B.");
    await documents.getByRole("button", { name: "Save document" }).click();
    await expect(page.getByText(`Document 'Fire NOC ${stamp}' added`)).toBeVisible();
    await expect(documents.getByText(`Fire NOC ${stamp}`)).toBeVisible();
    // Both saves are in the history with who made them, and in the status updates.
    const history = page.locator(".project-history");
    await expect(history.getByText(`${name}, Site Engineer`)).toBeVisible();
    await expect(history.getByText(`Fire NOC ${stamp}`)).toBeVisible();
    const u = await pageGet<{ first_name: string; last_name: string }>(page, "/api/user-info/");
    const me = `${u.first_name} ${u.last_name}`.trim();
    await expect(history.getByText(new RegExp(`\\d{2}:\\d{2} [AP]M IST · ${me}$`))).toHaveCount(2);
    await expect(page.locator(".status-update-list").getByText(`New document added: Fire NOC ${stamp}`)).toBeVisible();
    // An image: uploaded from the editor, shown there, and a line in the history.
    const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
    await page.locator(".project-images input[type=file]").setInputFiles({ name: `site-${stamp}.png`, mimeType: "image/png", buffer: png });
    await expect(page.getByText("Image uploaded")).toBeVisible();
    await expect(page.locator(".project-images img")).toHaveCount(1);
    // The thumbnail opens the preview (loaded on first use); Escape closes it.
    await page.getByRole("button", { name: `Open site-${stamp}.png` }).click();
    await expect(page.locator(".ant-image-preview-img")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.locator(".ant-image-preview-img")).toBeHidden();
    await expect(history.getByText(`site-${stamp}.png`)).toBeVisible();
    await shot(page, "edit-desktop", { fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, "edit-phone", { fullPage: true });
    await contacts.getByRole("button", { name: "Add contact" }).click();
    await contacts.scrollIntoViewIfNeeded();
    await shot(page, "contact-form-phone");
    await contacts.getByRole("button", { name: "Cancel" }).click();

    const subscriber = await browser.newPage();
    await signedIn(subscriber, demo, { to: `/private-construction-leads/detail/${lead.id}` });
    const row = subscriber.locator(".contacts-table tr").filter({ hasText: name });
    await expect(row).toBeVisible();
    await expect(row.getByText("Official Government Website")).toBeVisible();
    await expect(row.locator(".contact-masked").first()).toContainText("XXX");
    await expect(subscriber.getByText(`New contact added: ${name}, Site Engineer`)).toBeVisible();
    await expect(subscriber.getByText(`New document added: Fire NOC ${stamp}`)).toBeVisible();
    await subscriber.close();
  });

  test("impersonating, an unlock asks whose credits it spends and spends one only after confirming", async ({ page, request }) => {
    test.setTimeout(120_000);
    const staffToken = await token(request, staff);
    const user = await freshSubscriber(request, staffToken);
    expect((await request.post(`/api/user/users/${user.id}/credits/`, { data: { amount: 3, note: "e2e unlock" }, headers: auth(staffToken) })).ok()).toBe(true);
    // A construction lead with a contact this new user has not unlocked.
    const list = await (await request.get("/api/list/search/?filter=category:construction", { headers: auth(staffToken) })).json();
    let leadId = 0;
    for (const r of list.results as { id: number }[]) {
      const cs = await (await request.get(`/api/work/${r.id}/contacts/`, { headers: auth(staffToken) })).json();
      if (cs.results?.some((c: { phone: string | null }) => c.phone)) {
        leadId = r.id;
        break;
      }
    }
    expect(leadId).toBeGreaterThan(0);
    // Signing the page in replaces the staff member's API token: ask with the one the page keeps.
    const remaining = async () => {
      const kept = await page.evaluate(() => sessionStorage.getItem("infrascout_staff_token"));
      return (await adminUser(request, kept!, user.email)).remaining_credits;
    };

    // The impersonation page moves on to the dashboard as soon as it has started: wait for the banner, not a path.
    await signedIn(page, staff);
    await page.goto(`/impersonate/${user.id}`);
    await expect(page.getByText(`You are impersonating ${user.email}`)).toBeVisible({ timeout: 30_000 });
    await page.goto(`/private-construction-leads/detail/${leadId}`);
    const unlock = page.getByRole("button", { name: /Unlock \(1 credit\)/ }).first();
    await unlock.click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByText("Spend Kiran's credits?")).toBeVisible();
    await expect(dialog).toContainText(`You are impersonating Kiran (${user.email})`);
    await expect(dialog).toContainText("which has 3 credits left");
    await shot(page, "confirm-spend-desktop");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    expect(await remaining()).toBe(3);

    // On a phone the contacts are cards; the question is the same.
    await page.setViewportSize({ width: 390, height: 844 });
    const unlockCard = page.locator(".contact-cards").getByRole("button", { name: /Unlock \(1 credit\)/ }).first();
    await unlockCard.click();
    await expect(page.getByRole("dialog").getByText("Spend Kiran's credits?")).toBeVisible();
    await shot(page, "confirm-spend-phone");
    await page.getByRole("dialog").getByRole("button", { name: "Spend their credit" }).click();
    await expect(page.getByText("Contact unlocked. 2 credits left.")).toBeVisible();
    await expect(page.getByText("Credits: 2 remaining out of total 3")).toBeVisible();
    expect(await remaining()).toBe(2);
  });

  for (const vp of WIDTHS) {
    test(`the review queue filters by facet (${vp.name})`, async ({ page }) => {
      await page.setViewportSize({ width: vp.width, height: vp.height });
      await signedIn(page, staff, { to: "/update-projects" });
      const summary = page.locator(".review-queue .lister-summary");
      await expect(summary).toHaveText(/^[\d,]+ leads? to review$/, { timeout: 30_000 }); // "1 lead to review"
      const count = async () => Number((await summary.innerText()).replace(/[^\d]/g, ""));
      const all = await count();
      expect(all).toBeGreaterThan(0);
      await shot(page, `review-${vp.name}`);

      const phone = vp.name === "phone";
      if (phone) await page.getByRole("button", { name: /Filters$/ }).click();
      const panel = phone ? page.locator(".ant-drawer-content") : page.getByRole("complementary", { name: "Filters" });
      const group = panel.getByRole("group", { name: "Category" });
      // Categories read as words (Industrial), not the index's values (industrial).
      const option = group.locator(".facet-options li").filter({ hasText: "Industrial" });
      const expected = Number((await option.locator(".facet-count").innerText()).replace(/,/g, ""));
      expect(expected).toBeGreaterThan(0);
      expect(expected).toBeLessThan(all);
      await group.getByRole("checkbox", { name: "Industrial", exact: false }).click();
      await poll(() => new URL(page.url()).searchParams.getAll("filter")).toEqual(["category:industrial"]);
      if (phone) {
        await shot(page, "review-filters-phone");
        await panel.getByRole("button", { name: /^Show [\d,]+ / }).click();
      }
      await poll(count, { timeout: 20_000 }).toBe(expected);
      if (!phone) await expect(page.locator(".review-table .ant-tag").filter({ hasText: "Construction" })).toHaveCount(0);
      await expect(page.locator(".review-queue .active-filters")).toContainText("Category: Industrial");
      await page.reload();
      await poll(count, { timeout: 20_000 }).toBe(expected);
    });
  }
});
