// Builder pages in the real app (routes, providers, HTTP layer) over a stubbed API: the lister
// sends the URL's filters to list/company/search/, the unlock spends once after confirming and
// moves the top bar, contacts send source_q / seniority from the URL and keep phones masked with
// the quality badge above 70, a bad DIN is refused before anything is sent, and the competitors
// page tracks the company picked from the suggester.
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { CompanyContact, CompanyDetails, CompanyListRow } from "../../common/companies";
import { readLookup } from "../../src/pages/builders/DirectorsSection";
import { readContactsQuery } from "../../src/pages/builders/BuilderContactsPage";
import { jsonResponse, makeUser } from "./helpers";
import { currentLocation, renderSignedIn } from "./renderApp";

const row = (id: number, extra: Partial<CompanyListRow> = {}): CompanyListRow => ({
  id,
  name: `Menon Builders ${id} Pvt Ltd`,
  cin: `U45200KL2011PTC00000${id}`,
  company_type: "Builder",
  industry: "Construction",
  state: "Kerala",
  city: "Kochi",
  employee_band: "51-200",
  capital_band: "1 - 10 Crore",
  paid_up_capital: 25_000_000,
  authorized_capital: 50_000_000,
  incorporation_date: "2011-03-05",
  company_status: "Active",
  listing_status: "Unlisted",
  contact_count: 4,
  project_count: 3,
  is_unlocked: false,
  ...extra,
});

const details = (extra: Partial<CompanyDetails> = {}): CompanyDetails => {
  const { project_count: _p, ...base } = row(7);
  return {
    ...base,
    address: "MG Road, Kochi",
    website: "https://menon.example",
    roc_code: "RoC-Ernakulam",
    nic_code: "45200",
    category: null,
    sub_category: null,
    company_class: "Private",
    created_at: "2025-01-01T00:00:00Z",
    updated_at: "2025-01-01T00:00:00Z",
    high_quality_contact_count: 1,
    director_count: 2,
    has_financials: true,
    unlocked_at: null,
    unlock_cost: 5,
    is_tracked_competitor: false,
    viewed_at: "2025-01-01T00:00:00Z",
    ...extra,
  };
};

const stats = {
  company_id: 7,
  projects: { total: 3, total_value: 250_000_000, by_role: [{ text: "owner", count: 3, value: 250_000_000 }], by_status: [{ text: "Planning", count: 3, value: 250_000_000 }], by_sector: [{ text: "Healthcare", count: 3, value: 250_000_000 }] },
  tenders: { bid: 4, won: 1, win_rate: 0.25, won_value: 45_00_000 },
  total_value: 254_500_000,
};

const contact = (id: number, extra: Partial<CompanyContact> = {}): CompanyContact => ({
  id,
  name: `Person ${id}`,
  designation: "Purchase Manager",
  seniority: "Manager or equivalent",
  source: "telephone",
  source_label: "Telephone Call",
  contact_fuzz_score: 50,
  is_high_quality: false,
  verified_at: null,
  is_wrong: false,
  company: { id: 7, name: "Menon Builders 7 Pvt Ltd" },
  phone: "+91 98XXX XXX12",
  email: "p****@menon.example",
  is_unlocked: false,
  ...extra,
});

const contactsPage = (results: CompanyContact[], unlocked = false) => ({
  count: results.length,
  page: 1,
  page_size: 20,
  results,
  company_unlocked: unlocked,
  sources: [
    { value: "telephone", label: "Telephone Call", count: 2 },
    { value: "internet", label: "Found on the Internet", count: 1 },
    { value: "official_govt_website", label: "Official Government Website", count: 0 },
  ],
  seniorities: [{ value: "Manager or equivalent", count: 3 }],
});

// Each page is a lazy chunk: its first load in a run can be slow in a simulated DOM on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

const search = () => new URLSearchParams(currentLocation()!.split("?")[1] ?? "");

describe("builders lister", () => {
  it("sends the URL's search and filters to list/company/search/ and shows capital in crore", async () => {
    const calls: URL[] = [];
    renderSignedIn("/builders?q=menon&oq=menon&filter=state:Kerala&filter=company_type:Builder&sort=paid_up_capital+desc", makeUser(), (url) => {
      if (url.pathname === "/api/list/company/search/") {
        calls.push(url);
        return jsonResponse(200, { count: 2, page: 1, page_size: 20, results: [row(1), row(2, { is_unlocked: true })] });
      }
      if (url.pathname === "/api/list/company/search/facets/") return jsonResponse(200, { facets: { state: [{ text: "Kerala", count: 2 }], company_type: [{ text: "Builder", count: 2 }] } });
      return undefined;
    });
    const row1 = (await screen.findByText("Menon Builders 1 Pvt Ltd", {}, { timeout: 45_000 })).closest("tr")!;
    const sent = calls.at(-1)!.searchParams;
    expect(sent.get("q")).toBe("menon");
    expect(sent.getAll("filter")).toEqual(["state:Kerala", "company_type:Builder"]);
    expect(sent.get("sort")).toBe("paid_up_capital desc");
    expect(screen.getAllByText("₹ 2.5 Cr").length).toBe(2);
    // The company's own values in its row: its CIN and its capital in crore.
    within(row1).getByText("U45200KL2011PTC000001");
    within(row1).getByText("₹ 2.5 Cr");
    expect(screen.getAllByText("Unlocked").length).toBeGreaterThan(0);
    // The company's own toggle writes show_unlocked=true to the URL and the request.
    fireEvent.click(screen.getByRole("switch", { name: "Unlocked companies only" }));
    await waitFor(() => expect(search().get("show_unlocked")).toBe("true"));
    await waitFor(() => expect(calls.at(-1)!.searchParams.get("show_unlocked")).toBe("true"));
  });
});

describe("builder detail", () => {
  function detailApi(unlock: (init: RequestInit) => Response | Promise<Response>, company = details()) {
    return (url: URL, init: RequestInit) => {
      if (url.pathname === "/api/company/details/7/") return jsonResponse(200, company);
      if (url.pathname === "/api/company/details/7/stats/") return jsonResponse(200, stats);
      if (url.pathname === "/api/company/unlock_company/7" && init.method === "POST") return unlock(init);
      return undefined;
    };
  }

  it("unlocks after the user confirms the spend, once, and the top bar follows", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const bodies: unknown[] = [];
    const user = makeUser({ remaining_credits: 40, total_credits: 100 });
    const { fetch } = renderSignedIn(
      "/builder/detail/7",
      user,
      detailApi(async (init) => {
        bodies.push(JSON.parse(String(init.body)));
        await gate;
        user.remaining_credits = 35;
        return jsonResponse(200, { company_id: 7, charged: 5, already_unlocked: false, remaining_credits: 35, total_credits: 100, unlocked_at: "2025-03-05T10:00:00Z" });
      }),
    );
    expect((await screen.findByText(/^Credits:/)).textContent).toBe("Credits: 40 remaining out of total 100");
    // The figure of that title (the 'Tenders and roles' chart has a 'Tenders won' bar too).
    const figure = async (title: string) => (await screen.findAllByText(title, {}, { timeout: 19_000 })).map((e) => e.closest(".builder-stat")).find(Boolean)!.textContent;
    expect(await figure("Total value")).toBe("Total value₹ 25.45 CrProjects and tenders won");
    expect(await figure("Tenders won")).toMatch(/Win rate 25%$/);
    fireEvent.click(await screen.findByRole("button", { name: "Unlock company (5 credits)" }));
    // Nothing is spent until the user confirms.
    expect((await screen.findByText(/^This spends/)).textContent).toBe("This spends 5 credits of your 40 credits. Every contact of the company is then shown in full.");
    expect(bodies).toEqual([]);
    const confirm = screen.getByRole("button", { name: "Spend 5 credits" });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(bodies).toHaveLength(1));
    await act(async () => release());
    await waitFor(() => expect(screen.getByText(/^Credits:/).textContent).toBe("Credits: 35 remaining out of total 100"));
    expect(bodies).toEqual([{}]);
    expect(fetch.mock.calls.filter(([u]) => String(u).endsWith("/api/company/unlock_company/7"))).toHaveLength(1);
  });

  it("with fewer credits than the cost the unlock is disabled and says why", async () => {
    renderSignedIn("/builder/detail/7", makeUser({ remaining_credits: 3 }), detailApi(() => jsonResponse(500, {})));
    const button = await screen.findByRole("button", { name: "Unlock company (5 credits)" });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    const why = screen.getByLabelText(/^Unlocking costs/);
    expect(why.getAttribute("aria-label")).toBe("Unlocking costs 5 credits and you have 3 credits left. Contact support to add more.");
    expect(why.contains(button)).toBe(true); // the reason is on the disabled button itself
  });

  it("an unknown company shows the 404 page, the catalogue's 404 Not Found and a way back", async () => {
    renderSignedIn("/builder/detail/999", makeUser(), () => undefined);
    await screen.findByText("Page Not Found");
    expect((await screen.findAllByText("404 Not Found")).length).toBeGreaterThan(0);
    const back = screen.getAllByRole("link", { name: /Back to Builders/ }).map((a) => a.getAttribute("href"));
    expect(back.length).toBeGreaterThan(0);
    expect(new Set(back)).toEqual(new Set(["/builders"]));
  });
});

describe("builder contacts", () => {
  it("reads page, query, sources and seniority from the URL, dropping unknown values", () => {
    const q = readContactsQuery(new URLSearchParams("page=2&query=ravi&source_q=telephone,bogus,internet&seniority=Manager%20or%20equivalent&seniority=Boss"));
    expect(q).toEqual({ page: 2, query: "ravi", sources: ["telephone", "internet"], seniority: ["Manager or equivalent"] });
    expect(readContactsQuery(new URLSearchParams("page=-1")).page).toBe(1);
  });

  it("masks phones until unlocked, badges scores above 70, and sends source_q when a source is picked", async () => {
    const calls: URL[] = [];
    renderSignedIn("/builder/contacts/7", makeUser(), (url) => {
      if (url.pathname === "/api/company/details/7/") return jsonResponse(200, details());
      if (url.pathname === "/api/company/details/7/contacts/") {
        calls.push(url);
        return jsonResponse(200, contactsPage([contact(1, { contact_fuzz_score: 71, is_high_quality: true }), contact(2, { contact_fuzz_score: 70 })]));
      }
      if (url.pathname === "/api/company/details/7/contacts-history") return jsonResponse(200, { results: [] });
      return undefined;
    });
    await screen.findByText("Person 1");
    expect(screen.getAllByText("High quality")).toHaveLength(1);
    expect(screen.getAllByTitle("Unlock the company to see").length).toBe(4);
    expect(screen.getByText(/Phone numbers and e-mail addresses are hidden until you unlock/).textContent).toBe(`Phone numbers and e-mail addresses are hidden until you unlock ${details().name}.`);
    fireEvent.click(within(screen.getByRole("group", { name: "Source" })).getByText(/^Telephone Call/));
    await waitFor(() => expect(search().get("source_q")).toBe("telephone"));
    await waitFor(() => expect(calls.at(-1)!.searchParams.get("source_q")).toBe("telephone"));
    fireEvent.click(within(screen.getByRole("group", { name: "Source" })).getByText(/^Found on the Internet/));
    await waitFor(() => expect(calls.at(-1)!.searchParams.get("source_q")).toBe("telephone,internet"));
  });
});

describe("director lookup", () => {
  it("tells a DIN from a CIN and refuses anything else before sending", () => {
    expect(readLookup("01234567")).toEqual({ din: "01234567" });
    expect(readLookup(" u45200mh2011ptc123456 ")).toEqual({ cin: "U45200MH2011PTC123456" });
    expect(readLookup("1234")).toEqual({ error: "A DIN has 8 digits." });
    expect("error" in readLookup("Menon")).toBe(true);
  });
});

describe("your competitors", () => {
  it("tracks the company picked from the suggester", async () => {
    const tracked: unknown[] = [];
    renderSignedIn("/your-competitors", makeUser(), (url, init) => {
      if (url.pathname === "/api/competitors/" && init.method === "POST") {
        tracked.push(JSON.parse(String(init.body)));
        return jsonResponse(201, {});
      }
      if (url.pathname === "/api/competitors/") return jsonResponse(200, { results: [] });
      if (url.pathname === "/api/competitor_comparison/") return jsonResponse(200, { days: null, results: [] });
      if (url.pathname === "/api/competitor_lister/") return jsonResponse(200, { count: 0, page: 1, page_size: 20, your_company: { name: null, company: null }, results: [] });
      if (url.pathname === "/api/company/suggest_company/") {
        return jsonResponse(200, { results: [{ id: 42, name: "Sahyadri Buildcon Pvt Ltd", cin: "U45200MH2011PTC123456", city: "Pune", state: "Maharashtra", company_type: "Builder", score: 0.9 }] });
      }
      return undefined;
    });
    await screen.findByText("No competitors tracked yet");
    const picker = screen.getByRole("combobox", { name: "Track a competitor" });
    fireEvent.change(picker, { target: { value: "sahyadri" } });
    const option = await screen.findByText("Sahyadri Buildcon Pvt Ltd");
    // The option names the company with its CIN, place and type, so the user can tell look-alikes apart.
    expect(option.closest(".ant-select-item-option")!.textContent).toContain("U45200MH2011PTC123456 · Pune, Maharashtra · Builder");
    fireEvent.click(option);
    await waitFor(() => expect(tracked).toEqual([{ company_id: 42 }]));
  });
});

// Refine hands a page URL's parameters to every data hook as `meta`, which our providers read
// their options from: a crafted link must not change what a page asks for or how it reads it.
describe("a link with provider options in its query", () => {
  const crafted = "responseType=blob&endpoint=/evil/&itemPath=evil/:id&toast=false&query[owner]=1";
  const sentAnything = (fetch: ReturnType<typeof renderSignedIn>["fetch"], pattern: RegExp) => fetch.mock.calls.some(([u]) => pattern.test(String(u)));

  it("a detail page still reads its parts as data and asks only its own URLs", async () => {
    const { fetch } = renderSignedIn(`/builder/detail/7?${crafted}`, makeUser(), (url) => {
      if (url.pathname === "/api/company/details/7/") return jsonResponse(200, details());
      if (url.pathname === "/api/company/details/7/stats/") return jsonResponse(200, stats);
      return undefined;
    });
    const figure = (await screen.findByText("Total value", {}, { timeout: 19_000 })).closest(".builder-stat")!;
    expect(figure.textContent).toBe("Total value₹ 25.45 CrProjects and tenders won");
    expect(sentAnything(fetch, /evil|owner/)).toBe(false);
  });

  it("a list page sends none of the link's query to the API", async () => {
    const { fetch } = renderSignedIn(`/your-competitors?${crafted}`, makeUser(), (url) => {
      if (url.pathname === "/api/competitors/") return jsonResponse(200, { results: [] });
      if (url.pathname === "/api/competitor_comparison/") return jsonResponse(200, { days: null, results: [] });
      if (url.pathname === "/api/competitor_lister/") return jsonResponse(200, { count: 0, page: 1, page_size: 20, your_company: { name: null, company: null }, results: [] });
      return undefined;
    });
    await screen.findByText("No competitors tracked yet", {}, { timeout: 19_000 });
    expect(sentAnything(fetch, /\/api\/competitors\//)).toBe(true);
    expect(sentAnything(fetch, /evil|owner/)).toBe(false);
  });
});
