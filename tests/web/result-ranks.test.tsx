// The result page with H ranks (issue 15, point 4): labels as published, bids sorted by rank
// within their direction even when the API sends them out of order, the distance from H1 and
// the H1 – H2 spread named as such; a label without a number stays, after the ranked bids.
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Bidder, ResultDetail } from "../../common/tenders";
import { renderSignedIn } from "./renderApp";
import { jsonResponse, makeUser } from "./helpers";

afterEach(() => localStorage.clear());

const bidder = (id: number, bidder_name: string, bid_value: number, rank: number | null, rank_direction: Bidder["rank_direction"], rank_label: string, is_winner = false): Bidder => ({
  id, bidder_name, company_id: null, bid_value, rank, rank_direction, rank_label, status: "Accepted", is_winner,
});

// As the API answers the H-ranked edit of the CD sample page (tests/api/result-ranks.test.ts),
// but shuffled, and with one label the importer could not read.
const result = (): ResultDetail => ({
  id: 9,
  tender: {
    id: 5, title: "Expression of Interest for Consultancy service", reference: "HF/ENGG-3531/21-22/62", tender_status: "AOC", category: "services",
    org_name: "Cooperation Department", city: "Guwahati", district: null, state: "Assam", value: null, description: "",
  } as unknown as ResultDetail["tender"],
  award_value: 884944,
  award_value_flags: [],
  result_date: "2024-09-19T18:30:00.000Z",
  contract_value: null,
  contract_value_flags: [],
  contract_date: null,
  winners: [],
  winner: { name: "AESTHETIC CREATION", company_id: null, bid_value: 233016, rank_label: "H-III" },
  bidders: [
    bidder(3, "Unread Bids Co", 100000, null, null, "X1"),
    bidder(2, "AESTHETIC CREATION", 233016, 3, "highest", "H-III", true),
    bidder(1, "architects collaborative", 492312, 1, "highest", "H1"),
    bidder(4, "ACORN", 423400, 2, "highest", "h 2"),
  ],
  spread_l1_l2: { amount: -68912, percent: -14 },
  spread_award_estimate: null,
  shared: false,
});

describe("result page with H ranks", { timeout: 60_000 }, () => {
  it("shows labels as published, H1 first, the distance below H1 and the H1 – H2 spread", async () => {
    renderSignedIn("/result/detail/9", makeUser(), (url) => {
      if (url.pathname === "/api/result/detail/9") return jsonResponse(200, result());
      if (url.pathname === "/api/result/9/result-mlt/") return jsonResponse(200, { results: [] });
      return undefined;
    });
    const table = (await screen.findByText("ACORN", {}, { timeout: 19_000 })).closest("table")!;
    // The column is 'sm' and up: antd shows it once its breakpoint observer has answered, a tick after the rows.
    expect((await within(table).findByRole("columnheader", { name: "Below H1" })).textContent).toBe("Below H1");
    const rows = within(table).getAllByRole("row").slice(1).map((r) => r.textContent);
    expect(rows).toHaveLength(4);
    expect(rows[0]).toMatch(/^H1architects collaborative₹ 4.92 L/);
    expect(rows[1]).toMatch(/^h 2ACORN₹ 4.23 L−₹ 68,912 \(14 %\)/);
    expect(rows[2]).toMatch(/^H-IIIAESTHETIC CREATIONWinner₹ 2.33 L−₹ 2.59 L \(52.67 %\)/);
    expect(rows[3]).toMatch(/^X1Unread Bids Co₹ 1 L(Accepted)?$/);
    expect(within(table).getByText("h 2").getAttribute("title")).toBe("2nd highest bid");
    expect(within(table).getByText("X1").getAttribute("title")).toBe("Rank as published, not read as a number");
    const award = screen.getByLabelText("Award");
    expect(award.textContent).toContain("H1 – H2 spread");
    expect(award.textContent).toContain("−₹ 68,912 (−14 %)");
    expect(award.textContent).toContain("H-III"); // the winner's rank as published
    expect(award.textContent).not.toContain("L1 – L2");
  });
});
