// The tender page's fields as a buyer reads them: a seeded (or scraped) tender has a portal
// Tender ID but no importer's publication id, and must not show 'Portal id: Not Specified'
// beside its real Tender ID.
import { describe, expect, it } from "vitest";
import { tenderFields } from "../../src/pages/tenders/TenderDetailPage";

type Fields = Parameters<typeof tenderFields>[0];
const tender = (ocid: string | null): Fields =>
  ({
    id: 5, ocid, portal_tender_id: "2026_PWD_123456_1", reference: "NIT No. 12/PWD/EE-PUN/2025-26", title: "Widening of SH-60", description: "",
    org_name: "Public Works Department, Maharashtra", org_name_exact: null, department: "PWD Division No. 2, Pune", tender_status: "Live", is_live: true,
    is_corrigendum: false, category: "works", tender_type: "Item Rate", value: 5e7, emd: 1e6, tender_fee: 5900, published_date: null,
    closing_date: null, opening_date: null, prebid_date: null, status_update_date: null, retrieved_on: null, reviewed_date: null,
    arrived_date: "2026-03-01T00:00:00Z", state: "Maharashtra", district: "Pune", city: "Pune", pincode: "411001", source: "Maharashtra e-Tenders", source_url: null,
  }) as unknown as Fields;

const labels = (t: Fields) => (tenderFields(t) ?? []).map((f) => [f.label, f.children]);

describe("tender fields", () => {
  it("shows the Tender ID, and no 'Portal id' row when the tender has no publication id", () => {
    const shown = labels(tender(null));
    expect(shown).toContainEqual(["Tender ID", "2026_PWD_123456_1"]);
    expect(shown.map(([label]) => label)).not.toContain("Portal id");
  });

  it("shows the publication id when an importer kept one", () => {
    expect(labels(tender("ocds-abc123-2026-77"))).toContainEqual(["Portal id", "ocds-abc123-2026-77"]);
  });
});
