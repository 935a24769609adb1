// The shell: side menu at three widths, top bar, staff-only item, 404 page, signed-out header.
import { expect, type Page } from "@playwright/test";
import { demo, expectPath, screenshots, signedIn, staff, recordedTest as test } from "./fixtures.js";
import { baseUrlOf, workerSlot } from "./workers.js";

const MENU_ITEMS = ["Dashboard", "My Feed", "Construction", "Industrial", "Builders", "Email Alerts", "Tenders", "Results"];
const shot = screenshots("shell");

test("desktop: the whole menu is open beside the page, with Quick Searches and Reminders in the top bar", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signedIn(page);
  const menu = page.getByRole("menu").first();
  for (const item of MENU_ITEMS) await expect(menu.getByText(item, { exact: true })).toBeVisible();
  for (const group of ["Home", "Private Sector", "Projects", "Public Sector"]) await expect(menu.getByText(group, { exact: true })).toBeVisible();
  await expect(menu.getByText("Update Projects")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Quick Searches" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Reminders" })).toBeVisible();
  await shot(page, "desktop");
});

test("desktop: menu items open their pages and the parent stays highlighted on a detail page", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signedIn(page);
  await page.getByRole("menu").first().getByText("Tenders", { exact: true }).click();
  await expectPath(page, "/live-tenders");
  await page.goto("/tender/detail/1");
  await expect(page.locator(".ant-menu-item-selected")).toContainText("Tenders");
  await page.goto("/builder/contacts/1");
  await expect(page.locator(".ant-menu-item-selected")).toContainText("Builders");
});

test("tablet (700px): the menu starts collapsed to icons", async ({ page }) => {
  await page.setViewportSize({ width: 700, height: 900 });
  await signedIn(page);
  const sider = page.locator(".ant-layout-sider");
  await expect(sider).toHaveClass(/ant-layout-sider-collapsed/);
  await expect(page.getByRole("link", { name: "Quick Searches" })).toHaveCount(0);
  await page.getByRole("button", { name: "Account menu" }).click();
  await expect(page.getByText("Quick Searches", { exact: true })).toBeVisible();
  await expect(page.getByText("Reminders", { exact: true })).toBeVisible();
});

test("phone (390px): the menu is a drawer opened by the toggle", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signedIn(page);
  await expect(page.getByText("Email Alerts", { exact: true })).toBeHidden();
  await page.getByRole("button", { name: /toggle menu|open menu|menu/i }).first().click();
  const drawer = page.locator(".ant-drawer-content");
  await expect(drawer.getByText("Email Alerts", { exact: true })).toBeVisible();
  expect(Math.round((await drawer.boundingBox())!.width)).toBe(200);
  await shot(page, "phone");
  await drawer.getByText("Builders", { exact: true }).click();
  await expectPath(page, "/builders");
});

test("the avatar menu shows first name and e-mail; staff also get Update Projects", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signedIn(page, staff);
  await page.getByRole("button", { name: "Account menu" }).click();
  await expect(page.getByText(staff.email)).toBeVisible();
  await expect(page.getByText("Profile", { exact: true })).toBeVisible();
  await page.keyboard.press("Escape");
  await page.getByRole("menu").first().getByText("Update Projects").click();
  await expectPath(page, "/update-projects");
});

test("a subscriber cannot open the staff area by its URL", async ({ page }) => {
  await signedIn(page, demo, { to: "/update-projects" });
  await expect(page.getByText("Page Not Found")).toBeVisible();
});

test("an unknown path shows Page Not Found with a way back and a support link", async ({ page }) => {
  await signedIn(page, demo, { to: "/no/such/page" });
  await expect(page.getByText("Page Not Found")).toBeVisible();
  await expect(page.getByRole("link", { name: /contact support/i })).toBeVisible();
  // The illustration is an image file (public/result/404.svg), drawn once it arrives.
  const picture = page.locator(".error-page-image");
  await expect(picture).toHaveAttribute("src", "/result/404.svg");
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(252);
  await page.getByRole("link", { name: /industrial/i }).first().click();
  await expectPath(page, "/private-industrial-leads");
});

test("signed out, the header offers Login and Signup", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("link", { name: "Signup" }).first()).toBeVisible();
  await page.getByRole("link", { name: "Signup" }).first().click();
  await expectPath(page, "/signup");
  await page.getByRole("link", { name: "Login" }).first().click();
  await expectPath(page, "/login");
});

// antd's component styles ship built with the app (scripts/antd-static-styles.ts): a page takes them
// from that stylesheet instead of building them in the browser, which antd does by adding a
test("once the page is idle, the menu's listers' code is fetched, so a first click waits only for rows", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signedIn(page, demo, { to: "/dashboard" });
  const scripts = () => page.evaluate(() => performance.getEntriesByType("resource").map((e) => e.name).filter((n) => n.endsWith(".js")));
  // Each lister's page module is a chunk named after it (the build keeps page names in chunk names).
  for (const lister of ["LeadListPage", "TenderListPage", "ResultListPage", "BuilderListPage"]) {
    await expect.poll(async () => (await scripts()).some((n) => n.includes(`/${lister}-`)), { message: lister, timeout: 15_000 }).toBe(true);
  }
});

test("moving between listers: the click asks for a lister's rows once (the page takes the menu's prefetch), and a lister seen in the last half minute is not asked again", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signedIn(page, demo, { to: "/dashboard" });
  const asked: string[] = [];
  page.on("request", (r) => {
    const path = new URL(r.url()).pathname;
    if (path === "/api/list/tenders/search/" || path === "/api/list/results/search/") asked.push(path);
  });
  const menu = page.getByRole("menu").first();
  await menu.getByText("Tenders", { exact: true }).click();
  await expect(page.locator(".lister-results .data-table-row").first()).toBeVisible();
  await menu.getByText("Results", { exact: true }).click();
  await expect(page).toHaveURL(/\/results$/);
  await expect(page.locator(".lister-results .data-table-row").first()).toBeVisible();
  await menu.getByText("Tenders", { exact: true }).click(); // back within seconds: shown from the cache
  await expect(page).toHaveURL(/\/live-tenders$/);
  await expect(page.locator(".lister-results .data-table-row").first()).toBeVisible();
  await page.waitForTimeout(500); // a late request would show here
  expect(asked).toEqual(["/api/list/tenders/search/", "/api/list/results/search/"]);
});

// <style data-css-hash> per component (about a fifth of a lister's JavaScript time on opening).
// A component the stylesheet lacks would be built here again: these name what was. (A menu inside
// a dropdown registers an empty style, the dropdown's own covering it: nothing is built for it.)
const stylesBuiltInPage = (page: Page) =>
  page.locator("style[data-css-hash]").evaluateAll((styles) => styles.map((style) => (style.textContent ?? "").slice(0, 120)).filter((css) => css !== ""));

test("antd's styles come built: sign-in, a lister with its sort menu and date inputs, and a detail page build none in the page", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Login", exact: true })).toBeVisible();
  expect(await stylesBuiltInPage(page)).toEqual([]);
  await signedIn(page, demo, { to: "/live-tenders" });
  await expect(page.locator(".lister-results .data-table-row").first()).toBeVisible();
  await page.getByLabel("Sort by").first().click();
  await expect(page.locator(".ant-select-dropdown .ant-select-item").first()).toBeVisible();
  await page.keyboard.press("Escape");
  // Date ranges are the browser's own date inputs in antd's Input style.
  await page.getByLabel("Closing date From").fill("2000-01-01");
  await expect(page).toHaveURL(/closing_date/);
  await page.getByRole("button", { name: "Account menu" }).click();
  await expect(page.getByText(demo.email)).toBeVisible();
  expect(await stylesBuiltInPage(page)).toEqual([]);
  await page.locator(".lister-results .data-table-row a").first().click();
  await expect(page).toHaveURL(/\/tender\/detail\//);
  await expect(page.locator(".ant-descriptions, .panel").first()).toBeVisible();
  expect(await stylesBuiltInPage(page)).toEqual([]);
});

// Drawers, menus and buttons animate for most people; a system set to reduce motion gets them still
// (antd's motion durations become 0 s, and with them every opening and closing animation).
for (const motion of ["no-preference", "reduce"] as const) {
  const still = motion === "reduce";
  test(`buttons and the phone menu drawer ${still ? "do not animate when the system asks for reduced motion" : "animate for everyone else"}`, async ({ browser }) => {
    const context = await browser.newContext({ baseURL: baseUrlOf(workerSlot()), reducedMotion: motion, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signedIn(page);
    const toggle = page.getByRole("button", { name: /toggle menu|open menu|menu/i }).first();
    const duration = await toggle.evaluate((el) => getComputedStyle(el).transitionDuration);
    await toggle.click();
    const drawer = page.locator(".ant-drawer-content-wrapper");
    await expect(drawer.getByText("Builders", { exact: true })).toBeVisible();
    const drawerDuration = await drawer.evaluate((el) => getComputedStyle(el).transitionDuration);
    if (still) expect([duration, drawerDuration]).toEqual(["0s", "0s"]);
    else expect(parseFloat(duration)).toBeGreaterThan(0);
    // Each motion setting has its own built stylesheet (index.html links both, by media query).
    expect(await stylesBuiltInPage(page)).toEqual([]);
    await context.close();
  });
}

// Issue 17 point 8: widening the menu again drew it half: antd animated every group open from zero
// height while the sider slid, and the groups' items overlapped. Animations are slowed tenfold so the
// check lands mid-slide; the groups must already be whole then.
test("desktop: reopening the collapsed menu shows whole groups while the sider slides", async ({ browser }) => {
  // The suite runs with reduced motion (no animation at all); this needs antd's animations.
  const context = await browser.newContext({ baseURL: baseUrlOf(workerSlot()), reducedMotion: "no-preference", viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signedIn(page, demo, { to: "/email-alerts" });
  const cdp = await context.newCDPSession(page);
  await cdp.send("Animation.enable");
  await cdp.send("Animation.setPlaybackRate", { playbackRate: 0.1 });
  const sider = page.locator(".ant-layout-sider");
  const toggle = page.locator(".top-bar-left button").first();
  await toggle.click();
  await expect(sider).toHaveClass(/ant-layout-sider-collapsed/);
  await expect.poll(() => sider.evaluate((el) => el.getBoundingClientRect().width)).toBe(64);
  await toggle.click();
  // The groups are drawn a frame or two after the click (the slide takes seconds at this rate).
  await expect(page.locator(".app-sider .ant-menu-sub").first()).toBeAttached();
  const groups = await page.locator(".app-sider .ant-menu-sub").evaluateAll((lists) =>
    lists.map((list) => ({ moving: /ant-motion/.test(list.className), hidden: list.classList.contains("ant-menu-hidden") })),
  );
  const siderWidth = await sider.evaluate((el) => el.getBoundingClientRect().width);
  expect(siderWidth).toBeLessThan(175); // still sliding: the check was made mid-animation
  expect(groups.length).toBeGreaterThan(0);
  expect(groups).toEqual(groups.map(() => ({ moving: false, hidden: false })));
  await context.close();
});
