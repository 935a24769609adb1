// What global-setup made for the tests, and the one set of helpers every spec shares: the
// widths, signing in, tokens and API calls, the lister's state, and screenshots.
import fs from "node:fs";
import path from "node:path";
import { test as base, expect, request as playwrightRequest, type APIRequestContext, type Browser, type BrowserContextOptions, type Locator, type Page } from "@playwright/test";
import { REMEMBERED_EMAIL_KEY, SIGNED_IN_HOME, TOKEN_STORAGE_KEY } from "../../common/constants.js";
import { DEMO_ACCOUNTS } from "../../server/ingest/demo-accounts.js";
import { baseUrlOf, dataDirOf, E2E_DIR, workerSlot } from "./workers.js";

// The run's folder (tests/e2e/workers.ts) holds what every worker shares; each worker's server
// has a data folder of its own there, with the mail outbox in it.
export { E2E_DIR } from "./workers.js";
export const FIXTURE_FILE = path.join(E2E_DIR, "fixtures.json");
/** This worker's server's DATA_DIR. */
export const E2E_DATA_DIR = dataDirOf(workerSlot());
export const E2E_OUTBOX = path.join(E2E_DATA_DIR, "outbox");

export interface Credentials {
  email: string;
  password: string;
}
export interface E2EFixtures {
  users: { onboarding: Credentials; signupRecorded: Credentials; expired: Credentials; secondBrowser: Credentials };
}

export const fixtures = (): E2EFixtures => JSON.parse(fs.readFileSync(FIXTURE_FILE, "utf8"));
export const demo = DEMO_ACCOUNTS[0];
export const staff = DEMO_ACCOUNTS[1];

// ---- Widths -------------------------------------------------------------------------------

/** The widths most specs walk: a desktop and a phone. */
export const DESKTOP = { name: "desktop", width: 1280, height: 900 } as const;
export const PHONE = { name: "phone", width: 390, height: 844 } as const;
export const WIDTHS = [DESKTOP, PHONE] as const;

// ---- Signing in through the page ------------------------------------------------------------

/** Signs in through the login form the way a person does. */
export async function signIn(page: Page, who: Credentials, path = "/login") {
  await page.goto(path);
  await page.getByLabel("Username or e-mail").fill(who.email);
  await page.getByLabel("Password", { exact: true }).fill(who.password);
  await page.getByRole("button", { name: "Login" }).click();
}

/**
 * What the page asks the API and logs from now on, for a failure message that says which call
 * answered what: sign-ins through the form failed in CI now and then with the form left filled in
 * and nothing else to see (traces are recorded on the retry only, which passed).
 */
function pageRecorder(page: Page): () => string {
  const lines: string[] = [];
  const path = (url: string) => new URL(url).pathname;
  page.on("response", (r) => path(r.url()).startsWith("/api/") && lines.push(`${r.request().method()} ${path(r.url())} → ${r.status()}`));
  page.on("requestfailed", (r) => lines.push(`${r.method()} ${path(r.url())} failed: ${r.failure()?.errorText}`));
  page.on("console", (m) => m.type() === "error" && lines.push(`console: ${m.text().slice(0, 200)}`));
  page.on("framenavigated", (f) => f === page.mainFrame() && lines.push(`at ${path(f.url())}`));
  return () => lines.join("\n");
}

/** A page of the site that runs nothing: where the worker's page waits between tests. */
const SITE_BLANK = "/favicon.svg";

/** Whether two contexts' options agree in all but the viewport (which an open page can change). */
function sameContextOptions(a: BrowserContextOptions, b: BrowserContextOptions): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)].filter((key) => key !== "viewport"));
  return [...keys].every((key) => a[key as keyof BrowserContextOptions] === b[key as keyof BrowserContextOptions]);
}

/** Clears what a test may leave in the worker's page for the next: storage, cookies, listeners, routes, popups. */
async function resetWarmPage(page: Page, origin: string): Promise<void> {
  const context = page.context();
  for (const other of context.pages()) if (other !== page) await other.close();
  page.removeAllListeners();
  await page.unrouteAll({ behavior: "ignoreErrors" });
  await context.unrouteAll({ behavior: "ignoreErrors" });
  // Leave the app first, so nothing it still runs writes storage after the clearing — for a file of
  // the same site: the renderer process (and its warm V8) stays; about:blank would swap it for a
  // cold one, which is the very cost this page saves.
  await page.goto(new URL(SITE_BLANK, origin).href);
  await context.clearCookies();
  await context.clearPermissions();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Storage.clearDataForOrigin", { origin, storageTypes: "local_storage,indexeddb,cache_storage,service_workers,file_systems,websql" });
  // The tab's sessionStorage (impersonation keeps its token there) is the tab's, not the origin's.
  await cdp.send("DOMStorage.clear", { storageId: { securityOrigin: origin, isLocalStorage: false } }).catch(() => undefined);
  await cdp.detach();
}

/** A page in a new browser context of its own. */
async function pageInNewContext(browser: Browser, options: BrowserContextOptions): Promise<Page> {
  return (await browser.newContext(options)).newPage();
}

/**
 * Playwright's `test` with two changes every spec gets:
 *
 * - One page per worker, reused by test after test (cleared between them: resetWarmPage), instead
 *   of a new browser context per test. A new context means a new renderer process whose V8 and
 *   Blink start cold: signing in and opening a lister cost 2.0 CPU-s in a new context against 1.4
 *   in a page that had the app open before (these 2-core machines), and the suite opens the app
 *   about a hundred times. Each test still starts signed out, on a blank page of the site, at its
 *   viewport. A test's retry (CI) gets a fresh context of its own, traced, as Playwright's own
 *   `page` would be; so does a test whose options (`test.use`) differ from the project's in
 *   anything but the viewport. Tests that need another context (a second browser, other motion
 *   settings) make their own, as before.
 * - Failures also print what the page did (pageRecorder): every API call with its status, failed
 *   loads, console errors and the page's path changes, as a text attachment the list reporter
 *   shows under the failure.
 */
export const recordedTest = base.extend<{ pageRecord: void }, { warm: { page?: Page; options?: BrowserContextOptions } }>({
  warm: [
    async ({}, use) => {
      const warm: { page?: Page; options?: BrowserContextOptions } = {};
      await use(warm);
      await warm.page?.context().close();
    },
    { scope: "worker" },
  ],
  page: async ({ warm, browser, baseURL, viewport, timezoneId, reducedMotion, userAgent, deviceScaleFactor, isMobile, hasTouch, locale }, use, testInfo) => {
    const options: BrowserContextOptions = { baseURL, timezoneId, reducedMotion, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, locale };
    const ownOptions = warm.options !== undefined && !sameContextOptions(warm.options, options);
    if (testInfo.retry > 0 || ownOptions) {
      const page = await pageInNewContext(browser, options);
      await use(page);
      await page.context().close();
      return;
    }
    // The worker's first test, or a test closed the page (or its context): a new context.
    if (!warm.page || warm.page.isClosed()) {
      await warm.page?.context().close();
      warm.page = await pageInNewContext(browser, options);
      warm.options = options;
    }
    await resetWarmPage(warm.page, new URL(baseURL!).origin);
    if (viewport) await warm.page.setViewportSize(viewport);
    await use(warm.page);
  },
  context: async ({ page }, use) => use(page.context()),
  pageRecord: [
    async ({ page }, use, testInfo) => {
      const seen = pageRecorder(page);
      await use();
      if (testInfo.status !== testInfo.expectedStatus) await testInfo.attach("what the page did", { body: seen(), contentType: "text/plain" });
    },
    { auto: true },
  ],
});

/** Waits until the page's path is `pathname` (the app routes on its own after a click or sign-in). */
export async function expectPath(page: Page, pathname: string, timeout?: number) {
  await poll(() => new URL(page.url()).pathname, { timeout }).toBe(pathname);
}

/**
 * Opens the app signed in, and waits for the top bar's credits line. The login form itself is
 * tested in auth.spec.ts; every other test signs in the way the form ends — a token from
 * POST /api/login/ kept in the page's storage (src/lib/token.ts) — and opens `to` (the signed-in
 * home by default) directly: a login page less per test. Like any sign-in, it ends that user's
 * other session. `timeout` is for specs that allow slow page chunks more than the default.
 */
export async function signedIn(page: Page, who: Credentials = demo, { to, timeout }: { to?: string; timeout?: number } = {}) {
  const res = await page.request.post("/api/login/", { data: { username: who.email, password: who.password } });
  expect(res.status()).toBe(200);
  const { token: sessionToken } = (await res.json()) as { token: string };
  // Any page of the origin that runs nothing gives the app's storage: the worker's page waits on one
  // between tests; otherwise the liveness answer is the cheapest.
  if (new URL(page.url()).pathname !== SITE_BLANK) await page.goto("/api/health");
  await page.evaluate(
    ([tokenKey, tokenValue, emailKey, email]) => {
      localStorage.setItem(tokenKey, tokenValue);
      localStorage.setItem(emailKey, email);
    },
    [TOKEN_STORAGE_KEY, sessionToken, REMEMBERED_EMAIL_KEY, who.email] as const,
  );
  await page.goto(to ?? SIGNED_IN_HOME);
  await expect(page.getByText(/remaining out of total/)).toBeVisible({ timeout });
  if (to !== undefined) await expectPath(page, new URL(to, "http://app").pathname, timeout);
}

/**
 * expect.poll with short, even intervals: Playwright's default backs off to a second between
 * tries, so a list that settles in 300 ms was seen only after 850 ms — on every step of every walk.
 */
export const poll = <T>(read: () => T | Promise<T>, options: { timeout?: number; message?: string } = {}) =>
  expect.poll(read, { intervals: [50, 100, 150, 200], ...options });

/** The top bar's credits: 'Credits: 7 remaining out of total 100'. */
export async function credits(page: Page): Promise<{ remaining: number; total: number }> {
  const text = await page.locator(".credits-text").innerText();
  const m = /Credits: (\d+) remaining out of total (\d+)/.exec(text)!;
  return { remaining: Number(m[1]), total: Number(m[2]) };
}

// ---- The API from the test process (a request context, not the page) ----------------------

/** The header the API reads a session token from. */
export const auth = (token: string) => ({ Authorization: `Token ${token}` });

/** A request context of its own against this worker's server (dispose it when done). */
export const newApiContext = () => playwrightRequest.newContext({ baseURL: baseUrlOf(workerSlot()) });

/** Signs in through the API and returns the session token (like any sign-in, it ends that user's other session). */
export async function token(api: APIRequestContext, who: Credentials): Promise<string> {
  const res = await api.post("/api/login/", { data: { username: who.email, password: who.password } });
  expect(res.status()).toBe(200);
  return (await res.json()).token;
}

/** Signs a new user up through the API: their token and user id. */
export async function signUp(
  api: APIRequestContext,
  details: { email: string; password: string; first_name: string; last_name?: string; company?: string },
): Promise<{ token: string; id: number }> {
  const signup = await api.post("/api/signup/", { data: details });
  expect(signup.status()).toBe(201);
  const userToken: string = (await signup.json()).token;
  const me = await (await api.get("/api/user/me/", { headers: auth(userToken) })).json();
  return { token: userToken, id: me.id };
}

/** Staff give a user a subscription that ends `days` from today (what opens the app to them). */
export async function subscribe(api: APIRequestContext, staffToken: string, userId: number, days: number) {
  const endDate = new Date(Date.now() + days * 864e5).toISOString().slice(0, 10);
  const res = await api.patch(`/api/user/users/${userId}/`, { headers: auth(staffToken), data: { end_date: endDate } });
  expect(res.status()).toBe(200);
}

// ---- The API from inside the page, with the page's own session -----------------------------

/** The session token the app in this page keeps (null when signed out). */
export const pageToken = (page: Page) => page.evaluate(() => localStorage.getItem("infrascout_token"));

/** fetch() in the page with the page's token, as the app itself calls: the status and the JSON body (null when empty). */
export async function pageApi<T>(page: Page, path: string, { method = "GET", body }: { method?: string; body?: unknown } = {}): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ([p, m, b]) => {
      const headers: Record<string, string> = { Authorization: `Token ${localStorage.getItem("infrascout_token")}` };
      if (b !== undefined) headers["Content-Type"] = "application/json";
      const r = await fetch(p, { method: m, headers, body: b === undefined ? undefined : JSON.stringify(b) });
      const text = await r.text();
      return { status: r.status, body: text ? JSON.parse(text) : null };
    },
    [path, method, body] as const,
  );
}

/** A GET through pageApi when only the body matters. */
export const pageGet = async <T>(page: Page, path: string): Promise<T> => (await pageApi<T>(page, path)).body;

// ---- Listers --------------------------------------------------------------------------------

/** The list shows the URL's query (React has caught up with the address bar) and is not loading. */
export async function settled(page: Page) {
  const results = page.locator(".lister-results");
  await poll(
      async () => {
        const wanted = new URLSearchParams(new URL(page.url()).search).toString();
        return (await results.getAttribute("data-query")) === wanted && (await results.getAttribute("aria-busy")) === "false";
      },
      { timeout: 30_000 },
    )
    .toBe(true);
}

/**
 * The number in a settled lister's summary, which reads '1,234 <noun>' (the lister's own noun,
 * plural: leads, tenders, companies, results; '1 tender' for one) and nothing more unless
 * `exact` is false: My Feed's goes on ('· 3 new on this page').
 */
export async function listerCount(page: Page, noun: string, { exact = true } = {}): Promise<number> {
  await settled(page);
  const summary = page.locator(".lister-summary");
  const one = noun.replace(/ies$/, "y").replace(/s$/, "");
  const shape = new RegExp(`^([\\d,]+) (${noun}|${one})${exact ? "$" : "\\b"}`);
  await expect(summary).toHaveText(shape);
  const [, digits, word] = shape.exec(await summary.innerText())!;
  const n = Number(digits.replace(/,/g, ""));
  expect(word, "the noun agrees with the count").toBe(n === 1 ? one : noun);
  return n;
}

/** The filter panel: beside the list on desktop; on a phone in the 'Filters' drawer, closed again after `act`. */
export async function withFilters<T>(page: Page, phone: boolean, act: (panel: Locator) => Promise<T>): Promise<T> {
  if (!phone) return act(page.getByRole("complementary", { name: "Filters" }));
  await page.getByRole("button", { name: /Filters$/ }).click();
  const drawer = page.locator(".ant-drawer-content");
  await expect(drawer).toBeVisible();
  const out = await act(drawer);
  await drawer.getByRole("button", { name: /^Show [\d,]+ / }).click();
  await expect(drawer).toBeHidden();
  return out;
}

// ---- Screenshots ----------------------------------------------------------------------------

/**
 * A spec's screenshot taker: shot(page, name) writes <dir>/<prefix>-<name>.png, but only when
 * screenshots are asked for: E2E_SCREENSHOTS=<dir> for every spec, or the spec's own environment
 * variable (dirVariable), which wins. Otherwise it writes nothing (failures still get
 * Playwright's own screenshot). fullPage is the spec's default (one shot may say otherwise);
 * settleMs first lets toasts and transitions settle.
 */
export function screenshots(prefix: string, { dirVariable, fullPage = false, settleMs = 0 }: { dirVariable?: string; fullPage?: boolean; settleMs?: number } = {}) {
  const dir = (dirVariable ? process.env[dirVariable] : undefined) || process.env.E2E_SCREENSHOTS;
  return async (page: Page, name: string, options: { fullPage?: boolean } = {}) => {
    if (!dir) return;
    if (settleMs) await page.waitForTimeout(settleMs);
    await page.screenshot({ path: `${dir}/${prefix}-${name}.png`, fullPage: options.fullPage ?? fullPage });
  };
}
