// The subscriber's workspace pages in Chromium, each width with a subscriber of its own (signed
// up, activated and given credits by staff through the API): My Feed (reasons, 'New' since the
// last visit, preferences), reminders (create, complete) and the calendar, quick searches saved
// from a lister and reopened, e-mail alerts, the profile ('Updated Profile', credit ledger) and
// the password change. At phone width (390) only what lays out differently there: the feed's
// preferences drawer (full width) and the calendar (dots in the month, the day's list below it,
// the week stacked). Screenshots only on request: $SCREENSHOT_DIR or $E2E_SCREENSHOTS/workspace-*.png.
import { expect as baseExpect, type APIRequestContext, type Page } from "@playwright/test";
import { auth, newApiContext, pageApi, pageGet, pageToken, screenshots, signedIn, signUp, staff, subscribe, token, DESKTOP, WIDTHS, type Credentials, poll, recordedTest as test } from "./fixtures.js";

// Pages load their code on demand; on a busy shared machine a chunk can take well over 10 s.
const SLOW = 30_000;
const expect = baseExpect.configure({ timeout: SLOW });

interface Subscriber extends Credentials {
  id: number;
}

const PASSWORD = "Workspace-pass-123";
const shot = screenshots("workspace", { dirVariable: "SCREENSHOT_DIR", settleMs: 300 });

/** A new subscriber: signs up, staff activate a year and grant 25 credits, statuses chosen. */
async function newSubscriber(api: APIRequestContext, tag: string): Promise<Subscriber> {
  const email = `workspace.${tag}.${Date.now()}@e2e.test`;
  const { token: userToken, id } = await signUp(api, { first_name: "Meera", last_name: "Iyer", email, password: PASSWORD, company: "Acme Cements" });
  const staffToken = await token(api, staff);
  await subscribe(api, staffToken, id, 365);
  expect((await api.post(`/api/user/users/${id}/credits/`, { headers: auth(staffToken), data: { amount: 25, note: "Welcome credits" } })).status()).toBe(201);
  const prefs = await api.patch("/api/user-info/", { headers: auth(userToken), data: { preferred_proj_status: ["Planning", "Under Construction"] } });
  expect(prefs.status()).toBe(200);
  // One unlock, so the ledger has an unlock row beside the grant.
  for (let contactId = 1; contactId <= 20; contactId++) {
    const res = await api.post("/api/user-unlock-contact/", { headers: auth(userToken), data: { contact_id: contactId } });
    if (res.status() === 200 || res.status() === 201) break;
  }
  return { email, password: PASSWORD, id };
}

for (const size of WIDTHS) {
  test.describe(`workspace at ${size.name} width`, () => {
    // Slow shared machines: a page chunk can take seconds to load under load.
    test.describe.configure({ mode: "serial", timeout: 180_000 });
    test.use({ viewport: { width: size.width, height: size.height } });
    let user: Subscriber;

    test.beforeAll(async () => {
      const api = await newApiContext();
      user = await newSubscriber(api, size.name);
      await api.dispose();
    });

    /** This width's subscriber, signed in and on `path`. */
    const signedInAt = (page: Page, path: string) => signedIn(page, user, { to: path, timeout: SLOW });

    test("My Feed: leads of the chosen statuses with why they matched, 'New' until seen, preferences editable", async ({ page }) => {
      await signedInAt(page, "/my-feed");
      const cards = page.locator(".feed-card");
      await expect(cards.first()).toBeVisible({ timeout: 30_000 });
      // First visit: everything is new, and every lead says which status it matched.
      await expect(page.locator('.feed-card[data-new="true"]').first()).toBeVisible();
      await expect(cards.first().locator(".feed-new")).toHaveText("New");
      const reasons = await page.locator(".feed-reason").allInnerTexts();
      expect(reasons.length).toBeGreaterThan(0);
      for (const r of reasons) expect(r).toMatch(/^Status: (Planning|Under Construction)$/);
      await expect(page.locator(".feed-new-summary")).toContainText("new on this page");
      await shot(page, `feed-${size.name}`);

      // The visit moved the seen mark: after a reload nothing older is new.
      await poll(async () => (await pageGet<{ seen_at: string | null }>(page, "/api/list/my-feed/seen/")).seen_at).not.toBeNull();
      await page.reload();
      await expect(cards.first()).toBeVisible({ timeout: 30_000 });
      await expect(page.locator(".feed-new-summary")).toContainText("nothing new on this page");
      await expect(page.locator('.feed-card[data-new="true"]')).toHaveCount(0);

      // Narrow the feed to one state from the preferences drawer.
      await page.getByRole("button", { name: "Edit preferences" }).click();
      const drawer = page.locator(".ant-drawer-content");
      await expect(drawer).toBeVisible();
      await drawer.getByLabel("States").click();
      await page.keyboard.type("Maharashtra");
      await page.keyboard.press("Enter");
      await page.keyboard.press("Escape");
      await shot(page, `feed-preferences-${size.name}`);
      await drawer.getByRole("button", { name: "Save preferences" }).click();
      await expect(page.getByText("Updated Profile")).toBeVisible();
      await expect(drawer).toBeHidden();
      await expect(page.locator(".feed-prefs-summary")).toContainText("Maharashtra");
      await poll(async () => (await page.locator(".feed-reason").allInnerTexts()).some((r) => r === "State: Maharashtra"), { timeout: 20_000 }).toBe(true);
      for (const r of await page.locator(".feed-reason").allInnerTexts()) expect(r).toMatch(/^(Status: (Planning|Under Construction)|State: Maharashtra)$/);
    });

    test("reminders: create on a lead, see it under Upcoming and on the calendar, complete it", async ({ page }) => {
      await signedInAt(page, "/reminders");
      const lead = (await pageGet<{ results: { id: number; title: string }[] }>(page, "/api/list/search/?page=1")).results[0];
      await page.getByRole("button", { name: "New reminder" }).click();
      const dialog = page.getByRole("dialog", { name: "New reminder" });
      // Whole words of its title: the lister search the picker uses matches words, not parts of one.
      await dialog.getByLabel("Find the item").fill(lead.title.split(/\s+/).filter((w) => /^[\p{L}\d]+$/u.test(w)).slice(0, 3).join(" "));
      await page.locator(".ant-select-item-option").filter({ hasText: lead.title }).first().click();
      const note = `Call the site engineer (${size.name})`;
      await dialog.getByLabel("Note").fill(note);
      await shot(page, `reminder-new-${size.name}`);
      await dialog.getByRole("button", { name: "Save reminder" }).click();
      await expect(dialog).toBeHidden();
      const upcoming = page.locator('[data-section="upcoming"]');
      const row = upcoming.locator(".reminder-row").filter({ hasText: note });
      await expect(row).toBeVisible();
      await expect(row.getByRole("link", { name: lead.title })).toHaveAttribute("href", `/private-leads/detail/${lead.id}`);
      await shot(page, `reminders-${size.name}`);

      // The calendar shows it on its day (tomorrow, 10:00 by default) in the month view.
      const reminders = (await pageGet<{ results: { id: number; note: string; remind_at: string }[] }>(page, "/api/reminders/list")).results;
      const mine = reminders.find((r) => r.note === note)!;
      const day = await page.evaluate((at) => {
        const d = new Date(at);
        return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
      }, mine.remind_at);
      await page.goto("/project-calendar");
      await page.locator(`td[title="${day}"]`).click();
      const dayCard = page.locator(`.cal-day-card[data-day="${day}"]`);
      const calRow = dayCard.locator(".reminder-row").filter({ hasText: note });
      await expect(calRow).toBeVisible();
      // The month grid names the event on a desktop; a phone's compact grid only marks the day.
      if (size === DESKTOP) await expect(page.locator(`td[title="${day}"] .cal-chip[data-kind="reminder"]`)).toContainText(lead.title.slice(0, 10));
      else await expect(page.locator(`td[title="${day}"] .cal-dot`)).toBeVisible();
      await shot(page, `calendar-${size.name}`);

      // Complete it from the calendar: done there, and under Completed on the reminders page.
      await calRow.getByRole("checkbox", { name: "Complete reminder" }).click();
      await expect(page.getByText("Reminder completed")).toBeVisible();
      await expect(dayCard.locator(".reminder-done").filter({ hasText: note })).toBeVisible();
      await page.getByRole("link", { name: "All reminders" }).click();
      await expect(upcoming.locator(".reminder-row").filter({ hasText: note })).toHaveCount(0);
      await page.locator('[data-section="done"]').getByText(/^Completed \(\d+\)$/).click();
      await expect(page.locator('[data-section="done"] .reminder-row').filter({ hasText: note })).toBeVisible();

      // The week view holds the completed reminder on its day too.
      await page.goto("/project-calendar");
      await page.getByText("Week", { exact: true }).click();
      await poll(() => new URL(page.url()).searchParams.get("view")).toBe("week");
      await page.goto(`/project-calendar?view=week&date=${day}`);
      await expect(page.locator(`.cal-week-day[data-date="${day}"] .cal-chip-done`)).toHaveCount(1);
      await shot(page, `calendar-week-${size.name}`);
    });

    // The rest look the same on a phone (columns stack, nothing the tests check moves): desktop only.
    if (size !== DESKTOP) return;

    test("calendar: a shortlisted lead's completion date appears as a key date", async ({ page }) => {
      await signedInAt(page, "/project-calendar");
      const found = (await pageGet<{ results: { id: number; title: string; completion_date: string | null }[] }>(page, `/api/list/search/?sort=completion_date%20asc&filter=${encodeURIComponent("completion_date:[2000-01-01T00:00:00Z TO *]")}`)).results;
      const lead = found.find((l) => l.completion_date)!;
      expect(lead).toBeTruthy();
      expect((await pageApi(page, `/api/work/${lead.id}/mark/`, { method: "POST", body: { mark: "shortlisted" } })).status).toBe(200);
      const day = lead.completion_date!.slice(0, 10);
      await page.goto(`/project-calendar?view=month&date=${day}`);
      await expect(page.locator(".cal-period")).toHaveText(new Date(`${day}T00:00:00Z`).toLocaleString("en-US", { month: "long", year: "numeric", timeZone: "UTC" }));
      const event = page.locator(`.cal-day-card[data-day="${day}"] .cal-event[data-kind="project_completion"]`).filter({ hasText: lead.title });
      await expect(event).toBeVisible();
      await expect(event.getByText("Project completion")).toBeVisible();
    });

    test("quick searches: save a lister's search, reopen it as saved, rename, delete", async ({ page }) => {
      await signedInAt(page, "/private-construction-leads");
      const box = page.getByPlaceholder("Search projects, owners, places, keywords");
      await box.fill("hospital");
      await box.press("Enter");
      await poll(() => new URL(page.url()).searchParams.get("q")).toBe("hospital");
      const savedUrl = new URL(page.url());
      await page.getByRole("button", { name: "Save search" }).click();
      const dialog = page.getByRole("dialog", { name: "Save as quick search" });
      const name = `Hospitals ${size.name}`;
      await dialog.getByLabel("Name").fill(name);
      await shot(page, `save-search-${size.name}`);
      await dialog.getByRole("button", { name: "Save" }).click();
      await expect(page.getByText(`Saved '${name}' to Quick Searches`)).toBeVisible();

      await page.goto("/quick-searches");
      const item = page.locator(".quick-search-list .ant-list-item").filter({ hasText: name });
      await expect(item).toContainText("Construction Projects");
      await expect(item).toContainText("“hospital”");
      await shot(page, `quick-searches-${size.name}`);
      await item.getByRole("link", { name }).click();
      await poll(() => new URL(page.url()).pathname).toBe("/private-construction-leads");
      const opened = new URL(page.url());
      expect(opened.searchParams.get("q")).toBe(savedUrl.searchParams.get("q"));
      await expect(page.getByPlaceholder("Search projects, owners, places, keywords")).toHaveValue("hospital");

      await page.goto("/quick-searches");
      await item.getByRole("button", { name: `Rename ${name}` }).click();
      const rename = page.getByRole("dialog", { name: "Rename quick search" });
      await rename.getByLabel("Name").fill(`${name} (renamed)`);
      await rename.getByRole("button", { name: "Save" }).click();
      const renamed = page.locator(".quick-search-list .ant-list-item").filter({ hasText: `${name} (renamed)` });
      await expect(renamed).toBeVisible();
      await renamed.getByRole("button", { name: `Delete ${name} (renamed)` }).click();
      await page.getByRole("button", { name: "Delete", exact: true }).click();
      await expect(renamed).toHaveCount(0);
    });

    test("email alerts: turn on the feed's alert and a quick search's weekly alert; they stay after a reload", async ({ page }) => {
      await signedInAt(page, "/email-alerts");
      const saved = await pageApi(page, "/api/saved-search/", { method: "POST", body: { name: `Cement ${size.name}`, resource: "/private-industrial-leads", query: "q=cement&oq=cement" } });
      expect(saved.status).toBe(201);
      await page.reload();
      const feed = page.locator('[data-alert="feed"]');
      await expect(feed.getByRole("switch")).not.toBeChecked();
      await feed.getByRole("switch").click();
      await expect(page.getByText("Daily alert on for 'My Feed'")).toBeVisible();
      const search = page.locator(".alert-row").filter({ hasText: `Cement ${size.name}` });
      await search.getByText("Weekly", { exact: true }).click();
      await expect(page.getByText(`Weekly alert on for 'Cement ${size.name}'`)).toBeVisible();
      await shot(page, `email-alerts-${size.name}`);
      await page.reload();
      await expect(feed.getByRole("switch")).toBeChecked();
      await expect(search.getByRole("switch")).toBeChecked();
      await expect(search.locator(".ant-segmented-item-selected")).toHaveText("Weekly");
      const configs = (await pageGet<{ results: { name: string; frequency: string; enabled: boolean }[] }>(page, "/api/email-config/")).results;
      expect(configs.map((c) => [c.name, c.frequency, c.enabled])).toEqual([
        ["My Feed", "daily", true],
        [`Cement ${size.name}`, "weekly", true],
      ]);
      // And off again.
      await feed.getByRole("switch").click();
      await expect(page.getByText("Alert off for 'My Feed'")).toBeVisible();
      await expect(feed.getByRole("switch")).not.toBeChecked();
    });

    test("profile: update shows 'Updated Profile', subscription end and the credit ledger; password change signs other sessions out", async ({ page }) => {
      await signedInAt(page, "/profile");
      await expect(page.locator('[data-card="subscription"]')).toContainText("Valid until");
      const ledger = page.locator('[data-card="ledger"]');
      await expect(ledger.locator("tr").filter({ hasText: "Grant" })).toContainText("Welcome credits");
      await expect(ledger.locator("tr").filter({ hasText: "Grant" })).toContainText("+25");
      await expect(ledger.locator("tr").filter({ hasText: "Unlock" })).toContainText("-1");
      await page.getByLabel("Phone").fill("+91 98200 12345");
      await page.getByLabel("Company").fill("Acme Cements Pvt Ltd");
      await page.getByRole("button", { name: "Save profile" }).click();
      await expect(page.getByText("Updated Profile")).toBeVisible();
      await shot(page, `profile-${size.name}`);
      await page.reload();
      await expect(page.getByLabel("Phone")).toHaveValue("+91 98200 12345");
      await expect(page.getByLabel("Company")).toHaveValue("Acme Cements Pvt Ltd");

      // Another session of the user (an API token), then the password change.
      const api = await newApiContext();
      const sessionToken = await pageToken(page);
      // A wrong current password is refused beside the field.
      await page.getByLabel("Current password").fill("not-my-password");
      await page.getByLabel("New password", { exact: true }).fill("Fresh-pass-456!");
      await page.getByLabel("Confirm new password").fill("Fresh-pass-456!");
      await page.getByRole("button", { name: "Change password" }).click();
      await expect(page.locator('[data-card="password"]')).toContainText("Your old password was entered incorrectly");
      await page.getByLabel("Current password").fill(user.password);
      await page.getByRole("button", { name: "Change password" }).click();
      await expect(page.getByText("Password changed.")).toBeVisible();
      // This session stays; the old password no longer signs in; the new one does.
      expect((await api.get("/api/user/me/", { headers: auth(sessionToken!) })).status()).toBe(200);
      expect((await api.post("/api/login/", { data: { username: user.email, password: user.password } })).status()).toBe(400);
      const other = await token(api, { email: user.email, password: "Fresh-pass-456!" });
      expect(other).toBeTruthy();
      await api.dispose();
    });
  });
}
