// My Feed's Tenders view: a new subscriber who prefers one state switches /my-feed to Tenders,
// sees live tenders of that state marked 'New' with the reason they matched, and opens one.
import { expect as baseExpect } from "@playwright/test";
import { auth, newApiContext, screenshots, settled, signedIn, signUp, staff, subscribe, token, recordedTest as test } from "./fixtures.js";

const expect = baseExpect.configure({ timeout: 30_000 });
const PASSWORD = "Feed-tenders-pass-123";
// Shots are taken once the list has settled (settled()), not after a fixed pause.
const shot = screenshots("feed-tenders", { dirVariable: "SCREENSHOT_DIR" });

test("My Feed → Tenders: live tenders of the preferred state, each with its reason and 'New', one opens", async ({ page }) => {
  test.setTimeout(120_000);
  const api = await newApiContext();
  const staffToken = await token(api, staff);
  // The state with the most live tenders in the demo data.
  const facets = await (await api.get("/api/list/tenders/search/facets/", { headers: auth(staffToken) })).json();
  const state: string = facets.facets.state[0].text;
  const liveInState: number = facets.facets.state[0].count;
  expect(liveInState).toBeGreaterThan(0);

  const email = `feed.tenders.${Date.now()}@e2e.test`;
  const { token: userToken, id: userId } = await signUp(api, { first_name: "Kavya", last_name: "Rao", email, password: PASSWORD, company: "Rao Infra" });
  await subscribe(api, staffToken, userId, 365);
  // A lead-only preference (status) too: it must not empty the tenders view.
  expect((await api.patch("/api/user-info/", { headers: auth(userToken), data: { preferred_states: [state], preferred_proj_status: ["Planning"] } })).status()).toBe(200);
  await api.dispose();

  await page.setViewportSize({ width: 1280, height: 900 });
  await signedIn(page, { email, password: PASSWORD }, { to: "/my-feed", timeout: 30_000 });
  await expect(page.locator(".feed-card").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Save search" })).toBeVisible();

  await page.locator(".feed-switch").getByText("Tenders", { exact: true }).click();
  await expect(page).toHaveURL(/[?&]items=tenders/);
  // A quick search of /my-feed runs as the leads feed, so this view offers no 'Save search'.
  await expect(page.getByRole("button", { name: "Save search" })).toHaveCount(0);
  await expect(page.getByText("statuses and sectors apply to leads only")).toBeVisible();
  const items = page.locator(".feed-tender");
  await expect(items.first()).toBeVisible();
  await expect(page.getByText(`${liveInState} live tender${liveInState === 1 ? "" : "s"}`)).toBeVisible();
  // First visit: every tender is new, and each says it matched the preferred state.
  await expect(items.first().locator(".feed-new")).toHaveText("New");
  await expect(items.first().locator(".feed-reason").first()).toHaveText(`State: ${state}`);
  for (const text of await page.locator(".feed-tender .tender-card-meta").allInnerTexts()) expect(text).toContain(state);
  await expect(page.getByRole("complementary", { name: "Filters" })).toBeVisible();
  await settled(page);
  await shot(page, "desktop");

  // A search keeps the Tenders view (the switch lives in the URL next to the lister's state).
  const firstTitle = (await items.first().locator(".tender-title-link").innerText()).trim();
  const word = firstTitle.split(/[^A-Za-z]+/).sort((a, b) => b.length - a.length)[0];
  await page.getByPlaceholder("Search your feed's tenders").fill(word);
  await page.getByPlaceholder("Search your feed's tenders").press("Enter");
  await expect(page).toHaveURL(new RegExp(`q=${word}`));
  await expect(page).toHaveURL(/items=tenders/);
  await expect(page.locator(".feed-switch .ant-segmented-item-selected")).toHaveText("Tenders");

  // Narrowed to a phone, the page follows: the filters leave the side for a drawer behind a
  // 'Filters' button, and the searched tenders stay.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole("complementary", { name: "Filters" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /Filters$/ })).toBeVisible();
  await expect(items.first()).toBeVisible();
  await settled(page);
  await shot(page, "phone");

  const link = items.first().locator(".tender-title-link");
  const title = (await link.innerText()).trim();
  const id = (await link.getAttribute("href"))!.split("/").pop();
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/tender/detail/${id}$`));
  await expect(page.getByText(title).first()).toBeVisible();
});
