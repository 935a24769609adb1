// The tender and result pages in the real app (routes, guards, providers, HTTP layer) over a
// stubbed API: 'Show all tenders' is search_all_tenders=true in the URL and the request, the
// organisation suggester adds an org_name_exact filter, a shared link opens signed out and a
// refused one lands on sign-in, the bidders of a result show in rank order with spreads, and
// 'Set reminder' on a result saves a reminder on it.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LOGOUT_DELAY_MS } from "../../common/constants";
import { hardNavigation } from "../../src/lib/redirect";
import type { ResultDetail, TenderDetail, TenderListRow } from "../../common/tenders";
import { closingHint } from "../../src/pages/tenders/TenderParts";
import { sharedPairOf, withPair } from "../../src/pages/tenders/api";
import { spreadText } from "../../src/pages/results/ResultDetailPage";
import { guessKind } from "../../src/pages/imports/ImportsPanel";
import { formatIstDateTime } from "../../src/lib/format";
import { shownSort } from "../../src/components/search/SortSelect";
import { tenderListerConfig } from "../../src/pages/tenders/tenderSearch";
import { leadListerConfig } from "../../src/pages/leads/leadSearch";
import { currentLocation, renderApp, renderSignedIn } from "./renderApp";
import { jsonResponse, makeUser, sortShown, stubApi } from "./helpers";

const row = (id: number, extra: Partial<TenderListRow> = {}): TenderListRow => ({
  id,
  title: `Tender number ${id}`,
  portal_tender_id: `2026_PWD_${id}_1`,
  reference: `PWD/KL/${id}/2026`,
  org_name: "Public Works Department, Kerala",
  org_name_exact: "Public Works Department, Kerala",
  department: null,
  tender_status: "Live",
  is_corrigendum: id % 2 === 0,
  category: "works",
  tender_type: "Item Rate",
  value: 25_000_000,
  value_band: "10 - 100 Crore",
  emd: 500_000,
  state: "Kerala",
  district: "Ernakulam",
  city: "Kochi",
  published_date: "2026-11-01T05:30:00.000Z",
  closing_date: "2030-01-15T05:30:00.000Z",
  status_update_date: null,
  retrieved_on: null,
  reviewed_date: null,
  arrived_date: "2026-11-01T05:30:00.000Z",
  result_id: null,
  ...extra,
});

const detail = (id: number, shared = false): TenderDetail => ({
  ...row(id),
  ocid: null,
  description: "Construction of a bridge over the Periyar river.",
  is_live: true,
  tender_fee: 5900,
  opening_date: null,
  prebid_date: null,
  pincode: "682001",
  source: "Kerala e-Procurement",
  source_url: null,
  documents: [{ id: 1, file_name: "NIT.pdf", mime_type: "application/pdf", url: null, size: 2048, has_text: true }],
  corrigenda: [{ id: 7, title: "Corrigendum-1: Extension of bid due date", description: "Extended by a week.", published_date: "2026-11-05T05:30:00.000Z" }],
  result: null,
  shared,
});

function tenderApi(calls: URL[]) {
  return (url: URL) => {
    if (url.pathname === "/api/list/tenders/search/") {
      calls.push(url);
      return jsonResponse(200, { count: 2, page: 1, page_size: 20, results: [row(1), row(2)] });
    }
    if (url.pathname === "/api/list/tenders/search/facets/") {
      return jsonResponse(200, { facets: { tender_status: [{ text: "Live", count: 2 }], is_corrigendum: [{ text: "true", count: 1 }, { text: "false", count: 1 }] } });
    }
    if (url.pathname === "/api/suggester_facet/") {
      calls.push(url);
      return jsonResponse(200, { field: "org_name_exact", suggestions: [{ text: "Indian Railways", count: 73 }] });
    }
    return undefined;
  };
}

const query = () => new URLSearchParams(currentLocation()!.split("?")[1] ?? "");

afterEach(() => localStorage.clear());
// The first page chunk of a run can take a while to load in a simulated DOM: rendering tests get longer.

describe("helpers", () => {
  it("closing hints count calendar days and say when a tender has closed", () => {
    const now = new Date("2026-11-22T06:00:00Z");
    expect(closingHint("2026-11-25T05:30:00Z", now)).toBe("in 3 days");
    expect(closingHint("2026-11-23T05:30:00Z", now)).toBe("in 1 day");
    expect(closingHint("2026-11-20T05:30:00Z", now)).toBe("closed 2 days ago");
    expect(closingHint(null, now)).toBeNull();
  });

  it("shared pairs need both uid and tid and are carried to the brief", () => {
    expect(sharedPairOf("?uid=4&tid=abc")).toEqual({ uid: "4", tid: "abc" });
    expect(sharedPairOf("?uid=4")).toBeNull();
    expect(withPair("/tender/ai-detail/9", { uid: "4", tid: "a&b" })).toBe("/tender/ai-detail/9?uid=4&tid=a%26b");
    expect(withPair("/tender/ai-detail/9", null)).toBe("/tender/ai-detail/9");
  });

  it("spreads read as signed rupees and percent", () => {
    expect(spreadText({ amount: 1_250_000, percent: 4.166 })).toBe("+₹ 12.5 L (+4.17 %)");
    expect(spreadText({ amount: -20_000_000, percent: -7.5 })).toBe("−₹ 2 Cr (−7.5 %)");
    expect(spreadText(null)).toBe("Not Specified");
  });

  it("an upload's kind is guessed from its file name", () => {
    expect(guessKind("final_2022_CD_25879_1.csv")).toBe("gepnic");
    expect(guessKind("results.jsonl")).toBe("results-json");
    expect(guessKind("tenders.csv")).toBe("tenders-csv");
    expect(guessKind("ocds-213czf-000-00001.json")).toBe("ocds");
    expect(guessKind("notes.txt")).toBeUndefined();
  });
});

describe("tenders lister", { timeout: 60_000 }, () => {
  it("'Show all tenders' is search_all_tenders=true in the URL and the request; the corrigendum facet reads as words", async () => {
    const calls: URL[] = [];
    renderSignedIn("/live-tenders", makeUser(), tenderApi(calls));
    await screen.findByText("Tender number 1", {}, { timeout: 40_000 });
    expect(screen.getByRole("link", { name: "Tender number 1" }).getAttribute("href")).toBe("/tender/detail/1");
    expect(calls.at(-1)!.searchParams.get("search_all_tenders")).toBeNull();
    const corrigendum = await screen.findByRole("group", { name: "Corrigendum" });
    // the API's "true"/"false" read as words, each with its count
    expect(within(corrigendum).getAllByRole("listitem").map((li) => li.textContent)).toEqual(["With corrigendum1", "No corrigendum1"]);
    fireEvent.click(screen.getByRole("switch", { name: /Show all tenders/ }));
    await waitFor(() => expect(query().get("search_all_tenders")).toBe("true"));
    await waitFor(() => expect(calls.at(-1)!.searchParams.get("search_all_tenders")).toBe("true"));
    expect(calls.at(-1)!.searchParams.get("search_all")).toBeNull();
    const activeTags = [...screen.getByLabelText("Active filters").querySelectorAll(".ant-tag")].map((t) => t.textContent);
    expect(activeTags).toEqual(["All tenders×"]); // the active-filter tag, with its remove cross
    // ticking 'With corrigendum' sends the value the API knows
    fireEvent.click(within(corrigendum).getByRole("checkbox", { name: /With corrigendum/ }));
    await waitFor(() => expect(calls.at(-1)!.searchParams.getAll("filter")).toEqual(["is_corrigendum:true"]));
  });

  it("the summary's noun agrees with the count: '1 tender', '2 tenders'", async () => {
    const summary = () => document.querySelector(".lister-summary")!.textContent;
    const one = (url: URL) => (url.pathname === "/api/list/tenders/search/" ? jsonResponse(200, { count: 1, page: 1, page_size: 20, results: [row(1)] }) : tenderApi([])(url));
    renderSignedIn("/live-tenders", makeUser(), one);
    await screen.findByText("Tender number 1", {}, { timeout: 40_000 });
    await waitFor(() => expect(summary()).toBe("1 tender"));
    cleanup();
    renderSignedIn("/live-tenders", makeUser(), tenderApi([]));
    await screen.findByText("Tender number 2", {}, { timeout: 40_000 });
    await waitFor(() => expect(summary()).toBe("2 tenders"));
  });

  it("the sort box names what orders the list: 'Relevance' while a search text is sent and no sort is chosen", async () => {
    const calls: URL[] = [];
    renderSignedIn("/live-tenders?q=bridge", makeUser(), tenderApi(calls));
    await screen.findByText("Tender number 1", {}, { timeout: 40_000 });
    expect(calls.at(-1)!.searchParams.get("sort")).toBeNull(); // the server orders by relevance (parseSort)
    await waitFor(() => expect(sortShown()).toBe("Relevance"));
    cleanup();
    renderSignedIn("/live-tenders?sort=relevance", makeUser(), tenderApi([])); // nothing to rank by: the default order
    await screen.findByText("Tender number 1", {}, { timeout: 40_000 });
    await waitFor(() => expect(sortShown()).toBe("Closing soonest"));
    // A sort chosen stays what it is, with or without a search text.
    expect(shownSort(tenderListerConfig.sorts, "value desc", true)).toBe("value desc");
    expect(shownSort(tenderListerConfig.sorts, "", false)).toBe("");
    expect(shownSort(leadListerConfig.sorts, "", true)).toBe(""); // the leads' default option is 'Relevance' itself
    // …and without a search text, the leads are newest first, which the box then says.
    expect(shownSort(leadListerConfig.sorts, "", false, leadListerConfig.orderWithoutSearch)).toBe("retrieved_on desc");
  });

  it("the organisation suggester asks suggester_facet/ and adds an org_name_exact filter", async () => {
    const calls: URL[] = [];
    renderSignedIn("/live-tenders", makeUser(), tenderApi(calls));
    const box = await screen.findByLabelText("Organisation name", {}, { timeout: 19_000 });
    fireEvent.change(box, { target: { value: "railwys" } });
    const option = await screen.findByText("Indian Railways", {}, { timeout: 5_000 });
    const asked = calls.find((u) => u.pathname === "/api/suggester_facet/")!;
    expect(asked.searchParams.get("suggest_query")).toBe("railwys");
    expect(asked.searchParams.get("suggest_field")).toBe("org_name_exact");
    fireEvent.click(option);
    await waitFor(() => expect(query().getAll("filter")).toEqual(["org_name_exact:Indian Railways"]));
    await waitFor(() => expect(calls.filter((u) => u.pathname === "/api/list/tenders/search/").at(-1)!.searchParams.getAll("filter")).toEqual(["org_name_exact:Indian Railways"]));
  });
});

describe("shared links", { timeout: 60_000 }, () => {
  it("a tender opens signed out with the pair sent, read-only", async () => {
    const fetch = stubApi((url) => {
      if (url.pathname === "/api/tender/detail/5") return url.searchParams.get("tid") === "good" ? jsonResponse(200, detail(5, true)) : jsonResponse(401, { detail: "Invalid shared link." });
      return undefined;
    });
    renderApp("/tender/detail/5?uid=3&tid=good");
    await screen.findByText("A tender shared with you from InfraScout", {}, { timeout: 19_000 });
    expect(screen.getAllByText("Tender number 5").length).toBeGreaterThan(0);
    const corrigenda = screen.getByRole("region", { name: "Corrigenda (1)" });
    expect(corrigenda.querySelector(".corrigenda")!.textContent).toBe("Corrigendum-1: Extension of bid due dateExtended by a week.05 Nov, 2026");
    const documents = screen.getByRole("region", { name: "Documents (1)" });
    expect(documents.querySelector(".tender-document")!.textContent).toBe("NIT.pdfapplication/pdf · 2 KB · text read for the brief");
    expect(within(documents).queryByRole("link", { name: "NIT.pdf" })).toBeNull(); // no URL: plain text
    expect(screen.queryByRole("button", { name: /Set reminder/ })).toBeNull();
    expect(screen.queryByRole("button", { name: /Share/ })).toBeNull();
    // Only the shared call was made (a similar-tenders call would need a sign-in).
    const paths = fetch.mock.calls.map(([u]) => new URL(String(u), "http://localhost").pathname);
    expect(paths.filter((p) => p !== "/api/tender/detail/5")).toEqual([]);
  });

  it("a refused pair goes to the sign-in page without the pair, never the tender", async () => {
    const assign = vi.spyOn(hardNavigation, "assign").mockImplementation(() => undefined);
    stubApi((url) => (url.pathname === "/api/tender/detail/5" ? jsonResponse(401, { detail: "Invalid shared link." }) : undefined));
    renderApp("/tender/detail/5?uid=3&tid=tampered");
    await waitFor(() => expect(currentLocation()).toBe(`/login?redirect=${encodeURIComponent("/tender/detail/5")}`), { timeout: 19_000 });
    expect(screen.queryByText("Tender number 5")).toBeNull();
    // The HTTP layer's 401 handling ends the (absent) session after LOGOUT_DELAY_MS: wait until
    // it has run here (its full-page navigation stubbed), so it does not sign out the next test.
    await waitFor(() => expect(assign).toHaveBeenCalledWith(expect.stringMatching(/^\/login\?redirect=/)), { timeout: LOGOUT_DELAY_MS + 8000 });
    assign.mockRestore();
  });

  it("uid and tid on any other page do not bypass sign-in", async () => {
    stubApi(() => undefined);
    renderApp("/dashboard?uid=3&tid=x");
    await waitFor(() => expect(currentLocation()).toBe(`/login?redirect=${encodeURIComponent("/dashboard?uid=3&tid=x")}`));
  });
});

describe("result detail", { timeout: 60_000 }, () => {
  const resultDetail = (): ResultDetail => ({
    id: 8,
    tender: { ...detail(5), tender_status: "AOC", value: 30_000_000 } as ResultDetail["tender"],
    award_value: 28_500_000,
    award_value_flags: [],
    result_date: "2026-11-10T05:30:00.000Z",
    contract_value: null,
    contract_value_flags: [],
    contract_date: null,
    winners: [],
    winner: { name: "Menon Constructions Pvt Ltd", company_id: 11, bid_value: 28_500_000, rank_label: "L1" },
    bidders: [
      { id: 1, bidder_name: "Menon Constructions Pvt Ltd", company_id: 11, bid_value: 28_500_000, rank: 1, rank_label: "L1", status: "Accepted-AOC", is_winner: true },
      { id: 2, bidder_name: "Kerala Infra LLP", company_id: 12, bid_value: 29_700_000, rank: 2, rank_label: "L2", status: "Accepted", is_winner: false },
      { id: 3, bidder_name: "Late Bidder Co", company_id: null, bid_value: null, rank: null, rank_label: null, status: "Rejected-Technical", is_winner: false },
    ],
    spread_l1_l2: { amount: 1_200_000, percent: 4.21 },
    spread_award_estimate: { amount: -1_500_000, percent: -5 },
    shared: false,
  });

  it("shows the bidders in rank order with the winner, the spreads and the award", async () => {
    const result = resultDetail();
    renderSignedIn("/result/detail/8", makeUser(), (url) => {
      if (url.pathname === "/api/result/detail/8") return jsonResponse(200, result);
      if (url.pathname === "/api/result/8/result-mlt/") return jsonResponse(200, { results: [] });
      return undefined;
    });
    const table = (await screen.findByText("Kerala Infra LLP", {}, { timeout: 19_000 })).closest("table")!;
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0].textContent).toMatch(/^L1Menon Constructions Pvt LtdWinner₹ 2.85 Cr/);
    expect(rows[1].textContent).toMatch(/^L2Kerala Infra LLP₹ 2.97 Cr/);
    expect(rows[2].textContent).toMatch(/^—Late Bidder CoNot Specified/);
    const award = screen.getByLabelText("Award");
    expect(award.textContent).toContain("+₹ 12 L (+4.21 %)");
    expect(award.textContent).toContain("−₹ 15 L (−5 %)");
    expect(award.textContent).toContain("₹ 2.85 Cr");
    expect(screen.getByRole("link", { name: "Kerala Infra LLP" }).getAttribute("href")).toBe("/builder/detail/12");
  });

  it("'Set reminder' on a result saves a reminder on that result", async () => {
    const posted: unknown[] = [];
    renderSignedIn("/result/detail/8", makeUser(), (url, init) => {
      if (url.pathname === "/api/result/detail/8") return jsonResponse(200, resultDetail());
      if (url.pathname === "/api/result/8/result-mlt/") return jsonResponse(200, { results: [] });
      if (url.pathname === "/api/reminders/list" && init.method === "POST") {
        const body = JSON.parse(String(init.body));
        posted.push(body);
        return jsonResponse(201, { id: 1, ...body, item_title: "Tender number 5", link: "/result/detail/8", completed: false, completed_at: null, notified_at: null, created_at: new Date().toISOString(), status: "upcoming" });
      }
      return undefined;
    });
    fireEvent.click(await screen.findByRole("button", { name: /Set reminder/ }, { timeout: 19_000 }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Note"), { target: { value: "Ask the L2 bidder about steel" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save reminder" }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ item_type: "result", item_id: 8, note: "Ask the L2 bidder about steel" });
    // the toast names the time that was saved
    const saved = (posted[0] as { remind_at: string }).remind_at;
    expect((await screen.findByText(/^Reminder set for /)).textContent).toBe(`Reminder set for ${formatIstDateTime(saved)}`);
    // The suggested time is 10:00 tomorrow in India (04:30 UTC), whatever the browser's zone.
    expect(saved).toMatch(/T04:30:00\.000Z$/);
    expect(formatIstDateTime(saved)).toMatch(/ 10:00 AM IST$/);
  });
});

describe("the portal Tender ID", { timeout: 60_000 }, () => {
  const NUMBERS = (id: number) => `Tender ID 2026_PWD_${id}_1 · Ref. PWD/KL/${id}/2026`;
  /** The value beside a label of the page's field list (a bordered antd Descriptions: th, then td). */
  const fieldValue = (label: string) => {
    const labels = [...document.querySelectorAll(".ant-descriptions-item-label")].filter((th) => th.textContent === label);
    expect(labels).toHaveLength(1);
    return labels[0].nextElementSibling!.textContent;
  };

  it("shows in the tenders list and on the tender page, beside the reference", async () => {
    renderSignedIn("/live-tenders", makeUser(), tenderApi([]));
    const row = (await screen.findByText("Tender number 2", {}, { timeout: 40_000 })).closest("tr")!;
    expect(within(row).getByText(NUMBERS(2))).toBeTruthy();
    cleanup();

    stubApi((url) => (url.pathname === "/api/tender/detail/5" ? jsonResponse(200, detail(5, true)) : undefined));
    renderApp("/tender/detail/5?uid=3&tid=good");
    await screen.findByText("A tender shared with you from InfraScout", {}, { timeout: 19_000 });
    expect(screen.getByText(NUMBERS(5))).toBeTruthy(); // the page's subtitle
    expect(fieldValue("Tender ID")).toBe("2026_PWD_5_1");
    expect(fieldValue("Reference")).toBe("PWD/KL/5/2026");
  });

  it("shows in the results list and on the result page", async () => {
    const listRow = {
      id: 8, item_type: "result", tender_id: 5, title: "Tender number 5", portal_tender_id: "2026_PWD_5_1", reference: "PWD/KL/5/2026",
      org_name: "PWD Kerala", org_name_exact: "PWD Kerala", category: "works", state: "Kerala", city: "Kochi", tender_status: "AOC",
      value: 30_000_000, value_band: "1 - 10 Crore", award_value: 28_500_000, winner_name: "Menon Constructions Pvt Ltd", winner_company_id: 11,
      bidder_count: 3, result_date: "2026-11-10T05:30:00.000Z", status_update_date: null, retrieved_on: null, arrived_date: "2026-11-01T05:30:00.000Z",
    };
    renderSignedIn("/results", makeUser(), (url) => {
      if (url.pathname === "/api/list/results/search/") return jsonResponse(200, { count: 1, page: 1, page_size: 20, results: [listRow] });
      if (url.pathname === "/api/list/results/search/facets/") return jsonResponse(200, { facets: {} });
      return undefined;
    });
    const row = (await screen.findByText("Tender number 5", {}, { timeout: 40_000 })).closest("tr")!;
    expect(within(row).getByText(NUMBERS(5))).toBeTruthy();
    cleanup();

    const result: ResultDetail = {
      id: 8, tender: { ...detail(5), tender_status: "AOC" } as ResultDetail["tender"], award_value: 28_500_000, result_date: "2026-11-10T05:30:00.000Z",
      award_value_flags: [], contract_value: null, contract_value_flags: [], contract_date: null, winners: [],
      winner: null, bidders: [], spread_l1_l2: null, spread_award_estimate: null, shared: false,
    };
    renderSignedIn("/result/detail/8", makeUser(), (url) => {
      if (url.pathname === "/api/result/detail/8") return jsonResponse(200, result);
      if (url.pathname === "/api/result/8/result-mlt/") return jsonResponse(200, { results: [] });
      return undefined;
    });
    await screen.findByText("No bidders published for this result", {}, { timeout: 19_000 });
    expect(screen.getByText(NUMBERS(5))).toBeTruthy();
    expect(fieldValue("Tender ID")).toBe("2026_PWD_5_1");
  });
});
