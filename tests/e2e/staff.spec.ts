// The staff area in real Chromium: the users admin, impersonation start and cancel, credits,
// disabling, the project edit page, and the area's absence for subscribers.
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { demo, expectPath, signIn, staff } from "./fixtures";

async function apiToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  const r = await request.post("/api/login/", { data: { username: email, password } });
  expect(r.ok()).toBe(true);
  return (await r.json()).token;
}

async function adminUser(request: APIRequestContext, staffToken: string, email: string) {
  const r = await request.get(`/api/user/users/?q=${encodeURIComponent(email)}`, { headers: { Authorization: `Token ${staffToken}` } });
  const found = (await r.json()).results.find((u: { email: string }) => u.email === email);
  expect(found, `user ${email}`).toBeTruthy();
  return found as { id: number; total_credits: number; remaining_credits: number; is_active: boolean };
}

/** A subscriber made for one test: signed up, onboarded and activated through the API. */
async function freshSubscriber(request: APIRequestContext, staffToken: string) {
  const email = `staff.e2e.${Date.now()}@client-e2e.example`;
  const password = "Fresh-pass-123";
  const r = await request.post("/api/signup/", { data: { first_name: "Kiran", email, password } });
  expect(r.status()).toBe(201);
  const token = (await r.json()).token;
  expect((await request.patch("/api/user-info/", { data: { preferred_proj_status: ["Planning"] }, headers: { Authorization: `Token ${token}` } })).ok()).toBe(true);
  const { id } = await adminUser(request, staffToken, email);
  const endDate = new Date(Date.now() + 90 * 864e5).toISOString().slice(0, 10);
  expect((await request.patch(`/api/user/users/${id}/`, { data: { end_date: endDate }, headers: { Authorization: `Token ${staffToken}` } })).ok()).toBe(true);
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
    await signIn(page, staff);
    await expectPath(page, "/private-construction-leads");
    const drawer = await openUser(page, demo.email);
    await drawer.getByRole("button", { name: "Impersonate" }).click();
    await page.locator(".ant-popconfirm").getByRole("button", { name: "Impersonate" }).click();

    await expectPath(page, "/dashboard");
    await expect(page.getByText(`You are impersonating ${demo.email}`)).toBeVisible();
    // The staff token waits in this tab's sessionStorage; the token in use is the impersonation's.
    const kept = await page.evaluate(() => sessionStorage.getItem("infrascout_staff_token"));
    expect(kept).toBeTruthy();
    expect(await page.evaluate(() => localStorage.getItem("infrascout_token"))).not.toBe(kept);
    // Impersonated: no staff powers, so no Update Projects in the menu.
    await expect(page.getByRole("menuitem", { name: "Update Projects" })).toHaveCount(0);

    const menu = await accountMenu(page);
    await expect(menu.getByText(demo.email)).toBeVisible();
    await menu.getByText("Cancel Impersonation").click();

    await expectPath(page, "/update-projects");
    expect(new URL(page.url()).searchParams.get("tab")).toBe("users");
    await expect(page.getByText(/You are impersonating/)).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem("infrascout_token"))).toBe(kept);
    expect(await page.evaluate(() => sessionStorage.getItem("infrascout_staff_token"))).toBeNull();
    const again = await accountMenu(page);
    await expect(again.getByText(staff.email)).toBeVisible();
    await expect(again.getByText("Cancel Impersonation")).toHaveCount(0);
  });

  test("staff grants 5 credits; the subscriber's top bar shows them after signing in", async ({ page, browser, request }) => {
    const staffToken = await apiToken(request, staff.email, staff.password);
    const before = await adminUser(request, staffToken, demo.email);

    await signIn(page, staff);
    await expectPath(page, "/private-construction-leads");
    const drawer = await openUser(page, demo.email);
    await drawer.getByLabel("Credits to grant").fill("5");
    await drawer.getByLabel("Note").fill("e2e goodwill");
    await drawer.getByRole("button", { name: "Grant credits" }).click();
    await expect(page.getByText("Granted 5 credits")).toBeVisible();
    await expect(drawer.getByRole("row").filter({ hasText: "e2e goodwill" }).getByText("+5")).toBeVisible();

    const subscriber = await browser.newPage();
    await signIn(subscriber, demo);
    await expect(subscriber.getByText(`Credits: ${Math.max(0, before.remaining_credits + 5)} remaining out of total ${before.total_credits + 5}`)).toBeVisible();
    await subscriber.close();
  });

  test("staff disables a user; that user's open session is signed out on its next call", async ({ page, browser, request }) => {
    const staffToken = await apiToken(request, staff.email, staff.password);
    const user = await freshSubscriber(request, staffToken);

    const theirs = await browser.newPage();
    await signIn(theirs, user);
    await expectPath(theirs, "/private-construction-leads");
    await expect(theirs.getByText(/Credits: \d+ remaining/)).toBeVisible();

    await signIn(page, staff);
    await expectPath(page, "/private-construction-leads");
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
    expect(await theirs.evaluate(() => localStorage.getItem("infrascout_token"))).toBeNull();
    // And they cannot sign in again.
    await signIn(theirs, user);
    await expectPath(theirs, "/login");
    await theirs.close();
  });

  test("a subscriber opening /update-projects gets the 404 page", async ({ page }) => {
    await signIn(page, demo);
    await expectPath(page, "/private-construction-leads");
    await page.goto("/update-projects");
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
    await page.goto("/update-projects?tab=users");
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
    await expect(page.getByText("Review queue")).toHaveCount(0);
  });

  async function openFirstQueuedProject(page: Page) {
    await signIn(page, staff);
    await expectPath(page, "/private-construction-leads");
    await page.goto("/update-projects");
    const first = page.locator(".review-queue .ant-table-row a").first();
    await expect(first).toBeVisible();
    await first.click();
    await expect(page).toHaveURL(/\/update-projects\/detail\/\d+$/);
    await expect(page.getByRole("textbox", { name: "City" })).not.toHaveValue("");
  }

  test("staff edits a project's fields; the save is recorded in its history", async ({ page }) => {
    await openFirstQueuedProject(page);
    await page.getByRole("textbox", { name: "City" }).fill("Nagpur");
    await page.getByLabel("Value (₹)").fill("25000000");
    await expect(page.getByText("₹ 2.5 Crore")).toBeVisible();
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Project saved")).toBeVisible();
    await expect(page.locator(".project-history").getByText(/city/)).toBeVisible();
  });

  test("staff adds a status update and a keyword to a project from the review queue", async ({ page }) => {
    await openFirstQueuedProject(page);
    await page.locator(".status-updates .ant-select").click();
    await page.locator(".ant-select-dropdown:visible .ant-select-item-option-content").getByText("Awarded", { exact: true }).click();
    await page.locator(".status-updates").getByLabel("Note").fill("Contract awarded (e2e)");
    await page.getByRole("button", { name: "Add status update" }).click();
    await expect(page.getByText("Status update added")).toBeVisible();
    await expect(page.locator(".status-update-list").getByText("Contract awarded (e2e)")).toBeVisible();

    await page.getByLabel("New keyword").fill("e2e-keyword");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect(page.getByText("Keyword 'e2e-keyword' added")).toBeVisible();
  });
});
