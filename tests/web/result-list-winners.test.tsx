// Every winner in the results list (issue 15, point 2): a row names one winner, two as 'A and B',
// three or more as the first '+ N more' with every name in the line's hover text, on the table
// (wide screens) and the cards (phones); similar results on a result's page say it the same way.
// The rows are as list/results/search/ answers the real joint-award import
// (tests/api/result-winners-everywhere.test.ts).
import { cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CompetitorProfile } from "../../common/companies";
import type { ResultDetail, ResultListRow, TenderDetail } from "../../common/tenders";
import { CompetitorProfileView } from "../../src/pages/competitors/CompetitorProfileView";
import { ResultCard } from "../../src/pages/results/ResultResults";
import { renderInApp, renderSignedIn } from "./renderApp";
import { jsonResponse, makeUser, stubApi } from "./helpers";

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const JOINT = ["AnyCorp Cycle Provision", "Beta Corp Construction", "Gamma Signs and Lines"];

const row = (id: number, title: string, winners: string[], bidders: number): ResultListRow => ({
  id, item_type: "result", tender_id: id + 100, title, portal_tender_id: null, reference: null, org_name: "Public Works Roads Department",
  org_name_exact: "Public Works Roads Department", category: "works", state: "Assam", city: "Tinsukia", tender_status: "AOC", value: 43_655_000,
  value_band: "1 - 10 Crore", award_value: 46_654_000, winner_name: winners[0] ?? null, winner_company_id: null, winner_names: winners,
  bidder_count: bidders, result_date: "2024-04-23T18:30:00.000Z", status_update_date: null, retrieved_on: null, arrived_date: "2024-04-01T00:00:00.000Z",
});

const ROWS = [
  row(1, "Cycle lanes, two lots", JOINT, 3),
  row(2, "Road works, joint venture", ["Deccan Roads", "Eastern Earthworks"], 4),
  row(3, "Construction of road", ["Dulal Dutta"], 1),
  row(4, "Awarded, winner not published", [], 2),
];

const winnerLine = (el: HTMLElement) => el.querySelector<HTMLElement>(".result-winner")!;

describe("results list: every winner", { timeout: 60_000 }, () => {
  it("names one or two winners, else the first and how many more, every name in the hover text", async () => {
    renderSignedIn("/results", makeUser(), (url) => {
      if (url.pathname === "/api/list/results/search/") return jsonResponse(200, { count: ROWS.length, page: 1, page_size: 20, results: ROWS });
      if (url.pathname === "/api/list/results/search/facets/") return jsonResponse(200, { facets: {} });
      return undefined;
    });
    await screen.findByText("Cycle lanes, two lots", {}, { timeout: 40_000 });
    const line = (title: string) => winnerLine(screen.getByText(title).closest("tr")!);
    expect(line("Cycle lanes, two lots").textContent).toBe("Won by AnyCorp Cycle Provision + 2 more · 3 bidders");
    expect(line("Cycle lanes, two lots").title).toBe("Won by AnyCorp Cycle Provision, Beta Corp Construction and Gamma Signs and Lines");
    expect(line("Road works, joint venture").textContent).toBe("Won by Deccan Roads and Eastern Earthworks · 4 bidders");
    expect(within(line("Road works, joint venture")).getAllByText(/Deccan Roads|Eastern Earthworks/, { selector: "strong" })).toHaveLength(2);
    expect(line("Construction of road").textContent).toBe("Won by Dulal Dutta · 1 bidder");
    expect(line("Awarded, winner not published").textContent).toBe("Won by Not Specified · 2 bidders");
  });

  it("says the same on a phone's cards", () => {
    const { container } = render(
      <MemoryRouter>
        <ResultCard result={ROWS[0]} />
        <ResultCard result={ROWS[1]} />
      </MemoryRouter>,
    );
    const lines = [...container.querySelectorAll<HTMLElement>(".result-winner")];
    expect(lines.map((l) => l.textContent)).toEqual(["Won by AnyCorp Cycle Provision + 2 more · 3 bidders", "Won by Deccan Roads and Eastern Earthworks · 4 bidders"]);
    expect(lines[0].title).toBe("Won by AnyCorp Cycle Provision, Beta Corp Construction and Gamma Signs and Lines");
  });

  it("similar results on a result's page name every winner", async () => {
    const detail = {
      id: 9, tender: { id: 5, title: "Construction of road", tender_status: "AOC", description: "" }, award_value: null, award_value_flags: [], result_date: null,
      contract_value: null, contract_value_flags: [], contract_date: null, winner: null, winners: [], bidders: [], spread_l1_l2: null,
      spread_award_estimate: null, shared: false,
    } as unknown as ResultDetail;
    const similar = { ...ROWS[0], score: 0.8 };
    renderSignedIn("/result/detail/9", makeUser(), (url) => {
      if (url.pathname === "/api/result/detail/9") return jsonResponse(200, detail);
      if (url.pathname === "/api/result/9/result-mlt/") return jsonResponse(200, { results: [similar] });
      return undefined;
    });
    const link = await screen.findByRole("link", { name: "Cycle lanes, two lots" }, { timeout: 19_000 });
    const line = link.closest(".similar-item")!.querySelector<HTMLElement>(".similar-winner")!;
    expect(line.textContent).toMatch(/^Won by AnyCorp Cycle Provision \+ 2 more for ₹ 4.67 Cr/);
    expect(line.title).toBe("Won by AnyCorp Cycle Provision, Beta Corp Construction and Gamma Signs and Lines");
  });

  it("the tender page's award names every winner", async () => {
    const tender = {
      id: 5, ocid: null, portal_tender_id: null, reference: null, title: "Cycle lanes, two lots", description: "", org_name: "Public Works Roads Department",
      org_name_exact: null, department: null, tender_status: "AOC", is_live: false, is_corrigendum: false, category: "works", tender_type: null, value: null,
      emd: null, tender_fee: null, published_date: null, closing_date: null, opening_date: null, prebid_date: null, status_update_date: null,
      retrieved_on: null, reviewed_date: null, arrived_date: "2024-04-01T00:00:00.000Z", state: "Assam", district: null, city: null, pincode: null,
      source: null, source_url: null, documents: [], corrigenda: [], shared: false,
      result: { id: 9, winner_name: JOINT[0], winner_names: JOINT, award_value: 1_350_000_000, result_date: null },
    } as unknown as TenderDetail;
    renderSignedIn("/tender/detail/5", makeUser(), (url) => {
      if (url.pathname === "/api/tender/detail/5") return jsonResponse(200, tender);
      if (url.pathname === "/api/tender/5/tender-mlt/") return jsonResponse(200, { results: [] });
      return undefined;
    });
    const label = await screen.findByText("Winners (3)", {}, { timeout: 19_000 });
    expect(label.closest("tr")!.textContent).toBe("Winners (3)AnyCorp Cycle Provision, Beta Corp Construction and Gamma Signs and Lines");
  });

  it("a competitor's recent wins say who won with it", async () => {
    // As competitors/{id}/ answers for Beta Corp Construction after the joint-award import.
    const profile = {
      company: { id: 22, name: "Beta Corp Construction", cin: null, city: null, state: null, company_type: null }, tracked_at: null, is_tracked: false,
      tenders_bid: 1, tenders_won: 1, win_rate: 1, l1_count: 0, won_value: 1_100_000_000, typical_discount: null, last_win_date: "2010-05-10T10:30:00.000Z",
      positions: [], sectors: [], states: [],
      recent_wins: [{
        result_id: 9, tender_id: 5, title: "Cycle lanes, two lots", org_name: "London Borough", state: null, category: "works", estimate: null,
        award_value: 1_100_000_000, co_winners: ["AnyCorp Cycle Provision", "Gamma Signs and Lines"], discount: null, result_date: "2010-05-10T10:30:00.000Z",
      }],
    } as CompetitorProfile;
    stubApi((url) => (url.pathname === "/api/competitors/22/" ? jsonResponse(200, profile) : undefined));
    renderInApp(<CompetitorProfileView companyId={22} />);
    const line = await screen.findByText("With AnyCorp Cycle Provision and Gamma Signs and Lines", {}, { timeout: 19_000 });
    expect(line.closest(".win-title, .win-cards li")!.textContent).toContain("Cycle lanes, two lots");
  });
});
