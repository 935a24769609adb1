// The result page with every winner and the contract apart from the winning bid (issue 15,
// points 2 and 3): each winner with its own value (a joint award's suppliers sharing one), the
// contract value and its IST date beside the winning bid, and an implausible amount shown as
// published with a warning tag naming the reason, never as fact.
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { PLAUSIBILITY_TEXT } from "../../common/plausibility";
import type { ResultDetail } from "../../common/tenders";
import { renderSignedIn } from "./renderApp";
import { jsonResponse, makeUser } from "./helpers";

afterEach(() => localStorage.clear());

const tender = (value: number | null) => ({
  id: 5, title: "MMPPNA_23_24_40, Construction of road", reference: "CE/DEV/TB/707/2023-24/01", tender_status: "AOC", category: "works",
  org_name: "Public Works Roads Department", city: "Tinsukia", district: null, state: "Assam", value, description: "",
}) as unknown as ResultDetail["tender"];

const base = (over: Partial<ResultDetail>): ResultDetail => ({
  id: 9, tender: tender(null), award_value: null, award_value_flags: [], result_date: null, contract_value: null, contract_value_flags: [],
  contract_date: null, winner: null, winners: [], bidders: [], spread_l1_l2: null, spread_award_estimate: null, shared: false, ...over,
});

// As the API answers tests/fixtures/import/crafted/ocds-lots-joint-award.json (tests/api/result-winners.test.ts).
const lots = () => base({
  award_value: 1_350_000_000, contract_value: 1_300_000_000, contract_date: "2010-06-20T11:00:00.000Z", result_date: "2010-05-10T10:30:00.000Z",
  winner: { name: "AnyCorp Cycle Provision", company_id: 21, bid_value: null, rank_label: null },
  winners: [
    { name: "AnyCorp Cycle Provision", company_id: 21, bid_value: null, bid_value_flags: [], award_ref: "award-01", award_value: 1_100_000_000 },
    { name: "Beta Corp Construction", company_id: 22, bid_value: null, bid_value_flags: [], award_ref: "award-01", award_value: 1_100_000_000 },
    { name: "Gamma Signs and Lines", company_id: 23, bid_value: 250_000_000, bid_value_flags: [], award_ref: "award-02", award_value: 250_000_000 },
  ],
});

// As the API answers crafted/gepnic-contract-rate.csv: the real PWD page with its Contract Value edited to a rate.
const rate = () => base({
  tender: tender(43_655_000),
  award_value: 46_654_000, contract_value: 466.54, contract_value_flags: ["below_minimum", "per_unit_rate"], contract_date: "2024-04-23T18:30:00.000Z",
  result_date: "2024-04-23T18:30:00.000Z",
  winner: { name: "Dulal Dutta", company_id: 31, bid_value: 43_653_000, rank_label: "L1" },
  winners: [{ name: "Dulal Dutta", company_id: 31, bid_value: 46_654_000, bid_value_flags: [], award_ref: null, award_value: 46_654_000 }],
  spread_award_estimate: { amount: 2_999_000, percent: 6.87 },
});

function open(result: ResultDetail) {
  renderSignedIn("/result/detail/9", makeUser(), (url) => {
    if (url.pathname === "/api/result/detail/9") return jsonResponse(200, result);
    if (url.pathname === "/api/result/9/result-mlt/") return jsonResponse(200, { results: [] });
    return undefined;
  });
}

describe("result page: every winner, contract apart from the bid", { timeout: 60_000 }, () => {
  it("lists every winner with its own value; a joint award's suppliers share theirs", async () => {
    open(lots());
    const table = (await screen.findByText("Gamma Signs and Lines", { selector: ".winners-table a" }, { timeout: 19_000 })).closest("table")!;
    const rows = within(table).getAllByRole("row").slice(1).map((r) => r.textContent);
    expect(rows).toEqual([
      expect.stringMatching(/^ AnyCorp Cycle ProvisionJoint award(award-01)?Shares the award of ₹ 110 Cr$/),
      expect.stringMatching(/^ Beta Corp ConstructionJoint award(award-01)?Shares the award of ₹ 110 Cr$/),
      expect.stringMatching(/^ Gamma Signs and Lines(award-02)?₹ 25 Cr$/),
    ]);
    expect(within(table).getByRole("link", { name: "Beta Corp Construction" }).getAttribute("href")).toBe("/builder/detail/22");
    const award = screen.getByLabelText("Award");
    expect(award.textContent).toContain("Winners (3)AnyCorp Cycle Provision, Beta Corp Construction, Gamma Signs and Lines");
    expect(award.querySelector('[data-amount="award"]')!.textContent).toBe("Winning bid₹ 135 CrEstimate Not Specified");
    expect(award.querySelector('[data-amount="contract"]')!.textContent).toBe("Contract value₹ 130 CrSigned 20 Jun, 2010");
    expect(award.querySelector("[data-flagged]")).toBeNull();
  });

  it("shows a contract value beside the winning bid, flagged with its reasons when implausible; the date in IST", async () => {
    open(rate());
    const award = await screen.findByLabelText("Award", {}, { timeout: 19_000 });
    expect(award.querySelector('[data-amount="award"]')!.textContent).toBe("Winning bid₹ 4.67 CrEstimate ₹ 4.37 Cr");
    const contract = award.querySelector('[data-amount="contract"]')!;
    // 24-Apr-2024 on the page, stored as IST midnight: the IST day whatever the browser's zone.
    expect(contract.textContent).toContain("Signed 24 Apr, 2024");
    const flagged = contract.querySelector('[data-flagged="below_minimum per_unit_rate"]')!;
    expect(flagged.textContent).toBe(`₹ 466.54 as published${PLAUSIBILITY_TEXT.below_minimum}${PLAUSIBILITY_TEXT.per_unit_rate}`);
    // A warning icon per reason, decorative beside its text (issue 21): hidden from screen readers.
    expect(flagged.querySelectorAll('.anticon-warning[aria-hidden="true"]')).toHaveLength(2);
    expect(within(flagged as HTMLElement).queryAllByRole("img", { name: "warning" })).toHaveLength(0);
    // The tender's fields say the same, not the bare amount.
    const fields = document.querySelector(".tender-fields")!;
    expect(fields.textContent).toContain(`Contract value₹ 466.54 as published${PLAUSIBILITY_TEXT.below_minimum}`);
    expect(fields.textContent).toContain("Contract date24 Apr, 2024");
    expect(fields.textContent).toContain("Winning bid₹ 4.67 Crore (₹ 4,66,54,000)");
  });
});
