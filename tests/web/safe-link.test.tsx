// Links from data (issue 13, point 3): the real lead, tender and builder detail pages render an
// address as a link only when it is http(s). A javascript:, vbscript: or data: address that got
// into the data shows as plain text — no <a href> anywhere on the page carries it — while an
// http(s) one is a link opening in a new tab.
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { CompanyDetails } from "../../common/companies";
import type { TenderDetail } from "../../common/tenders";
import { jsonResponse, makeUser } from "./helpers";
import { renderSignedIn } from "./renderApp";

const SCRIPT = "javascript:alert(document.cookie)";

/** Every href on the page: none may carry anything but http(s) (or the app's own paths). */
function hrefs(): string[] {
  return [...document.querySelectorAll("a[href]")].map((a) => a.getAttribute("href")!);
}
const unsafeHrefs = () => hrefs().filter((h) => /^\s*(javascript|vbscript|data):/i.test(h));

describe("lead detail", () => {
  const lead = {
    id: 7, title: "Kochi cancer centre", category: "construction", is_ai: false, project_type: "{Hospital}", sector: "Healthcare", status: "Planning",
    value: 25_000_000, state: "Kerala", city: "Kochi", retrieved_on: "2025-03-05T10:00:00Z", arrived_date: "2025-03-05T10:00:00Z", mark: "unmarked",
    description: "A hospital.", keywords: [], mark_history: [], source: "RERA filing", source_url: SCRIPT,
  };
  const documents = [
    { id: 1, title: "Scripted", url: "vbscript:msgbox(1)", excerpt: "", text_length: 0, created_by: null, created_at: "2025-03-05T10:00:00Z" },
    { id: 2, title: "Data", url: "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==", excerpt: "", text_length: 0, created_by: null, created_at: "2025-03-06T10:00:00Z" },
    { id: 3, title: "Clearance", url: "https://parivesh.nic.in/ec/1234", excerpt: "", text_length: 0, created_by: null, created_at: "2025-03-07T10:00:00Z" },
  ];

  it("shows a javascript: source and vbscript:/data: documents as text, and links only the https document", async () => {
    renderSignedIn("/private-leads/detail/7", makeUser(), (url) => {
      if (url.pathname === "/api/work/7/") return jsonResponse(200, lead);
      if (url.pathname === "/api/work/7/documents/") return jsonResponse(200, { results: documents });
      return undefined;
    });
    const list = await screen.findByRole("region", { name: "Documents added to this lead" }, { timeout: 19_000 });
    const items = within(list).getAllByRole("listitem");
    expect(within(items[0]).queryByRole("link")).toBeNull();
    // the refused address still reads, as plain secondary text
    expect(items[0].querySelector(".lead-document-address")!.textContent).toBe("vbscript:msgbox(1)");
    expect(within(items[1]).queryByRole("link")).toBeNull();
    expect(within(items[2]).getByRole("link", { name: /parivesh\.nic\.in/ }).getAttribute("href")).toBe("https://parivesh.nic.in/ec/1234");
    // The source reads as text, not a link.
    const source = screen.getByText("RERA filing");
    expect(source.closest("a")).toBeNull();
    expect(unsafeHrefs()).toEqual([]);
  });
});

describe("tender detail", () => {
  const tender: TenderDetail = {
    id: 5, title: "Bridge over the Periyar", portal_tender_id: "2026_PWD_5_1", reference: "PWD/KL/5/2026", org_name: "PWD Kerala", org_name_exact: "PWD Kerala", department: null,
    tender_status: "Live", is_corrigendum: false, category: "works", tender_type: "Item Rate", value: 25_000_000, emd: 500_000,
    state: "Kerala", district: "Ernakulam", city: "Kochi", published_date: "2026-11-01T05:30:00.000Z", closing_date: "2030-01-15T05:30:00.000Z",
    status_update_date: null, retrieved_on: null, reviewed_date: null, arrived_date: "2026-11-01T05:30:00.000Z",
    ocid: null, description: "A bridge.", is_live: true, tender_fee: 5900, opening_date: null, prebid_date: null, pincode: "682001",
    source: "Kerala e-Procurement", source_url: SCRIPT,
    documents: [
      { id: 1, file_name: "NIT.pdf", mime_type: "application/pdf", url: "JavaScript:alert(1)", size: null, has_text: false },
      { id: 2, file_name: "BOQ.xls", mime_type: "application/vnd.ms-excel", url: "https://etenders.kerala.gov.in/boq/5.xls", size: null, has_text: false },
    ],
    corrigenda: [], result: null, shared: false,
  };

  it("shows a javascript: source and document address as text, and links the https document", async () => {
    renderSignedIn("/tender/detail/5", makeUser(), (url) => (url.pathname === "/api/tender/detail/5" ? jsonResponse(200, tender) : undefined));
    const boq = await screen.findByRole("link", { name: "BOQ.xls" }, { timeout: 19_000 });
    expect(boq.getAttribute("href")).toBe("https://etenders.kerala.gov.in/boq/5.xls");
    expect(boq.getAttribute("rel")).toBe("noopener noreferrer");
    expect(screen.getByText("NIT.pdf").closest("a")).toBeNull();
    expect(screen.getByText("Kerala e-Procurement").closest("a")).toBeNull();
    expect(unsafeHrefs()).toEqual([]);
  });
});

describe("builder detail", () => {
  const company = (website: string | null): CompanyDetails => ({
    id: 7, name: "Menon Builders Pvt Ltd", cin: "U45200KL2011PTC000007", company_type: "Builder", industry: "Construction", state: "Kerala", city: "Kochi",
    employee_band: "51-200", capital_band: "1 - 10 Crore", paid_up_capital: 25_000_000, authorized_capital: 50_000_000, incorporation_date: "2011-03-05",
    company_status: "Active", listing_status: "Unlisted", contact_count: 4, is_unlocked: false, address: "MG Road, Kochi", website,
    roc_code: "RoC-Ernakulam", nic_code: "45200", category: null, sub_category: null, company_class: "Private",
    created_at: "2025-01-01T00:00:00Z", updated_at: "2025-01-01T00:00:00Z", high_quality_contact_count: 1, director_count: 2, has_financials: true,
    unlocked_at: null, unlock_cost: 5, is_tracked_competitor: false, viewed_at: "2025-01-01T00:00:00Z",
  });
  const api = (website: string | null) => (url: URL) => (url.pathname === "/api/company/details/7/" ? jsonResponse(200, company(website)) : undefined);

  it("shows a javascript: website as text", async () => {
    renderSignedIn("/builder/detail/7", makeUser(), api(SCRIPT));
    const website = await screen.findByText(SCRIPT, {}, { timeout: 19_000 });
    expect(website.closest("a")).toBeNull();
    expect(unsafeHrefs()).toEqual([]);
  });

  it("links a bare registry host as https", async () => {
    renderSignedIn("/builder/detail/7", makeUser(), api("www.menon.example"));
    const link = await screen.findByRole("link", { name: "menon.example" }, { timeout: 19_000 });
    expect(link.getAttribute("href")).toBe("https://www.menon.example");
    await waitFor(() => expect(unsafeHrefs()).toEqual([]));
  });
});
