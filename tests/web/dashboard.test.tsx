// The dashboard in the real app over a stubbed API: each number links to the lister with exactly
// those items (rejected ones with search_all=true), the window lives in the URL and picks the
// call, and a competitors call that fails shows an honest empty state, never figures.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { jsonResponse, makeUser } from "./helpers";
import { currentLocation, renderSignedIn } from "./renderApp";

const series = (days: number, total: number) => ({
  date_field: "arrived_date",
  date_gte: "2026-10-24",
  date_lte: "2026-11-22",
  total,
  days: Array.from({ length: days }, (_, i) => ({ date: `2026-11-${String((i % 28) + 1).padStart(2, "0")}`, count: i === 0 ? total : 0 })),
  previous_total: 4,
});

function dashboardApi(calls: URL[], competitors: "missing" | "empty" = "missing") {
  return (url: URL) => {
    calls.push(url);
    switch (url.pathname) {
      case "/api/dashboard/shortlisted_status_stat/":
        return jsonResponse(200, {
          total: 9,
          by_mark: [
            { mark: "shortlisted", count: 5, construction: 3, industrial: 2 },
            { mark: "tentative", count: 1, construction: 0, industrial: 1 },
            { mark: "rejected", count: 3, construction: 3, industrial: 0 },
          ],
          by_status: [{ status: "Under Construction", count: 5, construction: 3, industrial: 2 }],
        });
      case "/api/proj_cnt_stats/":
        return jsonResponse(200, series(Number(url.searchParams.get("days")), 17));
      case "/api/projs_cnt_date_range/":
        return jsonResponse(200, { ...series(10, 6), date_field: url.searchParams.get("date_field"), date_gte: url.searchParams.get("date_gte"), date_lte: url.searchParams.get("date_lte"), previous_total: undefined });
      case "/api/proj_cnt_under_construction/":
        return jsonResponse(200, { count: 40, construction: 30, industrial: 10, shortlisted: { count: 1, construction: 1, industrial: 0 }, by_state: [{ state: "Kerala", count: 4, construction: 3, industrial: 1 }] });
      case "/api/proj_status_reminder_cnt/":
        return jsonResponse(200, { open: 2, by_due: [{ due: "overdue", count: 1 }, { due: "today", count: 0 }, { due: "upcoming", count: 1 }], by_item_type: [{ item_type: "project", count: 2 }], by_lead_status: [{ status: "Planning", count: 2 }] });
      case "/api/shortlisted_proj_status_updates/":
        return jsonResponse(200, { count: 0, page: 1, page_size: 10, results: [] });
      case "/api/recently_viewed/":
        return jsonResponse(200, { results: [{ item_type: "tender", item_id: 7, title: "Supply of RMC", subtitle: "PWD Kerala", link: "/tender/detail/7", viewed_at: "2026-11-20T10:00:00Z" }] });
      case "/api/competitor_comparison/":
        return competitors === "missing" ? jsonResponse(404, { detail: "Not found." }) : jsonResponse(200, { days: 30, results: [] });
      case "/api/competitor_lister/":
        return competitors === "missing" ? jsonResponse(404, { detail: "Not found." }) : jsonResponse(200, { count: 0, page: 1, page_size: 20, your_company: { name: null, company: null }, results: [] });
    }
    return undefined;
  };
}

const panel = (title: string) => screen.getByText(title, { selector: ".dash-panel-title" }).closest(".dash-panel") as HTMLElement;
/** The text of a panel's empty state (title and hint), or undefined while it has none. */
const emptyStateOf = (title: string) => panel(title).querySelector(".empty-state .ant-empty-description")?.textContent;

describe("dashboard", () => {
  it("links each number to the lister showing exactly those leads", async () => {
    renderSignedIn("/dashboard", makeUser(), dashboardApi([]));
    const marks = await waitFor(() => panel("Your marked leads"), { timeout: 15_000 });
    const shortlisted = await within(marks).findByRole("link", { name: "Shortlisted: Construction 3" });
    expect(shortlisted.getAttribute("href")).toBe("/private-construction-leads?filter=mark%3Ashortlisted");
    expect(within(marks).getByRole("link", { name: "Shortlisted: Industrial 2" }).getAttribute("href")).toBe("/private-industrial-leads?filter=mark%3Ashortlisted");
    expect(within(marks).getByRole("link", { name: "Rejected: Construction 3" }).getAttribute("href")).toBe("/private-construction-leads?filter=mark%3Arejected&search_all=true");
    const byStatus = panel("Shortlisted leads by status");
    expect(within(byStatus).getByRole("link", { name: "Under Construction: Industrial 2" }).getAttribute("href")).toBe(
      "/private-industrial-leads?filter=mark%3Ashortlisted&filter=status%3AUnder+Construction",
    );
    const uc = panel("Leads under construction");
    expect(within(uc).getByRole("link", { name: /Leads under construction: 40/ }).getAttribute("href")).toBe("/private-construction-leads?filter=status%3AUnder+Construction");
    const leads = panel("New leads for you");
    expect(within(leads).getByRole("link", { name: /New leads for you: 17/ }).getAttribute("href")).toBe("/my-feed?filter=arrived_date%3A%5B2026-10-24+TO+2026-11-22%5D");
    expect(within(leads).getByText(/ vs the 30 days before/).textContent).toBe("+13 vs the 30 days before (4)"); // 17 now, 4 before
    expect(within(panel("Recently viewed")).getByRole("link", { name: "Supply of RMC" }).getAttribute("href")).toBe("/tender/detail/7");
  }, 60_000);

  it("the window control asks for that many days and keeps them in the URL", async () => {
    const calls: URL[] = [];
    renderSignedIn("/dashboard", makeUser(), dashboardApi(calls));
    await waitFor(() => expect(calls.some((u) => u.pathname === "/api/proj_cnt_stats/" && u.searchParams.get("days") === "30")).toBe(true), { timeout: 15_000 });
    fireEvent.click(await screen.findByText("7 days"));
    await waitFor(() => expect(currentLocation()).toContain("days=7"));
    await waitFor(() => expect(calls.some((u) => u.pathname === "/api/proj_cnt_stats/" && u.searchParams.get("days") === "7")).toBe(true));
    await waitFor(() => expect(calls.some((u) => u.pathname === "/api/competitor_comparison/" && u.searchParams.get("days") === "7")).toBe(true));
  }, 60_000);

  it("a chosen range and date field in the URL ask projs_cnt_date_range/ for them", async () => {
    const calls: URL[] = [];
    renderSignedIn("/dashboard?from=2026-03-01&to=2026-03-10&field=start_date", makeUser(), dashboardApi(calls));
    await waitFor(
      () => {
        const r = calls.find((u) => u.pathname === "/api/projs_cnt_date_range/");
        expect(r?.searchParams.get("date_gte")).toBe("2026-03-01");
        expect(r?.searchParams.get("date_lte")).toBe("2026-03-10");
        expect(r?.searchParams.get("date_field")).toBe("start_date");
      },
      { timeout: 15_000 },
    );
    const link = await within(panel("New leads for you")).findByRole("link", { name: /New leads for you: 6/ });
    expect(link.getAttribute("href")).toBe("/my-feed?filter=start_date%3A%5B2026-03-01+TO+2026-03-10%5D");
  }, 60_000);

  it("the range's From and To are date fields: a valid range applies, a reversed or too long one says why and changes nothing", async () => {
    const calls: URL[] = [];
    renderSignedIn("/dashboard?from=2026-03-01&to=2026-03-10&field=start_date", makeUser(), dashboardApi(calls));
    await screen.findByText("New leads for you", { selector: ".dash-panel-title" }, { timeout: 15_000 });
    const leads = () => panel("New leads for you");
    const from = (await within(leads()).findByLabelText("From", {}, { timeout: 15_000 })) as HTMLInputElement;
    expect(from.type).toBe("date");
    expect(from.value).toBe("2026-03-01");
    expect((within(leads()).getByLabelText("To") as HTMLInputElement).min).toBe("2026-03-01");
    fireEvent.change(from, { target: { value: "2026-03-05" } });
    await waitFor(() => expect(currentLocation()).toContain("from=2026-03-05"));
    expect(currentLocation()).toContain("to=2026-03-10");
    await waitFor(() => expect(calls.some((u) => u.pathname === "/api/projs_cnt_date_range/" && u.searchParams.get("date_gte") === "2026-03-05")).toBe(true));

    const to = within(leads()).getByLabelText("To") as HTMLInputElement;
    fireEvent.change(to, { target: { value: "2026-03-02" } });
    expect((await within(leads()).findByRole("alert")).textContent).toBe("'From' is after 'To': the range is not applied");
    expect(to.getAttribute("aria-invalid")).toBe("true");
    expect(currentLocation()).toContain("to=2026-03-10");
    fireEvent.change(to, { target: { value: "2027-06-01" } });
    expect((await within(leads()).findByRole("alert")).textContent).toBe("Choose at most 366 days: the range is not applied");
    expect(currentLocation()).toContain("to=2026-03-10");
    fireEvent.change(to, { target: { value: "2026-03-20" } });
    await waitFor(() => expect(currentLocation()).toContain("to=2026-03-20"));
    expect(within(leads()).queryByRole("alert")).toBeNull();
  }, 60_000);

  it("competitor panels say plainly when their calls are missing, or when nothing is tracked", async () => {
    renderSignedIn("/dashboard", makeUser(), dashboardApi([], "missing"));
    await waitFor(() => expect(emptyStateOf("Your competitors, last 30 days")).toBe("Competitor comparison is not available yetOpen Your Competitors"), { timeout: 15_000 });
    await waitFor(() => expect(emptyStateOf("Companies you compete with")).toBe("Competitor suggestions are not available yetOpen Your Competitors"));
    for (const title of ["Your competitors, last 30 days", "Companies you compete with"]) {
      expect(within(panel(title)).getByRole("link", { name: "Open Your Competitors" }).getAttribute("href")).toBe("/your-competitors");
    }
  }, 60_000);

  it("with nothing tracked the comparison invites tracking", async () => {
    renderSignedIn("/dashboard", makeUser(), dashboardApi([], "empty"));
    await waitFor(() => expect(emptyStateOf("Your competitors, last 30 days")).toBe("No competitors tracked yetTrack competitors to compare their bids and wins here"), { timeout: 15_000 });
    const invite = within(panel("Your competitors, last 30 days")).getByRole("link", { name: "Track competitors to compare their bids and wins here" });
    expect(invite.getAttribute("href")).toBe("/your-competitors");
  }, 60_000);
});
