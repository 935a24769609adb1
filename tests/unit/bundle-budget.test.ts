// The JavaScript a browser downloads on the first open of each page (issue 17, "Light"), read
// from the manifest of the build in dist/ (`npm run build`; CI builds before it tests). The same
// numbers `npm run bench` prints (bench/bundle-sizes.ts).
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { BUDGETS, kb, measurePages, readManifest, staticClosure, type Manifest, type PageSize } from "../../bench/bundle-sizes.js";

const ROOT = path.resolve(import.meta.dirname, "../..");
const DIST = path.join(ROOT, "dist");

/**
 * What this branch reached, as a floor the bundle must not slide back from. Issue 17 asks for
 * 200 KB (signed out) and 400 KB (signed in); see the last test.
 */
// Signed in 640 → 645 KB: the staff edit page (the heaviest) grew 7.5 KB when its record, parts and
// writes moved onto Refine's hooks (detail frame, useCustomMutation); every other page is under 600.
// 645 → 647 and 305 → 306: the shell grew 0.6 KB (the router binding that keeps a page's URL out of
// hook options, prefetches kept per session, lister searches on the resources) and the build split
// five small shared modules into chunks of their own (useDebounced, usePost, ability, format …),
// each a file more to fetch: /login 302.5 → 303.8, /forgot-password 303.8 → 305.2, the staff edit
// page 644.5 → 646.1 KB (`npx tsx bench/bundle.ts` after `npm run build`, both commits).
// 647 → 641: src/hooks and src/lib modules shared by two chunks or more now share one chunk
// (vite.config.ts): the staff edit page 646.2 → 639.9 KB in 72 files instead of 87, listers
// 532.9 → 525.5; /login unchanged at 303.8 KB in 31 files instead of 43.
// 641 → 617: antd's Card (which brought Tabs and rc-tabs) replaced by the app's Panel; the staff
// edit page 617.7 → 615.8 KB, pages with cards and no tabs of their own ≈ 13.4 KB lighter.
// 267 → 200 (issue 17's budget, met): the sign-in pages' forms in plain markup (src/pages/auth/form),
// not antd's Form, Input and Button; /login 264.7 → 194.4 KB.
// 532 → 478: every table of rows is the app's DataTable, none antd's Table (rc-table, rc-tree):
// /update-projects 531.4 → 477.3 KB, its detail page 511.7 → 458.5, /profile 432.6 → 378.2.
// 478 → 400 (issue 17's budget, met): no page brings antd's Table or Tabs; dialogs, previews and the
// staff area's other tabs load when first used; the staff editor's value and dates are plain inputs.
const CEILINGS = BUDGETS;

let manifest: Manifest;
let sizes: PageSize[];
beforeAll(() => {
  if (!fs.existsSync(path.join(DIST, ".vite", "manifest.json"))) {
    throw new Error("dist/ has no build manifest: run `npm run build` before this test (it measures the real build).");
  }
  manifest = readManifest(DIST);
  sizes = measurePages(DIST, path.join(ROOT, "src"));
});

const page = (route: string) => {
  const found = sizes.find((s) => s.route === route);
  if (!found) throw new Error(`no page measured for ${route}`);
  return found;
};
/** All the JavaScript a page downloads on its first open, as one text: read from the code itself, not
 * from chunk names (a module moved into another chunk keeps its text). */
const codeOf = (size: PageSize) => size.files.map((file) => fs.readFileSync(path.join(DIST, file), "utf8")).join("\n");
/** Whether code holds an rc-* library's default class prefix (each names it in its code). */
const hasPrefix = (code: string, prefix: string) => code.includes(`\`${prefix}\``) || code.includes(`"${prefix}"`);
/** The JS files the manifest lists for a source module and its static imports. */
const filesOf = (source: string) => staticClosure(manifest, [source]);
const over = (limit: (s: PageSize) => number) =>
  sizes.filter((s) => s.gzipBytes > limit(s)).map((s) => `${s.route} ${kb(s.gzipBytes)} > ${kb(limit(s))}`);

describe("first-open JavaScript per page (from dist/.vite/manifest.json)", () => {
  it("measures every page of src/pages.ts, the sign-in pages as signed out", () => {
    expect(sizes.length).toBeGreaterThanOrEqual(30);
    for (const route of ["/login", "/signup", "/forgot-password"]) expect(page(route).signedIn).toBe(false);
    for (const route of ["/dashboard", "/private-construction-leads", "/builders"]) expect(page(route).signedIn).toBe(true);
    for (const s of sizes) expect(s.gzipBytes).toBeGreaterThan(50 * 1024); // at least React and antd's core
  });

  it("/login downloads neither the signed-in shell, the access rules, the charts nor Microsoft's sign-in", () => {
    const loginCode = codeOf(page("/login"));
    const markers = {
      "the signed-in shell (AppLayout's side menu)": '"app-sider"',
      "the CASL rules (@casl/ability)": "ForbiddenError",
      "the charts (BarChart)": "chart-svg",
      "Microsoft's sign-in (MSAL)": "msal",
      "object-inspect (side-channel's fall-backs; vite.config aliases side-channel)": "maxStringLength",
      "antd's toasts (message: loaded for the first toast, or when the page is idle)": "-notice-wrapper",
    };
    for (const [what, marker] of Object.entries(markers)) {
      expect(loginCode.includes(marker), `${what} is on /login`).toBe(false);
    }
  });

  it("a lister, the dashboard and the profile do not download antd's Tabs on their first open", () => {
    // antd's Card imported Tabs (for its tabList, never used here): ≈ 18 KB gz on every page with a
    // card; the app's Panel (src/components/page/Panel.tsx) draws the same box without it. These
    // pages show no tabs of their own. The markers are rc-tabs' own: its default class prefix and
    // the overflow menu's class.
    for (const route of ["/private-construction-leads", "/dashboard", "/profile"]) {
      const code = codeOf(page(route));
      expect(code.includes("`rc-tabs`") || code.includes('"rc-tabs"'), `rc-tabs is on ${route}`).toBe(false);
      expect(code.includes("-nav-operations"), `antd's Tabs is on ${route}`).toBe(false);
    }
  });

  it("a lister's first open brings no date picker, number input or dialog library (date inputs are the browser's own; 'Save search' loads its dialog on click)", () => {
    // Pages that still use antd's DatePicker, InputNumber or Modal (audit log, reminders …) load
    // them in their own chunks.
    const listerCode = codeOf(page("/private-construction-leads"));
    const markers = {
      "rc-picker (antd DatePicker)": "rc-picker",
      "rc-input-number (antd InputNumber)": "rc-input-number",
      "rc-dialog (antd Modal)": "rc-dialog",
    };
    for (const [what, prefix] of Object.entries(markers)) {
      expect(hasPrefix(listerCode, prefix), `${what} is on /private-construction-leads`).toBe(false);
    }
  });

  it("the dashboard and the detail pages bring no date picker: dates are the browser's own, 'Set reminder' loads its dialog when reached", () => {
    for (const route of ["/dashboard", "/private-construction-leads/detail/:id", "/tender/detail/:id", "/result/detail/:id", "/builder/detail/:id"]) {
      expect(hasPrefix(codeOf(page(route)), "rc-picker"), `rc-picker (antd DatePicker) is on ${route}`).toBe(false);
    }
  });

  it("the listers, My Feed and the pages with lists of rows bring no antd Table: their rows are the app's DataTable", () => {
    // antd's Table brings its column filter menu (rc-tree), selection and virtual scroll code,
    // ≈ 50 KB gz that these tables never use. The markers are rc-table's and rc-tree's prefixes.
    const listers = ["/private-construction-leads", "/live-tenders", "/results", "/builders", "/unlocked-companies", "/my-feed"];
    const details = ["/private-construction-leads/detail/:id", "/private-construction-leads-new", "/private-leads/detail/:id/qa-tool", "/result/detail/:id", "/your-competitors",
      "/builder/contacts/:id", "/company-financial-data/:id", "/profile",
      "/update-projects", "/update-projects/detail/:id"];
    for (const route of [...listers, ...details]) {
      const code = codeOf(page(route));
      for (const prefix of ["rc-table", "rc-tree"]) expect(hasPrefix(code, prefix), `${prefix} is on ${route}`).toBe(false);
    }
  });

  it("no page brings antd's Table or Tabs on its first open: tables are the app's DataTable, tabs its TabSet", () => {
    for (const s of sizes) {
      const code = codeOf(s);
      for (const prefix of ["rc-table", "rc-tabs"]) expect(hasPrefix(code, prefix), `${prefix} is on ${s.route}`).toBe(false);
    }
  });

  it("the reminders page and the calendar bring no dialog or date picker: the add/edit dialog loads when first opened", () => {
    for (const route of ["/reminders", "/project-calendar"]) {
      expect(hasPrefix(codeOf(page(route)), "rc-dialog"), `rc-dialog (antd Modal) is on ${route}`).toBe(false);
    }
    expect(hasPrefix(codeOf(page("/reminders")), "rc-picker"), "rc-picker (antd DatePicker) is on /reminders").toBe(false);
  });

  it("My Feed brings no number input: its preferences editor loads when 'Edit preferences' is reached", () => {
    expect(hasPrefix(codeOf(page("/my-feed")), "rc-input-number"), "rc-input-number (antd InputNumber) is on /my-feed").toBe(false);
  });

  it("every signed-in page brings the signed-in shell; no page brings Microsoft's sign-in library on its first open", () => {
    const shell = filesOf("src/components/auth/GatedAppLayout.tsx");
    const msal = manifest["src/lib/identityMicrosoft.ts"].file;
    for (const s of sizes) {
      expect(s.files).not.toContain(msal);
      if (s.signedIn) for (const file of shell) expect(s.files, s.route).toContain(file);
    }
  });

  it("no page's first open brings what it only needs on demand (read from the code itself)", () => {
    const markers = {
      "libphonenumber's metadata (fetched when a phone number is first checked)": "country_calling_codes",
      "@refinedev/antd's markdown field (micromark: unused)": "micromark",
    };
    for (const s of sizes) {
      const code = codeOf(s);
      for (const [what, marker] of Object.entries(markers)) expect(code.includes(marker), `${what} is on ${s.route}`).toBe(false);
    }
  });

  // Issue 17's budgets: a signed-out page ≤ 200 KB, a signed-in page ≤ 400 KB (gzipped JavaScript
  // on first open); npm run bench prints each page against them.
  it("every page is within its budget", () => {
    expect(over((s) => (s.signedIn ? CEILINGS.signedIn : CEILINGS.signedOut))).toEqual([]);
  });
});
