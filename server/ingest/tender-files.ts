// The files a demo tender publishes, as a portal holds them: the notice inviting tender (NIT)
// as a PDF, the bill of quantities as an XLSX whose items add up to the estimate, and each
// corrigendum as a PDF. The seed stores each file's recipe in tender_documents (migration 023),
// not its bytes: the tender page and the zip render it from the recipe and the tender's fields
// when asked (renderTenderFile), the same bytes for the same seed, and seeding stays fast.
import { pdfDocument, type PdfBlock } from "./pdf.js";
import { Rng } from "./prng.js";
import { indianNumber } from "./text.js";
import { xlsxWorkbook, type Cell } from "./xlsx.js";

export interface TenderFacts {
  title: string;
  orgName: string;
  department: string;
  reference: string;
  portalId: string | null;
  kind: string;
  category: string;
  tenderType: string;
  value: number | null;
  emd: number;
  fee: number;
  months: number;
  published: Date;
  closing: Date;
  opening: Date;
  prebid: Date | null;
  place: string;
  source: string;
}

/** Schedule items by kind of work: [description, unit, rate in rupees, share of the estimate]. */
const ITEMS: Record<string, [string, string, number, number][]> = {
  road: [
    ["Earthwork in excavation for roadway in all kinds of soil, including disposal up to 1 km", "cum", 210, 0.08],
    ["Construction of embankment with approved material, compacted to 97% of MDD", "cum", 310, 0.1],
    ["Granular sub-base with well-graded material, grading II, laid and compacted", "cum", 2150, 0.14],
    ["Wet mix macadam base course, laid with paver and compacted", "cum", 2650, 0.17],
    ["Dense bituminous macadam, 50 mm compacted thickness, with VG-30 bitumen", "cum", 9800, 0.22],
    ["Bituminous concrete, 40 mm compacted thickness, with VG-40 bitumen", "cum", 11200, 0.15],
    ["RCC hume pipe culvert NP-3 class, 1200 mm dia, including headwalls", "m", 14500, 0.06],
    ["Road marking with hot applied thermoplastic paint, 2.5 mm thick", "sqm", 780, 0.03],
    ["Metal beam crash barrier, W-beam type, including posts", "m", 3900, 0.05],
  ],
  bridge: [
    ["Bored cast-in-situ RCC piles, 1200 mm dia, M35, including liner", "m", 21500, 0.24],
    ["RCC M35 in pile caps, piers and abutments, including formwork", "cum", 9800, 0.2],
    ["High-yield strength deformed reinforcement Fe500D, cut, bent and placed", "MT", 78500, 0.18],
    ["Prestressed concrete M45 in girders, including HTS strands and sheathing", "cum", 16500, 0.22],
    ["Elastomeric bearings, supplied and fixed", "no", 42000, 0.04],
    ["Strip seal expansion joints, supplied and fixed", "m", 28500, 0.04],
    ["Approach slabs and crash barriers in RCC M30", "cum", 8900, 0.08],
  ],
  building: [
    ["Earth work in excavation in foundation trenches, all kinds of soil, including disposal", "cum", 265, 0.04],
    ["Providing and laying in position PCC 1:4:8 in foundation", "cum", 6350, 0.04],
    ["RCC M25 in foundations, columns, beams and slabs, excluding reinforcement", "cum", 8650, 0.28],
    ["Steel reinforcement Fe500D TMT bars, including cutting, bending and binding", "kg", 82, 0.18],
    ["Brick work with fly ash bricks in cement mortar 1:6 in superstructure", "cum", 7150, 0.08],
    ["12 mm cement plaster 1:6 on walls", "sqm", 330, 0.06],
    ["Vitrified tile flooring 600 x 600 mm on cement mortar bed", "sqm", 1350, 0.08],
    ["Aluminium windows with 5 mm glass, powder coated", "sqm", 5200, 0.06],
    ["Internal electrical wiring with FR PVC copper wire, points", "point", 1450, 0.08],
    ["Water supply and sanitary installations", "LS", 0, 0.05],
    ["Exterior acrylic emulsion paint, two coats over primer", "sqm", 145, 0.05],
  ],
  water: [
    ["Providing, lowering and laying DI K-9 pipes including jointing and testing", "m", 6800, 0.42],
    ["Excavation of trenches for pipelines in all kinds of soil", "cum", 290, 0.08],
    ["Sluice valves with chamber, supplied and installed", "no", 68000, 0.08],
    ["RCC M30 in elevated service reservoir, including staging", "cum", 11800, 0.2],
    ["Vertical turbine pump sets with motors, supplied and commissioned", "no", 1250000, 0.12],
    ["Trial run, testing and commissioning of the scheme", "LS", 0, 0.1],
  ],
  sewer: [
    ["Excavation of trenches for sewers in all kinds of soil, including shoring and dewatering", "cum", 420, 0.18],
    ["Providing and laying RCC NP-3 pipes, 600 mm dia, including jointing", "m", 5800, 0.3],
    ["Brick masonry manholes, 1.2 m dia, including cover", "no", 46500, 0.15],
    ["House service connections with 150 mm uPVC pipes", "no", 9500, 0.12],
    ["Sewage treatment plant civil, mechanical and electrical works", "LS", 0, 0.2],
    ["Road restoration after laying of sewers", "sqm", 1150, 0.05],
  ],
  irrigation: [
    ["Excavation for canal in all kinds of soil, including lead and lift", "cum", 240, 0.25],
    ["CC M15 lining of canal bed and sides, 100 mm thick", "sqm", 780, 0.35],
    ["RCC M25 in cross-drainage works", "cum", 8200, 0.25],
    ["Stone pitching on embankment slopes", "cum", 2450, 0.15],
  ],
  power: [
    ["Supply of 33 kV vacuum circuit breaker panels", "no", 1850000, 0.3],
    ["Supply and erection of power transformer, 10 MVA, 33/11 kV", "no", 9500000, 0.35],
    ["Civil works for control room and equipment foundations", "LS", 0, 0.15],
    ["Laying of 33 kV XLPE cable, 3C x 300 sq mm", "m", 2850, 0.2],
  ],
  pipes: [
    ["Supply of DI pipes K-9 class, with rubber gaskets, as per IS 8329", "m", 5900, 0.8],
    ["Supply of DI fittings, as per IS 9523", "MT", 145000, 0.2],
  ],
  materials: [
    ["Supply of materials as per specification, delivered at site stores", "MT", 65000, 0.85],
    ["Loading, transport and unloading at work sites", "LS", 0, 0.15],
  ],
  om: [
    ["Operation and maintenance, monthly charges, including manpower and consumables", "month", 0, 0.85],
    ["Repairs and replacement of parts, as per schedule", "LS", 0, 0.15],
  ],
  consultancy: [
    ["Team leader and key personnel, man-months", "man-month", 325000, 0.55],
    ["Supporting staff, man-months", "man-month", 95000, 0.25],
    ["Surveys, investigations and reports", "LS", 0, 0.2],
  ],
};
const KIND_ITEMS: Record<string, string> = { rail: "bridge", airport: "building" };

export function boqRows(rng: Rng, kind: string, estimate: number): { rows: Cell[][]; total: number } {
  const items = ITEMS[kind] ?? ITEMS[KIND_ITEMS[kind] ?? "building"];
  const rows: Cell[][] = [["Sl. No.", "Item Description", "Quantity", "Units", "Estimated Rate (Rs)", "Total Amount (Rs)"]];
  let total = 0;
  items.forEach(([desc, unit, rate, share], i) => {
    const target = estimate * share * rng.float(0.9, 1.1);
    let qty: number;
    let r: number;
    if (rate === 0) [qty, r] = unit === "month" ? [12, Math.round(target / 12)] : [1, Math.round(target)];
    else {
      r = Math.round(rate * rng.float(0.92, 1.12) * 100) / 100;
      qty = Math.round((target / r) * 100) / 100;
      // A small job buys less than one unit at the schedule rate: one unit, priced at what it costs.
      if (qty < 1) [qty, r] = [1, Math.round(target)];
    }
    const amount = Math.round(qty * r * 100) / 100;
    total += amount;
    rows.push([i + 1, desc, qty, unit, r, amount]);
  });
  total = Math.round(total * 100) / 100;
  rows.push([null, "Total (Rs)", null, null, null, { sum: `SUM(F2:F${rows.length})`, value: total }]);
  return { rows, total };
}

/** What a demo file is made from besides the tender's own fields (tender_documents.recipe). */
export type TenderFileRecipe =
  | { file: "nit"; months: number }
  | { file: "boq"; kind: string; seed: number }
  | { file: "corrigendum"; n: number; title: string; text: string; published: string };

/** The tender's fields the files show, as the tender's record holds them (instants as ISO text). */
export interface TenderFileFields {
  title: string; org_name: string | null; department: string | null; reference: string | null; portal_tender_id: string | null;
  category: string | null; tender_type: string | null; value: number | null; emd: number | null; tender_fee: number | null;
  published_date: string | null; closing_date: string | null; opening_date: string | null; prebid_date: string | null;
  city: string | null; district: string | null; state: string | null; source: string | null;
}

const at = (iso: string | null, fallback: Date) => (iso ? new Date(iso) : fallback);

/** The facts a notice states, from the tender's fields (a missing date reads as the publication). */
export function tenderFacts(t: TenderFileFields, months: number, kind = ""): TenderFacts {
  const published = at(t.published_date, new Date(0));
  return {
    title: t.title, orgName: t.org_name ?? "", department: t.department ?? "", reference: t.reference ?? "", portalId: t.portal_tender_id,
    kind, category: t.category ?? "works", tenderType: t.tender_type ?? "", value: t.value, emd: t.emd ?? 0, fee: t.tender_fee ?? 0, months,
    published, closing: at(t.closing_date, published), opening: at(t.opening_date, published), prebid: t.prebid_date ? new Date(t.prebid_date) : null,
    place: `${t.city}, ${t.district} district, ${t.state}`, source: t.source ?? "",
  };
}

/** A demo file's bytes, rendered from its recipe and the tender's fields. */
export function renderTenderFile(recipe: TenderFileRecipe, t: TenderFileFields): Buffer {
  if (recipe.file === "boq") return boqXlsx(new Rng(recipe.seed), tenderFacts(t, 0, recipe.kind));
  if (recipe.file === "corrigendum") return corrigendumPdf(tenderFacts(t, 0), recipe.n, recipe.title, recipe.text, new Date(recipe.published));
  return nitPdf(tenderFacts(t, recipe.months));
}

export function boqXlsx(rng: Rng, t: TenderFacts): Buffer {
  const { rows } = boqRows(rng, t.kind, t.value ?? 5e6);
  return xlsxWorkbook([{ name: "BOQ", widths: [8, 70, 12, 10, 18, 20], rows, amountColumns: [4, 5] }]);
}

const fmt = (d: Date) => {
  const ist = new Date(d.getTime() + 330 * 60_000);
  const p = (n: number) => String(n).padStart(2, "0");
  return `${p(ist.getUTCDate())}-${p(ist.getUTCMonth() + 1)}-${ist.getUTCFullYear()} ${p(ist.getUTCHours())}:${p(ist.getUTCMinutes())}`;
};
const rs = (v: number | null) => (v === null ? "As per BOQ" : `Rs. ${indianNumber(v)}`);

export function nitPdf(t: TenderFacts): Buffer {
  const blocks: PdfBlock[] = [
    { kind: "title", text: t.orgName },
    { kind: "text", text: t.department },
    { kind: "gap" },
    { kind: "heading", text: "NOTICE INVITING TENDER" },
    { kind: "text", text: `Online bids are invited on behalf of the ${t.orgName} from eligible and registered ${t.category === "goods" ? "suppliers" : t.category === "services" ? "firms" : "contractors"} for the work described below, through the e-procurement portal (${t.source}).` },
    { kind: "gap" },
    { kind: "row", label: "NIT No.", value: t.reference },
    { kind: "row", label: "Name of work", value: t.title },
    { kind: "row", label: "Tender ID", value: t.portalId ?? "-" },
    { kind: "row", label: "Location", value: t.place },
    { kind: "row", label: "Tender type", value: t.tenderType },
    { kind: "row", label: "Tender category", value: t.category[0].toUpperCase() + t.category.slice(1) },
    { kind: "row", label: "Estimated cost", value: rs(t.value) },
    { kind: "row", label: "Earnest money deposit", value: rs(t.emd) },
    { kind: "row", label: "Tender fee", value: `${rs(t.fee)} (non-refundable, incl. GST)` },
    { kind: "row", label: "Period of completion", value: `${t.months} months` },
    { kind: "row", label: "Bid document download", value: `${fmt(t.published)} onwards` },
    { kind: "row", label: "Pre-bid meeting", value: t.prebid ? `${fmt(t.prebid)}, office of the ${t.department.split(",")[0]}` : "Not applicable" },
    { kind: "row", label: "Last date of submission", value: fmt(t.closing) },
    { kind: "row", label: "Technical bid opening", value: fmt(t.opening) },
    { kind: "gap" },
    { kind: "heading", text: "Eligibility" },
    { kind: "text", text: "1. The bidder should have satisfactorily completed, in the last seven years, three similar works each of 40%, or two of 50%, or one of 80% of the estimated cost." },
    { kind: "text", text: "2. Average annual financial turnover during the last three years should be at least 30% of the estimated cost; the bidder should not have incurred a loss in more than two of the last five years." },
    { kind: "text", text: "3. Bid capacity shall be more than the estimated cost. Joint ventures are permitted only where the bid documents say so." },
    { kind: "gap" },
    { kind: "heading", text: "Instructions" },
    { kind: "text", text: "Bids shall be submitted online only, with a valid Class III digital signature certificate. The EMD shall be paid online or by bank guarantee from a scheduled bank. The department reserves the right to accept or reject any bid without assigning reasons." },
    { kind: "gap" },
    { kind: "text", text: `Sd/- ${t.department.split(",")[0]}` },
  ];
  return pdfDocument(`NIT ${t.reference}`, blocks, `${t.orgName} - NIT ${t.reference}`);
}

export function corrigendumPdf(t: TenderFacts, n: number, title: string, text: string, published: Date): Buffer {
  return pdfDocument(`Corrigendum ${n} - ${t.reference}`, [
    { kind: "title", text: t.orgName },
    { kind: "text", text: t.department },
    { kind: "gap" },
    { kind: "heading", text: title },
    { kind: "row", label: "NIT No.", value: t.reference },
    { kind: "row", label: "Tender ID", value: t.portalId ?? "-" },
    { kind: "row", label: "Name of work", value: t.title },
    { kind: "row", label: "Published", value: fmt(published) },
    { kind: "gap" },
    { kind: "text", text },
    { kind: "gap" },
    { kind: "text", text: `Sd/- ${t.department.split(",")[0]}` },
  ], `${t.orgName} - Corrigendum ${n}`);
}
