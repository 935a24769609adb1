// The keyboard path through a lister (issue 21): sign in, search, filter, sort, page and open a
// lead with the keyboard alone (keyboard.press and keyboard.type, never a click), and at every
// step the focused element shows it has focus (an outline or a focus ring on
// document.activeElement) and focus never drops to the page's body.
import { expect, type Page } from "@playwright/test";
import { demo, DESKTOP, expectPath, pageGet, poll, settled, recordedTest as test } from "./fixtures.js";

interface Focused {
  /** What has focus, for messages: tag, name, classes. */
  what: string;
  body: boolean;
  /** An outline, or a box-shadow ring (a spread of 1 px or more), on the element or, for antd's hidden inputs, on what draws them. */
  visible: boolean;
  text: string;
  label: string;
  href: string;
  checkbox: boolean;
}

/** The focused element and whether its focus shows. */
const focused = (page: Page): Promise<Focused> =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { what: "body", body: true, visible: false, text: "", label: "", href: "", checkbox: false };
    const ring = (node: Element | null) => {
      if (!node) return false;
      const cs = getComputedStyle(node);
      const outline = cs.outlineStyle !== "none" && parseFloat(cs.outlineWidth) > 0;
      // "rgba(…) 0px 0px 0px 2px" (a ring), not a plain drop shadow ("… 0px 2px 0px").
      const shadow = cs.boxShadow !== "none" && cs.boxShadow.split(/,(?![^(]*\))/).some((s) => Number((s.match(/(-?[\d.]+)px/g) ?? [])[3]?.replace("px", "") ?? 0) >= 1);
      return outline || shadow;
    };
    // A text field's ring is drawn by its box (the sign-in form's, antd's affix wrapper), a
    // checkbox's or a select's by the element that shows it, not by the bare input.
    const input = el.matches("input");
    const drawn = [
      el,
      el.matches("input[type=checkbox], input[type=radio]") ? el.nextElementSibling : null,
      el.closest(".ant-select")?.querySelector(".ant-select-selector") ?? null,
      input ? el.closest(".auth-box, .ant-input-affix-wrapper") : null,
      // A menu item draws the ring of the link it holds (its box clips an outline outside it).
      el.matches(".ant-menu-item a") ? el.closest(".ant-menu-item") : null,
      // The pager's arrows: the item has focus, antd rings the button inside.
      el.matches(".ant-pagination-prev, .ant-pagination-next") ? el.querySelector(".ant-pagination-item-link") : null,
    ];
    return {
      what: `${el.tagName.toLowerCase()} "${el.getAttribute("aria-label") ?? (el as HTMLInputElement).labels?.[0]?.textContent?.trim() ?? ""}" ${(el.className && typeof el.className === "string" ? `.${el.className.trim().split(/\s+/).join(".")}` : "")} ${(el.textContent ?? "").trim().slice(0, 40)}`,
      body: false,
      visible: drawn.some(ring),
      text: (el.textContent ?? "").trim(),
      label: el.getAttribute("aria-label") ?? (el as HTMLInputElement).labels?.[0]?.textContent?.trim() ?? "",
      href: el.getAttribute("href") ?? "",
      checkbox: el.matches("input[type=checkbox]"),
    };
  });

/** Focus is on something other than the body, and shows. */
async function expectFocusVisible(page: Page, step: string): Promise<Focused> {
  // antd marks some controls focused on its next render (.ant-select-focused): a moment to show it.
  let f = await focused(page);
  for (let i = 0; i < 10 && !f.body && !f.visible; i++) f = await page.waitForTimeout(50).then(() => focused(page));
  expect(f.body, `${step}: focus dropped to the page's body`).toBe(false);
  expect(f.visible, `${step}: the focused element (${f.what}) shows no outline or focus ring`).toBe(true);
  return f;
}

/** Presses Tab (Shift+Tab backwards) until `wanted` says the focused element is the one, checking focus shows at each stop. */
async function tabTo(page: Page, step: string, wanted: (f: Focused) => boolean, { back = false, max = 80 } = {}): Promise<Focused> {
  const stops: string[] = [];
  // Already there (the sign-in form focuses its first field itself).
  const now = await focused(page);
  if (!now.body && wanted(now)) return expectFocusVisible(page, step);
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
    const f = await expectFocusVisible(page, `${step} (Tab stop ${i + 1}, after ${stops.join(" | ") || "none"})`);
    if (wanted(f)) return f;
    stops.push(f.what);
  }
  throw new Error(`${step}: not reached in ${max} Tab stops; passed ${stops.join(" | ")}`);
}

test.use({ viewport: { width: DESKTOP.width, height: DESKTOP.height } });

test("keyboard only: sign in, search, filter, sort, page and open a lead, focus visible at every step", async ({ page }) => {
  test.setTimeout(120_000);
  // Sign in.
  await page.goto("/login");
  await expect(page.getByLabel("Username or e-mail")).toBeVisible();
  await tabTo(page, "to the e-mail field", (f) => f.label === "Username or e-mail");
  await page.keyboard.type(demo.email);
  await tabTo(page, "to the password field", (f) => f.label === "Password");
  await page.keyboard.type(demo.password);
  await page.keyboard.press("Enter");
  await expect(page.getByText(/remaining out of total/)).toBeVisible();

  // To the construction leads through the side menu.
  await tabTo(page, "to the menu's Construction item", (f) => f.text === "Construction");
  await page.keyboard.press("Enter");
  await expectPath(page, "/private-construction-leads");
  await settled(page);

  // Search: the word of the lead titles that finds the most leads (more than a page of them).
  type Page1 = { results: { title: string }[]; count?: number; total?: number };
  const leads = await pageGet<Page1>(page, "/api/list/search/?filter=category:construction");
  const words = [...new Set(leads.results.flatMap((l) => l.title.split(/\s+/).filter((w) => /^[A-Za-z]{5,}$/.test(w))))].slice(0, 12);
  let word = "";
  let most = 0;
  for (const w of words) {
    const found = await pageGet<Page1>(page, `/api/list/search/?filter=category:construction&q=${encodeURIComponent(w)}`);
    const n = found.count ?? found.total ?? 0;
    if (n > most) [word, most] = [w, n];
  }
  expect(most, `a word of the titles (${words.join(", ")}) that finds more than a page of leads`).toBeGreaterThan(20);
  await tabTo(page, "to the search box", (f) => f.label === "Search text");
  await page.keyboard.type(word);
  await page.keyboard.press("Enter");
  await poll(() => new URL(page.url()).searchParams.get("oq") ?? new URL(page.url()).searchParams.get("q")).toBe(word);
  await settled(page);
  await expectFocusVisible(page, "after searching");

  // Sort: the select opens with the arrow keys and Enter picks.
  const sortBefore = new URL(page.url()).searchParams.get("sort");
  await tabTo(page, "to the sort select", (f) => f.label === "Sort by");
  await page.keyboard.press("ArrowDown");
  await expect(page.locator(".ant-select-dropdown:not(.ant-select-dropdown-hidden)")).toBeVisible();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await poll(() => new URL(page.url()).searchParams.get("sort")).not.toBe(sortBefore);
  await settled(page);
  const afterSort = await expectFocusVisible(page, "after picking a sort");
  expect(afterSort.label, "focus stays on the sort select after the pick").toBe("Sort by");

  // "Skip to results" (before the facets) puts focus on the results.
  await tabTo(page, "to Skip to results", (f) => f.text === "Skip to results");
  await page.keyboard.press("Enter");
  const results = await expectFocusVisible(page, "after Skip to results");
  expect(results.label, "Skip to results moves focus to the results").toBe("Results");

  // Page: on through the results to the pager's "Next page".
  await tabTo(page, "to the pager's Next page", (f) => f.label === "Next page" || /ant-pagination-next/.test(f.what), { max: 60 });
  await page.keyboard.press("Enter");
  await poll(() => new URL(page.url()).searchParams.get("page")).toBe("2");
  await settled(page);
  await expectFocusVisible(page, "after paging");

  // Filter: back up past the results to the facets' checkboxes; Space ticks the last one passed.
  await tabTo(page, "back to a facet checkbox", (f) => f.checkbox, { back: true, max: 120 });
  const before = new URL(page.url()).searchParams.toString();
  await page.keyboard.press("Space");
  await poll(() => new URL(page.url()).searchParams.toString()).not.toBe(before);
  await settled(page);
  const ticked = await expectFocusVisible(page, "after ticking a facet");
  expect(ticked.checkbox, "focus stays on the ticked checkbox").toBe(true);

  // On to the results and the first lead's title.
  await tabTo(page, "to a lead's title", (f) => /\/detail\/\d+$/.test(f.href), { max: 120 });

  // Open the lead: its page opens and focus is on it, not on the body.
  const { href, text } = await focused(page);
  await page.keyboard.press("Enter");
  await expectPath(page, href);
  await expect(page.getByRole("heading", { name: text }).first()).toBeVisible();
  // Focus moves to the new page's h1 (the heading a screen reader reads next), not the body. A
  // heading focused by script is no control and shows no ring (styles.css); the next Tab goes on
  // from there, to the page's own controls, with the ring again.
  await poll(async () => (await focused(page)).what, { message: "focus goes to the lead page's h1 after opening the lead" }).toMatch(/^h1 /);
  expect((await focused(page)).text).toBe(text);
  await tabTo(page, "from the lead's h1 to its first control", (f) => !f.what.startsWith("h1 "));
});
