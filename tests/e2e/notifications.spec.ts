// In-app notifications (issue 19, point 2) in Chromium, against the real server and its job: a new
// subscriber opens a lead (so follows it: "viewed"), staff change its status through the API (as the
// project editor saves), the server's notifications round tells the follower; the bell then says
// "Notifications, 1 unread" (asked again on returning to the window), its panel says "Status changed
// from … to …", is reached and left by keyboard (Esc gives focus back to the bell), and opening the
// item marks it read. The full page lists it and saves a delivery setting. At 390 px the panel
// and the page fit the phone. Screenshots only on request: NOTIFICATIONS_SHOTS (or E2E_SCREENSHOTS).
import { expect as baseExpect, type APIRequestContext, type Page } from "@playwright/test";
import { describeChange } from "../../common/changes.js";
import { PROJECT_STATUSES } from "../../common/constants.js";
import { auth, DESKTOP, newApiContext, pageGet, PHONE, poll, screenshots, signedIn, signUp, staff, subscribe, token, type Credentials, recordedTest as test } from "./fixtures.js";

// Pages load their code on demand; on a busy shared machine a chunk can take well over 10 s.
const SLOW = 30_000;
const expect = baseExpect.configure({ timeout: SLOW });
const shot = screenshots("notifications", { dirVariable: "NOTIFICATIONS_SHOTS", settleMs: 300 });
const PASSWORD = "Notify-pass-123";

/** A subscriber of this test's own (no other spec's views or changes reach them): signed up, a year's subscription, statuses chosen. */
async function newSubscriber(api: APIRequestContext, staffToken: string): Promise<Credentials> {
  const email = `notifications.${Date.now()}@e2e.test`;
  const { token: userToken, id } = await signUp(api, { first_name: "Nila", last_name: "Varma", email, password: PASSWORD, company: "Varma Cements" });
  await subscribe(api, staffToken, id, 365);
  const prefs = await api.patch("/api/user-info/", { headers: auth(userToken), data: { preferred_proj_status: ["Planning"] } });
  expect(prefs.status()).toBe(200);
  return { email, password: PASSWORD };
}

const unreadCount = async (page: Page) => (await pageGet<{ unread: number }>(page, "/api/notifications/unread-count/")).unread;

/** What the browser does when the user comes back to the tab: the bell asks again. */
const returnToWindow = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event("visibilitychange")));

test.describe.configure({ timeout: 180_000 });

test("a lead the user viewed changes status: the bell counts it, the panel says it, opening it marks it read", async ({ page }) => {
  const api = await newApiContext();
  const staffToken = await token(api, staff);
  const user = await newSubscriber(api, staffToken);

  await page.setViewportSize({ width: DESKTOP.width, height: DESKTOP.height });
  await signedIn(page, user, { to: "/reminders", timeout: SLOW });
  const bell = page.getByRole("button", { name: /^Notifications, / });
  await expect(bell).toHaveAccessibleName("Notifications, none unread");

  // A lead no other spec changes (lead-documents takes the first, changes.spec the third of page 1).
  const lead = (await pageGet<{ results: { id: number; title: string }[] }>(page, "/api/list/search/?page=4")).results[7];
  // Opened: the page's read of the lead records the view, and the user now follows it.
  const viewed = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/work/${lead.id}/` && r.ok());
  await page.goto(`/private-leads/detail/${lead.id}`);
  await viewed;
  const before = (await pageGet<{ status: string }>(page, `/api/work/${lead.id}/`)).status;
  const next = PROJECT_STATUSES.find((s) => s !== before)!;
  const saved = await api.patch(`/api/work/${lead.id}/`, { headers: auth(staffToken), data: { status: next } });
  expect(saved.status(), await saved.text()).toBe(200);
  const sentence = describeChange("project", { field: "status", old: before, new: next });
  expect(sentence).toBe(`Status changed from ${before} to ${next}`);

  // The server's notifications round (every 15 s at most) tells the follower; the bell asks again on return to the tab.
  await poll(() => unreadCount(page), { timeout: 60_000, message: "the notifications round told the follower" }).toBe(1);
  await returnToWindow(page);
  await expect(bell).toHaveAccessibleName("Notifications, 1 unread");
  await expect(bell.locator(".ant-badge-count")).toHaveText("1");
  await shot(page, "bell-desktop");

  // The panel, by keyboard: the bell is a button, focus goes into the drawer and stays there, Esc closes it.
  await bell.focus();
  await page.keyboard.press("Enter");
  const panel = page.getByRole("dialog", { name: "Notifications" });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole("button", { name: "Close" })).toBeFocused();
  const item = panel.locator(".notification-item").filter({ hasText: lead.title });
  await expect(item).toHaveCount(1);
  await expect(item.getByRole("listitem").filter({ hasText: sentence })).toBeVisible();
  await expect(item.getByText("Unread", { exact: true })).toBeVisible();
  await expect(item).toContainText("You follow it because you viewed it.");
  await expect(item.locator(".notification-when")).toHaveText(/^\d{2} [A-Z][a-z]{2}, \d{4} \d{2}:\d{2} [AP]M IST$/);
  await shot(page, "panel-desktop");
  // antd's trap: past the last control, Tab comes round to the first again (through its invisible sentinels).
  const drawer = page.locator(".notifications-drawer");
  const focusedIn = async () => ({ inDrawer: await drawer.evaluate((el) => el.contains(document.activeElement)), inDialog: await panel.evaluate((el) => el.contains(document.activeElement)) });
  const reached = new Set<string>();
  for (let i = 0; i < 10; i++) {
    await page.keyboard.press("Tab");
    const where = await focusedIn();
    expect(where.inDrawer, `focus stays in the panel after ${i + 1} Tab`).toBe(true);
    if (where.inDialog) reached.add(await page.evaluate(() => document.activeElement?.textContent || document.activeElement?.getAttribute("aria-label") || ""));
  }
  expect([...reached]).toEqual(expect.arrayContaining(["Close", "Mark all read", lead.title, "See all notifications", "Notification settings"]));
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(bell).toBeFocused();

  // Opening the item from the panel goes to its page and marks it read.
  await bell.click();
  await expect(panel).toBeVisible();
  await item.getByRole("link", { name: lead.title }).click();
  await expect(page).toHaveURL(new RegExp(`/private-leads/detail/${lead.id}$`));
  await expect(bell).toHaveAccessibleName("Notifications, none unread");
  expect(await unreadCount(page)).toBe(0);

  // The full page lists it, read; a delivery setting is saved.
  await page.goto("/notifications");
  const listed = page.locator(".notification-item").filter({ hasText: lead.title });
  await expect(listed.getByText(sentence)).toBeVisible();
  await expect(listed.getByText("Unread", { exact: true })).toHaveCount(0);
  const leadsSetting = page.getByRole("radiogroup", { name: "Changes to leads I follow" });
  await expect(leadsSetting.getByRole("radio", { name: "Instant e-mail" })).toBeChecked();
  await leadsSetting.getByText("Daily digest").click();
  await expect(page.getByText("Saved: Changes to leads I follow — Daily digest")).toBeVisible();
  await poll(async () => (await pageGet<{ lead_changes: string }>(page, "/api/notifications/settings/")).lead_changes).toBe("daily");
  await shot(page, "page-desktop", { fullPage: true });

  // A phone: the page and the panel fit 390 px.
  await page.setViewportSize({ width: PHONE.width, height: PHONE.height });
  await page.reload();
  await expect(listed.getByText(sentence)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await shot(page, "page-phone", { fullPage: true });
  await bell.click();
  await expect(panel).toBeVisible();
  await expect(panel.getByText(sentence)).toBeVisible();
  const box = (await panel.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  await shot(page, "panel-phone");
  await api.dispose();
});
