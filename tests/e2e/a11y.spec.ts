// WCAG 2.1 AA (issue 21): every route of the app, at 1280 and 390 px wide, has no axe-core
// violation of the A and AA rules (tags wcag2a, wcag2aa, wcag21a, wcag21aa).
//
// The routes are not listed here by hand: the signed-in ones come from the resource list
// (src/resources/index.tsx, as resources/routes.tsx makes them), the others from AppRoutes.tsx's
// own <Route path="…">, and the staff area's tabs from UpdateProjectsPage.tsx. A path this spec
// does not know how to open (a new public route, a detail page of a resource without a list to
// take an id from) fails the test that lists them, so no new route goes unchecked.
//
// Fast: one sign-in per group of pages, each page opened once per width inside the app already
// loaded (a client-side navigation, as the menu does), then checked once it has settled.
import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { canUseResource, defineAbilityFor } from "../../common/ability.js";
import { resources, type Resource } from "../../src/resources/index.js";
import { auth, demo, newApiContext, pageGet, poll, signedIn, signUp, staff, subscribe, token, WIDTHS, recordedTest as test } from "./fixtures.js";

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const ROOT = path.resolve(import.meta.dirname, "../..");

// ---- The routes -----------------------------------------------------------------------------

/** Every path of a resource that opens a page (resources/routes.tsx resourceRoutes, without its React). */
function resourcePaths(): { path: string; resource: Resource; action: "list" | "show" }[] {
  return resources.flatMap((r) => {
    const meta = r.meta ?? {};
    const of = (p: unknown, action: "list" | "show", page: unknown) => (typeof p === "string" && page ? [{ path: p, resource: r, action }] : []);
    return [...of(r.list, "list", meta.pages?.list), ...of(r.show, "show", meta.pages?.show), ...(meta.routes ?? []).flatMap((x) => of(x.path, x.action ?? "show", x.page))];
  });
}

/** A subscriber's rights (common/ability.ts): what they cannot open is staff-only. */
const subscriberAbility = defineAbilityFor({ id: 1, email: demo.email, end_date: "2999-12-31", is_active: true });
const staffOnly = (resource: string, action: string) => !canUseResource(subscriberAbility, resource, action);

/** AppRoutes.tsx's own paths (those outside the resources). */
const appRoutePaths = () => [...fs.readFileSync(path.join(ROOT, "src/AppRoutes.tsx"), "utf8").matchAll(/<Route path="([^"]+)"/g)].map((m) => m[1]);

/** The staff area's tabs (?tab=…), from UpdateProjectsPage.tsx's list. */
const staffTabs = () => [...fs.readFileSync(path.join(ROOT, "src/pages/update-projects/UpdateProjectsPage.tsx"), "utf8").matchAll(/\{ key: "([a-z-]+)", label:/g)].map((m) => m[1]);

/** How each of AppRoutes' own paths is opened: the URL, and by whom ("out": signed out; "new": a new applicant). */
const PUBLIC_ROUTES: Record<string, { url: string; who: "out" | "new" }> = {
  "/login": { url: "/login", who: "out" },
  "/signup": { url: "/signup", who: "out" },
  "/forgot-password": { url: "/forgot-password", who: "out" },
  "/verify-email": { url: "/verify-email", who: "out" },
  "/team/join": { url: "/team/join?token=invitation-token", who: "out" },
  "/auth/microsoft": { url: "/auth/microsoft", who: "out" },
  "*": { url: "/no/such/page", who: "out" },
  "/onboarding": { url: "/onboarding", who: "new" },
};

/** Where a detail page takes a real record's id from when its resource has no list endpoint of its own. */
const ID_ENDPOINT: Record<string, string> = { leads: "list/search/" };

// ---- Checking a page ------------------------------------------------------------------------

interface Finding {
  where: string;
  lines: string[];
}

/** Counts the page's API calls in flight, so a page is checked once its data has arrived. */
function trackRequests(page: Page): () => number {
  const inflight = new Set<unknown>();
  const done = (r: unknown) => inflight.delete(r);
  page.on("request", (r) => new URL(r.url()).pathname.startsWith("/api/") && inflight.add(r));
  page.on("requestfinished", done);
  page.on("requestfailed", done);
  return () => inflight.size;
}

/** Waits until nothing loads: no API call in flight, no spinner, skeleton or busy region, twice in a row. */
async function settle(page: Page, inflight: () => number) {
  let quietBefore = false;
  await poll(
    async () => {
      const quiet = inflight() === 0 && (await page.evaluate(() => !!document.querySelector("#root > *") && !document.querySelector(".ant-spin-spinning, .ant-skeleton-active, [aria-busy='true']")));
      const twice = quiet && quietBefore;
      quietBefore = quiet;
      return twice;
    },
    { timeout: 20_000, message: `the page at ${page.url()} kept loading` },
  ).toBe(true);
}

/** Opens `url` inside the app already loaded (as the app's own links do), or loads it when nothing is. */
async function open(page: Page, url: string) {
  const inApp = await page.evaluate(() => !!document.querySelector("#root > *")).catch(() => false);
  if (!inApp) return void (await page.goto(url));
  await page.evaluate((to) => {
    window.history.pushState({}, "", to);
    window.dispatchEvent(new PopStateEvent("popstate", { state: window.history.state }));
  }, url);
}

/** axe's A/AA findings on the page as it is now: each rule's id, impact, where (target) and what to fix (summary). */
async function violations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return violations.flatMap((v) => [
    `${v.id} (${v.impact}, ${v.nodes.length} node${v.nodes.length === 1 ? "" : "s"}): ${v.help}`,
    ...v.nodes.slice(0, 8).map((n) => `    ${n.target.join(" ")} — ${(n.failureSummary ?? "").replace(/\s*\n\s*/g, " ").slice(0, 240)}`),
    ...(v.nodes.length > 8 ? [`    … ${v.nodes.length - 8} more`] : []),
  ]);
}

/** Opens each URL, checks it, and asserts at the end (every page's findings printed, not only the first's). */
async function checkAll(page: Page, urls: string[], width: string, label = (u: string) => u) {
  const inflight = trackRequests(page);
  const findings: Finding[] = [];
  for (const url of urls) {
    await open(page, url);
    await settle(page, inflight);
    const lines = await violations(page);
    if (lines.length) findings.push({ where: `${label(url)} at ${width} (${new URL(page.url()).pathname})`, lines });
  }
  const report = findings.map((f) => `${f.where}:\n  ${f.lines.join("\n  ")}`).join("\n\n");
  if (report) console.log(`WCAG 2.1 A/AA violations:\n${report}`);
  expect(findings.length, `WCAG 2.1 A/AA violations on ${findings.length} of ${urls.length} pages:\n\n${report}`).toBe(0);
}

// ---- Real records for the detail pages ------------------------------------------------------

/** The id of a real record of the resource (the first of its list), for its detail pages. */
async function idFor(page: Page, resource: Resource): Promise<string> {
  const endpoint = ID_ENDPOINT[resource.name] ?? resource.meta?.endpoint;
  if (!endpoint) throw new Error(`no list to take a ${resource.name} id from: add it to ID_ENDPOINT in a11y.spec.ts`);
  const list = await pageGet<{ results?: { id: number }[] }>(page, `/api/${endpoint}${endpoint.includes("?") ? "&" : "?"}page=1`);
  const id = list.results?.[0]?.id;
  if (id === undefined) throw new Error(`/api/${endpoint} listed no ${resource.name}`);
  return String(id);
}

async function demoId(): Promise<number> {
  const api = await newApiContext();
  try {
    const t = await token(api, demo);
    return (await (await api.get("/api/user/me/", { headers: auth(t) })).json()).id;
  } finally {
    await api.dispose();
  }
}

/** The resource paths a subscriber (or staff) opens, with real ids in place of :id. */
async function resourceUrls(page: Page, asStaff: boolean): Promise<string[]> {
  const urls: string[] = [];
  const ids = new Map<string, string>();
  const routes = resourcePaths().filter((r) => staffOnly(r.resource.name, r.action) === asStaff);
  for (const r of routes) {
    let url = r.path;
    if (url.includes(":id")) {
      if (!ids.has(r.resource.name)) ids.set(r.resource.name, r.resource.name === "impersonate" ? String(await demoId()) : await idFor(page, r.resource));
      url = url.replace(":id", ids.get(r.resource.name)!);
    }
    if (/:\w+/.test(url)) throw new Error(`${r.path}: a parameter a11y.spec.ts cannot fill in`);
    urls.push(url);
  }
  if (asStaff) {
    // The staff area's tabs are pages of their own; impersonation (which leaves the staff session) last.
    const area = urls.indexOf("/update-projects");
    urls.splice(area + 1, 0, ...staffTabs().filter((t) => t !== "review").map((t) => `/update-projects?tab=${t}`));
    urls.sort((a, b) => Number(a.startsWith("/impersonate/")) - Number(b.startsWith("/impersonate/")));
  }
  return urls;
}

// ---- The tests --------------------------------------------------------------------------------

/**
 * The subscriber's and staff's pages are checked in this many tests per width, so the workers
 * share them and each test stays well inside its time (axe takes 2–5 s a page on a busy CI
 * machine: three parts took 46–59 s of their 60).
 */
const SUBSCRIBER_PARTS = 6;
const STAFF_PARTS = 2;
/** Each part's time: its pages and a retry's worth of slack on a loaded machine. */
const PART_TIMEOUT = 120_000;

for (const width of WIDTHS) {
  test.describe(`WCAG 2.1 AA at ${width.width} px`, () => {
    test.use({ viewport: { width: width.width, height: width.height } });

    test(`signed-out pages (${width.name})`, async ({ page }) => {
      const unknown = appRoutePaths().filter((p) => !(p in PUBLIC_ROUTES));
      expect(unknown, "AppRoutes.tsx paths a11y.spec.ts does not open: add them to PUBLIC_ROUTES").toEqual([]);
      const urls = Object.values(PUBLIC_ROUTES).filter((r) => r.who === "out").map((r) => r.url);
      await page.goto("/login");
      await checkAll(page, urls, width.name);
    });

    test(`a new applicant's pages: onboarding, signup recorded, subscription expired (${width.name})`, async ({ page }) => {
      const api = await newApiContext();
      const email = `a11y-${width.name}-${Date.now()}@e2e.test`;
      const password = "Applicant@12345";
      const { token: userToken, id } = await signUp(api, { email, password, first_name: "Asha", company: "Asha Infra" });
      const inflight = trackRequests(page);
      const findings: string[] = [];
      const check = async (what: string, text: RegExp) => {
        await expect(page.getByText(text).first()).toBeVisible();
        await settle(page, inflight);
        const lines = await violations(page);
        if (lines.length) findings.push(`${what} at ${width.name}:\n  ${lines.join("\n  ")}`);
      };
      await page.goto("/api/health");
      await page.evaluate(([k, v]) => localStorage.setItem(k, v), ["infrascout_token", userToken] as const);
      await page.goto("/onboarding");
      await check("/onboarding", /Under Construction/);
      expect((await api.patch("/api/user-info/", { headers: auth(userToken), data: { preferred_proj_status: ["Planning"] } })).status()).toBe(200);
      await page.goto("/dashboard");
      await check("signup recorded (/dashboard)", /Your signup has been recorded/);
      await subscribe(api, await token(api, staff), id, -3);
      await api.dispose();
      await page.goto("/dashboard");
      await check("subscription expired (/dashboard)", /User Subscription Expired/);
      expect(findings.length, `WCAG 2.1 A/AA violations:\n\n${findings.join("\n\n")}`).toBe(0);
    });

    for (let part = 0; part < SUBSCRIBER_PARTS; part++) {
      test(`a subscriber's pages, part ${part + 1} of ${SUBSCRIBER_PARTS} (${width.name})`, async ({ page }) => {
        test.setTimeout(PART_TIMEOUT);
        await signedIn(page, demo);
        const all = await resourceUrls(page, false);
        const mine = all.filter((_, i) => i % SUBSCRIBER_PARTS === part);
        await checkAll(page, mine, width.name);
      });
    }

    for (let part = 0; part < STAFF_PARTS; part++) {
      test(`staff pages, part ${part + 1} of ${STAFF_PARTS} (${width.name})`, async ({ page }) => {
        test.setTimeout(PART_TIMEOUT);
        await signedIn(page, staff);
        const all = await resourceUrls(page, true);
        // In order, halves: impersonation (which leaves the staff session) stays last of the last.
        const half = Math.ceil(all.length / STAFF_PARTS);
        await checkAll(page, all.slice(part * half, (part + 1) * half), width.name);
      });
    }
  });
}
