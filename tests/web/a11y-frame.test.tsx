// WCAG 2.1 AA in the shared frame (issue 21): one h1 per page, section titles h2, the menu in a
// navigation landmark, "Skip to content" first, focus on the new page's h1 after a route change,
// decorative icons out of accessible names, rupee amounts said in full, the document's language.
import { StarOutlined } from "@ant-design/icons";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { Button } from "antd";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { DataTable } from "../../src/components/page/DataTable";
import { AuthNotice } from "../../src/pages/auth/AuthNotice";
import { Money } from "../../src/components/format/Money";
import { formatRupeesSpoken } from "../../src/lib/format";
import { makeUser, stubApi } from "./helpers";
import { preloadPages, renderApp, renderInApp, renderSignedIn } from "./renderApp";

beforeAll(() => preloadPages(
  () => import("../../src/pages/dashboard/DashboardPage"),
  () => import("../../src/pages/quick-searches/QuickSearchesPage"),
  () => import("../../src/pages/errors/NotFoundPage"),
  () => import("../../src/pages/auth/LoginPage"),
), 120_000);

const headings = (level: number) => screen.queryAllByRole("heading", { level });

describe("page structure", () => {
  it("a signed-in page has exactly one h1, its title; its panels' titles are h2", async () => {
    renderSignedIn("/dashboard", makeUser());
    const h1 = await screen.findByRole("heading", { level: 1, name: "Dashboard" });
    expect(headings(1)).toHaveLength(1);
    expect(h1.className).toContain("page-title");
    await waitFor(() => expect(headings(2).length).toBeGreaterThan(0));
    expect(document.querySelectorAll(".panel-title").length).toBe(document.querySelectorAll("h2.panel-title").length);
    expect(document.title).toBe("Dashboard | InfraScout");
  });

  it("the 404 page has one h1 and the tab says what it is", async () => {
    renderSignedIn("/no-such-page", makeUser());
    await screen.findByRole("heading", { level: 1, name: "Page Not Found" });
    expect(headings(1)).toHaveLength(1);
    await waitFor(() => expect(document.title).toBe("Page Not Found | InfraScout"));
  });

  it("the sign-in page has one h1", async () => {
    stubApi(() => undefined);
    renderApp("/login");
    await screen.findByRole("heading", { level: 1 });
    expect(headings(1)).toHaveLength(1);
  });

  it("the side menu is inside <nav aria-label='Main'>, the page inside <main>", async () => {
    renderSignedIn("/dashboard", makeUser());
    const nav = await screen.findByRole("navigation", { name: "Main" });
    expect(within(nav).getAllByRole("menu").length).toBeGreaterThan(0);
    expect(within(nav).getByRole("link", { name: "Dashboard" })).toBeTruthy();
    const main = screen.getByRole("main");
    expect(await within(main).findByRole("heading", { level: 1, name: "Dashboard" })).toBeTruthy();
  });
});

describe("keyboard path", () => {
  it("'Skip to content' is the first focusable element and moves focus to the page's h1", async () => {
    // What an earlier test's text area leaves behind (rc-textarea's calculateNodeHeight), as in CI.
    const measuring = document.createElement("textarea");
    measuring.setAttribute("tab-index", "-1");
    measuring.setAttribute("aria-hidden", "true");
    document.body.prepend(measuring);
    renderSignedIn("/dashboard", makeUser());
    const h1 = await screen.findByRole("heading", { level: 1, name: "Dashboard" });
    // Tab stops only: antd measures text areas with a hidden textarea it leaves in the body
    // (aria-hidden, and a 'tab-index' attribute that is not tabindex), which is not one.
    const focusable = Array.from(document.querySelectorAll<HTMLElement>("a[href], button:not([disabled]), input, select, textarea, [tabindex]")).filter(
      (e) => e.tabIndex >= 0 && !e.closest("[aria-hidden='true']"),
    );
    const skip = screen.getByRole("link", { name: "Skip to content" });
    expect(focusable[0]).toBe(skip);
    expect(skip.getAttribute("href")).toBe("#main-content");
    fireEvent.click(skip);
    expect(document.activeElement).toBe(h1);
    measuring.remove();
  });

  it("focus stays put on the first load and moves to the new page's h1 after a route change", async () => {
    renderSignedIn("/dashboard", makeUser());
    await screen.findByRole("heading", { level: 1, name: "Dashboard" });
    expect(document.activeElement).toBe(document.body);
    fireEvent.click(screen.getByRole("link", { name: "Quick Searches" }));
    const h1 = await screen.findByRole("heading", { level: 1, name: "Quick Searches" });
    await waitFor(() => expect(document.activeElement).toBe(h1));
    expect(h1.getAttribute("tabindex")).toBe("-1");
  });
});

describe("tables", () => {
  const table = () => (
    <DataTable label="Invoices" rowKey="id" rows={[{ id: 1, name: "One" }]} columns={[{ key: "name", title: "Name", dataIndex: "name" }]} />
  );

  it("a table wider than its box is a Tab stop, a region named as the table, so a keyboard can scroll it", async () => {
    const wide = vi.spyOn(HTMLElement.prototype, "scrollWidth", "get").mockReturnValue(800);
    const box = vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(300);
    try {
      render(table());
      const region = await screen.findByRole("region", { name: "Invoices" });
      expect(region.tabIndex).toBe(0);
    } finally {
      wide.mockRestore();
      box.mockRestore();
    }
  });

  it("a paged table's arrows are named Previous page and Next page (not antd's icon names 'left', 'right')", () => {
    const rows = Array.from({ length: 30 }, (_, i) => ({ id: i + 1, name: `Row ${i + 1}` }));
    render(<DataTable label="Rows" rowKey="id" rows={rows} columns={[{ key: "name", title: "Name", dataIndex: "name" }]} pagination={{ pageSize: 10 }} />);
    expect(screen.getByRole("button", { name: "Next page" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Previous page" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^(left|right)$/ })).toBeNull();
  });

  it("a table that fits adds no Tab stop", () => {
    render(table());
    expect(screen.queryByRole("region")).toBeNull();
    expect(document.querySelector(".data-table-scroll")!.hasAttribute("tabindex")).toBe(false);
  });
});

describe("a sign-in notice that is the whole page", () => {
  it("titles the page with an h1 (Microsoft's popup that could not finish); under a page's own h1 it is an h2", () => {
    const { unmount } = render(<AuthNotice kind="warning" title="Microsoft sign-in could not finish" page />);
    expect(screen.getByRole("heading", { level: 1, name: "Microsoft sign-in could not finish" })).toBeTruthy();
    unmount();
    render(<AuthNotice kind="success" title="Check your inbox" />);
    expect(screen.getByRole("heading", { level: 2, name: "Check your inbox" })).toBeTruthy();
  });
});

describe("the account menu", () => {
  it("says whether it is open", async () => {
    renderSignedIn("/dashboard", makeUser());
    const button = await screen.findByRole("button", { name: "Account menu" });
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(button.getAttribute("aria-haspopup")).toBe("menu");
    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute("aria-expanded")).toBe("true"));
  });
});

describe("decorative icons", () => {
  it("an icon beside text is aria-hidden: 'Save search', not 'star Save search'", async () => {
    renderInApp(
      <>
        <Button icon={<StarOutlined />}>Save search</Button>
        <a href="/x.csv">
          <StarOutlined /> Export CSV
        </a>
        <Button icon={<StarOutlined />} />
        <Button icon={<StarOutlined aria-label="Favourite" />} />
      </>,
    );
    await waitFor(() => expect(screen.getByRole("button", { name: "Save search" })).toBeTruthy());
    expect(screen.getByRole("link", { name: "Export CSV" })).toBeTruthy();
    // An icon alone in its control keeps its name (the control needs one); so does an icon's own label.
    expect(screen.getByRole("button", { name: "star" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Favourite" })).toBeTruthy();
  });
});

describe("amounts", () => {
  it("have a long form to be said", () => {
    expect(formatRupeesSpoken(235_000_000)).toBe("23.5 crore rupees");
    expect(formatRupeesSpoken(4_500_000)).toBe("45 lakh rupees");
    expect(formatRupeesSpoken(10_000_000)).toBe("1 crore rupees");
    expect(formatRupeesSpoken(99_999)).toBe("99,999 rupees");
    expect(formatRupeesSpoken(1)).toBe("1 rupee");
    expect(formatRupeesSpoken(-4_500_000)).toBe("minus 45 lakh rupees");
    expect(formatRupeesSpoken(null)).toBe("Not Specified");
  });

  it("Money shows the short text exactly, hidden from screen readers, and says the long form", () => {
    const { container } = render(
      <p>
        <Money className="lead-value" value={235_000_000} /> <Money as="div" className="tender-value" value={4_500_000} /> <Money value={null} />
      </p>,
    );
    const visible = container.querySelector(".lead-value")!;
    expect(visible.textContent).toBe("₹ 23.5 Cr");
    expect(visible.getAttribute("aria-hidden")).toBe("true");
    expect(container.querySelector("div.tender-value")!.textContent).toBe("₹ 45 L");
    expect([...container.querySelectorAll(".visually-hidden")].map((n) => n.textContent)).toEqual(["23.5 crore rupees", "45 lakh rupees"]);
    expect(screen.getByText("Not Specified").getAttribute("aria-hidden")).toBeNull();
  });
});

describe("language", () => {
  it("the document is in Indian English", () => {
    const html = readFileSync(resolve(process.cwd(), "index.html"), "utf8");
    expect(html).toMatch(/<html lang="en-IN">/);
  });
});
