// NIC e-procurement (GePNIC) award-of-contract (AOC) pages scraped to CSV, as CivicDataLab's
// assam-tenders-data project writes them (and other states' portals in the same layout).
//
// Layout: one tender over several rows. The first row carries the tender's fields; later rows
// carry one more document, corrigendum, bid received or financial bid each, other cells blank.
// The tender block of columns appears twice with the same names (we read the first), and
// repeated names elsewhere get pandas suffixes (.1, .2 …) whose numbers vary between files, so
// the three bidder tables are found by the columns that follow each 'Bidder Name*':
//   Bidder Name + Awarded Currency/Awarded Value   the award: each row a winner with its awarded value
//   Contract Date : / Contract Value :            the contract as signed (kept apart from the award)
//   Bidder Name + Submitted Date/Status/Remarks    bids received (Accepted-AOC, Rejected-Technical…)
//   Bidder Name + Value/Rank                       financial bids ranked L1, L2… or I, II…
// A file may hold several tenders one after another: a row with a new Tender ID starts the next.
// The closing 'Tender ID :' / 'Tender Ref No :' / 'Tender Title :' row is a page footer.
import { orgChain, text, amount, date, integerText, rank, mimeFor, RowError } from "./values.js";
import { readCsv } from "./csv.js";
import { FileError } from "./json.js";
import type { BidderInput, ImporterContext, ResultInput, TenderInput, Unit, WinnerInput } from "./model.js";
import { normalizeCompanyName } from "../../modules/companies/normalize.js";
import { portalState, resolvePlace, type Place, type PlaceClue } from "./place.js";

interface Columns {
  tenderId: number;
  title: number;
  get: (row: string[], name: keyof typeof TENDER_FIELDS) => string | null;
  award?: { bidder: number; currency?: number; value?: number };
  received?: { bidder: number; status?: number; remarks?: number };
  financial?: { bidder: number; value?: number; rank?: number };
  aoc: { contractDate?: number; contractValue?: number; updatedOn?: number; document?: number };
  footer: { id?: number; ref?: number; title?: number };
  docType?: number;
  docDesc?: number;
  corrTitle?: number;
  corrType?: number;
}

/** Tender fields: the first column with one of these names (exact, then case-insensitive). */
const TENDER_FIELDS = {
  orgChain: ["Organisation Chain", "Organization Chain"],
  reference: ["Tender Reference Number", "Tender Ref No", "Reference Number"],
  tenderType: ["Tender Type"],
  category: ["Tender Category"],
  publish: ["Publish Date", "Published Date", "e-Published Date"],
  opening: ["Bid Opening Date"],
  closing: ["Bid Submission End Date", "Bid Submission Closing Date"],
  emd: ["EMD Amount in ₹", "EMD Amount in Rs.", "EMD Amount in Rs", "EMD Amount"],
  fee: ["Tender Fee in ₹", "Tender Fee in Rs.", "Tender Fee in Rs", "Tender Fee"],
  workDescription: ["Work Description"],
  value: ["Tender Value in ₹", "Tender Value in Rs.", "Tender Value in Rs", "Tender Value"],
  location: ["Location"],
  pincode: ["Pincode", "Pin Code"],
  prebid: ["Pre Bid Meeting Date"],
  // The tender inviting authority and its meeting places: offices, so they name the state only.
  authority: ["Name"],
  address: ["Address"],
  prebidPlace: ["Pre Bid Meeting Place"],
  prebidAddress: ["Pre Bid Meeting Address"],
  openingPlace: ["Bid Opening Place"],
} as const;

const base = (h: string) => h.replace(/\.\d+$/, "").trim();
const lc = (h: string) => h.replace(/\s+/g, " ").trim().toLowerCase();

function findFirst(headers: string[], names: readonly string[], from = 0): number | undefined {
  for (const n of names) {
    const i = headers.indexOf(n, from);
    if (i !== -1) return i;
  }
  for (const n of names) {
    const i = headers.findIndex((h, j) => j >= from && lc(h) === lc(n));
    if (i !== -1) return i;
  }
  return undefined;
}

/** The first column after `from` (within `span`) whose unsuffixed name is one of names. */
function near(headers: string[], from: number, names: string[], span = 6): number | undefined {
  for (let j = from + 1; j < Math.min(headers.length, from + 1 + span); j++) {
    if (names.some((n) => lc(base(headers[j])) === lc(n))) return j;
  }
  return undefined;
}

export function mapColumns(headers: string[]): Columns {
  const h = headers.map((x) => x.trim());
  const tenderId = findFirst(h, ["Tender ID", "Tender Id"]);
  const title = findFirst(h, ["Title", "Tender Title", "Work Title"]);
  const footerId = findFirst(h, ["Tender ID :"]);
  if (tenderId === undefined && footerId === undefined) throw new FileError("not a GePNIC award-of-contract CSV: no 'Tender ID' column");
  if (title === undefined && findFirst(h, ["Tender Title :"]) === undefined) throw new FileError("not a GePNIC award-of-contract CSV: no 'Title' column");
  const fieldIdx = Object.fromEntries(Object.entries(TENDER_FIELDS).map(([k, names]) => [k, findFirst(h, names)])) as Record<keyof typeof TENDER_FIELDS, number | undefined>;
  const cols: Columns = {
    tenderId: tenderId ?? footerId!,
    title: title ?? findFirst(h, ["Tender Title :"])!,
    get: (row, name) => {
      const i = fieldIdx[name];
      return i === undefined ? null : text(row[i]);
    },
    aoc: {},
    footer: { id: footerId, ref: findFirst(h, ["Tender Ref No :"]), title: findFirst(h, ["Tender Title :"]) },
    docType: findFirst(h, ["Document Type"]),
    docDesc: findFirst(h, ["Description"]),
    corrTitle: findFirst(h, ["Corrigendum Title"]),
    corrType: findFirst(h, ["Corrigendum Type"]),
  };
  h.forEach((name, i) => {
    if (lc(base(name)) !== "bidder name") return;
    const awarded = near(h, i, ["Awarded Value"]);
    const status = near(h, i, ["Status"]);
    const submitted = near(h, i, ["Submitted Date"]);
    const fin = near(h, i, ["Rank"]) ?? near(h, i, ["Value"]);
    if (awarded !== undefined && !cols.award) cols.award = { bidder: i, currency: near(h, i, ["Awarded Currency"]), value: awarded };
    else if ((status !== undefined || submitted !== undefined) && !cols.received) cols.received = { bidder: i, status, remarks: near(h, i, ["Remarks"]) };
    else if (fin !== undefined && !cols.financial) cols.financial = { bidder: i, value: near(h, i, ["Value"]), rank: near(h, i, ["Rank"]) };
  });
  const contractDate = findFirst(h, ["Contract Date :", "Contract Date"]);
  if (contractDate !== undefined) {
    cols.aoc = {
      contractDate,
      contractValue: near(h, contractDate, ["Contract Value :", "Contract Value"]),
      updatedOn: near(h, contractDate, ["Updated on :", "Updated On :"]),
      document: near(h, contractDate, ["AOC document :", "AOC Document :"]),
    };
  }
  return cols;
}

const cell = (row: string[], i: number | undefined) => (i === undefined ? null : text(row[i]));

interface Group {
  id: string;
  firstRow: number;
  rows: { row: number; fields: string[] }[];
}

/**
 * Place clues, most trusted first: the Organisation Chain ('Cooperation Department||Assam State
 * Co-operative…'), the work's Location, the inviting authority's name and address and the
 * meeting places (state only), then the portal named by --source (assamtenders.gov.in).
 */
function placeOf(field: (name: keyof typeof TENDER_FIELDS) => string | null, ctx: Pick<ImporterContext, "source" | "state" | "onPlace">): Place {
  const offices = (["authority", "address", "prebidPlace", "prebidAddress", "openingPlace"] as const).map((f): PlaceClue => ({ text: field(f), kind: "text", district: false }));
  const place = resolvePlace([
    { text: field("orgChain"), kind: "text" },
    { text: field("location"), kind: "field" },
    ...offices,
    { text: portalState(ctx.source), kind: "field", district: false },
  ], ctx.state);
  ctx.onPlace?.(place);
  return place;
}

/** A tender's rows → the tender, its documents, corrigenda, award and bids. */
export function buildTender(g: Group, cols: Columns, ctx: Pick<ImporterContext, "source" | "state" | "warn" | "onPlace">): TenderInput {
  const rows = g.rows.map((r) => r.fields);
  const first = (f: (r: string[]) => string | null) => {
    for (const r of rows) {
      const v = f(r);
      if (v !== null) return v;
    }
    return null;
  };
  const field = (name: keyof typeof TENDER_FIELDS) => first((r) => cols.get(r, name));
  const title = first((r) => cell(r, cols.title)) ?? first((r) => cell(r, cols.footer.title));
  if (!title) throw new RowError("the tender has no Title");
  const { org, department } = orgChain(field("orgChain"));
  const source = ctx.source ?? "GePNIC";

  const documents = [] as TenderInput["documents"];
  for (const r of rows) {
    const desc = cell(r, cols.docDesc);
    const type = cell(r, cols.docType);
    if (!desc && !type) continue;
    const ext = type && /^\.[a-z0-9]+$/i.test(type) ? type.toLowerCase() : "";
    const name = `${desc ?? "Document"}${ext && !(desc ?? "").toLowerCase().endsWith(ext) ? ext : ""}`;
    documents.push({ file_name: name, url: null, mime_type: mimeFor(name) });
  }
  const aocDoc = first((r) => cell(r, cols.aoc.document));
  if (aocDoc) {
    const name = aocDoc.replace(/\s*\([\d.,]+\s*[KMG]?B\)\s*$/i, "");
    documents.push({ file_name: name, url: null, mime_type: mimeFor(name) });
  }
  const corrigenda = [] as TenderInput["corrigenda"];
  for (const r of rows) {
    const t = cell(r, cols.corrTitle);
    if (!t) continue;
    const type = cell(r, cols.corrType);
    corrigenda.push({ title: t, description: type ? `Corrigendum type: ${type}` : "", published_date: null });
  }

  const contractDate = date(first((r) => cell(r, cols.aoc.contractDate)), "Contract Date");
  const aocUpdated = date(first((r) => cell(r, cols.aoc.updatedOn)), "AOC Updated on");
  const result = buildResult(rows, cols, contractDate ?? aocUpdated, contractDate, g, ctx);
  const place = placeOf(field, ctx);

  return {
    ocid: `${source}:${g.id}`,
    portal_tender_id: g.id,
    reference: field("reference") ?? cell(rows[0], cols.footer.ref),
    title,
    description: field("workDescription") ?? "",
    org_name: org,
    org_name_exact: org,
    department,
    tender_status: "AOC",
    is_corrigendum: corrigenda.length > 0,
    category: field("category")?.toLowerCase() ?? null,
    tender_type: field("tenderType"),
    value: amount(field("value"), "Tender Value"),
    emd: amount(field("emd"), "EMD Amount"),
    tender_fee: amount(field("fee"), "Tender Fee"),
    published_date: date(field("publish"), "Publish Date"),
    closing_date: date(field("closing"), "Bid Submission End Date"),
    opening_date: date(field("opening"), "Bid Opening Date"),
    prebid_date: date(field("prebid"), "Pre Bid Meeting Date"),
    status_update_date: aocUpdated ?? contractDate,
    state: place.state,
    district: place.district,
    city: field("location"),
    pincode: integerText(field("pincode")),
    source,
    source_url: null,
    documents,
    corrigenda,
    result,
  };
}

function buildResult(rows: string[][], cols: Columns, resultDate: Date | null, contractDate: Date | null, g: Group, ctx: Pick<ImporterContext, "warn">): ResultInput | undefined {
  // Bids received: status by normalised bidder name.
  const received = new Map<string, { name: string; status: string | null }>();
  if (cols.received) {
    for (const r of rows) {
      const name = cell(r, cols.received.bidder);
      if (!name) continue;
      received.set(normalizeCompanyName(name), { name, status: cell(r, cols.received.status) });
    }
  }
  // The award: one row, or several (each awarded bidder; values add up).
  const awards: { name: string; value: number | null }[] = [];
  if (cols.award) {
    for (const r of rows) {
      const name = cell(r, cols.award.bidder);
      if (!name) continue;
      const cur = cell(r, cols.award.currency);
      let value = amount(cell(r, cols.award.value), "Awarded Value");
      if (cur && !/^(inr|rs\.?|₹)$/i.test(cur)) {
        ctx.warn(g.firstRow, `award in ${cur}, not rupees: award value left empty`);
        value = null;
      }
      awards.push({ name, value });
    }
  }
  // Financial bids, ranked.
  const bidders: BidderInput[] = [];
  const seen = new Set<string>();
  if (cols.financial) {
    for (const r of rows) {
      const name = cell(r, cols.financial.bidder);
      if (!name) continue;
      const rk = rank(cell(r, cols.financial.rank));
      if (rk.label && rk.rank === null) ctx.warn(g.firstRow, `rank '${rk.label}' of ${name} is not L1, L-2, H1, I, II… or 1, 2…: kept as published, without a number`);
      const norm = normalizeCompanyName(name);
      seen.add(norm);
      bidders.push({
        name, bid_value: amount(cell(r, cols.financial.value), `bid of ${name}`), rank: rk.rank, rank_direction: rk.direction, rank_label: rk.label,
        status: received.get(norm)?.status ?? null, is_winner: false,
      });
    }
  }
  // Bidders who fell before the financial stage: listed without bid or rank.
  for (const [norm, b] of received) {
    if (seen.has(norm)) continue;
    seen.add(norm);
    bidders.push({ name: b.name, bid_value: null, rank: null, rank_direction: null, rank_label: null, status: b.status, is_winner: false });
  }
  bidders.sort((a, b) => (a.rank ?? Infinity) - (b.rank ?? Infinity));

  const contractValue = amount(rows.map((r) => cell(r, cols.aoc.contractValue)).find((v) => v !== null) ?? null, "Contract Value");
  // Each awarded row is a winner with its own Awarded Value; without an award table, L1 won with its bid.
  let winnerList: WinnerInput[] = awards.map((a) => ({ name: a.name, bid_value: a.value, award_ref: null, award_value: a.value }));
  let awardValue = awards.some((a) => a.value !== null) ? awards.reduce((s, a) => s + (a.value ?? 0), 0) : contractValue;
  if (winnerList.length === 0) {
    const l1 = bidders.find((b) => b.rank === 1);
    if (l1) {
      winnerList = [{ name: l1.name, bid_value: l1.bid_value, award_ref: null, award_value: awardValue ?? l1.bid_value }];
      awardValue ??= l1.bid_value;
    }
  }
  const winnerNames = winnerList.map((w) => w.name);
  if (winnerNames.length === 0 && bidders.length === 0) return undefined;
  const winners = new Set(winnerNames.map(normalizeCompanyName));
  for (const b of bidders) b.is_winner = winners.has(normalizeCompanyName(b.name));
  // An awarded bidder missing from the bid tables still appears among the bidders.
  for (const a of awards) {
    const norm = normalizeCompanyName(a.name);
    if (!seen.has(norm)) {
      seen.add(norm);
      bidders.push({ name: a.name, bid_value: null, rank: null, rank_direction: null, rank_label: null, status: received.get(norm)?.status ?? null, is_winner: true });
    }
  }
  return {
    winner_name: winnerNames[0] ?? null,
    winners: winnerList,
    award_value: awardValue !== null ? Math.round(awardValue * 100) / 100 : null,
    result_date: resultDate,
    contract_value: contractValue,
    contract_date: contractDate,
    bidders,
  };
}

export async function* importGepnic(ctx: ImporterContext): AsyncGenerator<Unit> {
  let cols: Columns | null = null;
  let group = null as Group | null;
  const flush = function* (g: Group): Generator<Unit> {
    const key = g.id;
    let input: TenderInput;
    try {
      input = buildTender(g, cols!, ctx);
    } catch (err) {
      if (err instanceof RowError) {
        yield { type: "reject", row: g.firstRow, key, reason: err.message };
        return;
      }
      throw err;
    }
    yield { type: "tender", row: g.firstRow, key: input.ocid, build: () => input };
  };
  for await (const rec of readCsv(ctx.file, ctx.onBytes)) {
    if (!cols) {
      cols = mapColumns(rec.fields);
      continue;
    }
    ctx.onRead();
    if (rec.fields.every((f) => f.trim() === "")) continue;
    const id = cell(rec.fields, cols.tenderId);
    if (id && id !== group?.id) {
      if (group) yield* flush(group);
      group = { id, firstRow: rec.row, rows: [] };
    }
    if (!group) {
      // Rows before any tender: a footer row alone names its tender; anything else is an orphan.
      const footerId = cell(rec.fields, cols.footer.id);
      if (footerId) group = { id: footerId, firstRow: rec.row, rows: [] };
      else {
        yield { type: "reject", row: rec.row, reason: "row before the first tender (no Tender ID yet)" };
        continue;
      }
    }
    group.rows.push(rec);
  }
  if (!cols) throw new FileError("the file is empty");
  if (group) yield* flush(group);
}
