// Public tenders with corrigenda, and results (award of contract) with ranked bidders.
import { Batch } from "./bulk.js";
import type { CompanyIndex, CompanyRef } from "./gen-companies.js";
import { STATES } from "./india-data.js";
import { ORG_SITES, sitedPlace, stateFor } from "./plant-sites.js";
import { PLACE_WORDS, TRADE_WORDS } from "./names.js";
import { Rng } from "./prng.js";
import { CITY_BODIES, STATE_BODY_NAMES, TENDER_ORGS, TENDER_SOURCES, TENDER_STATUS_WEIGHTS, TENDER_TITLES, TENDER_TYPES } from "./templates.js";
import type { TenderFileRecipe } from "./tender-files.js";
import { DAY, fill, indianNumber, iso } from "./text.js";

export const MIN_TENDER_VALUE = 1e5;
export const MAX_TENDER_VALUE = 2e10;

export interface TenderBatches {
  tenders: Batch;
  corrigenda: Batch;
  documents: Batch;
  results: Batch;
  winners: Batch;
  bidders: Batch;
}

export function newTenderBatches(): TenderBatches {
  return {
    tenders: new Batch("tenders", [
      ["id", "bigint"], ["reference", "text"], ["title", "text"], ["description", "text"], ["org_name", "text"], ["org_name_exact", "text"],
      ["department", "text"], ["tender_status", "text"], ["is_corrigendum", "bool"], ["category", "text"], ["tender_type", "text"],
      ["value", "numeric"], ["emd", "numeric"], ["tender_fee", "numeric"], ["published_date", "timestamptz"], ["closing_date", "timestamptz"],
      ["opening_date", "timestamptz"], ["prebid_date", "timestamptz"], ["status_update_date", "timestamptz"], ["retrieved_on", "timestamptz"],
      ["reviewed_date", "timestamptz"], ["arrived_date", "timestamptz"], ["state", "text"], ["district", "text"], ["city", "text"],
      ["pincode", "text"], ["source", "text"], ["created_at", "timestamptz"], ["updated_at", "timestamptz"], ["portal_tender_id", "text"],
    ]),
    documents: new Batch("tender_documents", [["tender_id", "bigint"], ["file_name", "text"], ["mime_type", "text"], ["recipe", "jsonb"], ["created_at", "timestamptz"]]),
    corrigenda: new Batch("tender_corrigenda", [["tender_id", "bigint"], ["title", "text"], ["description", "text"], ["published_date", "timestamptz"]]),
    results: new Batch("results", [
      ["id", "bigint"], ["tender_id", "bigint"], ["winner_company_id", "bigint"], ["winner_name", "text"], ["award_value", "numeric"],
      ["result_date", "timestamptz"], ["created_at", "timestamptz"], ["updated_at", "timestamptz"], ["contract_value", "numeric"],
      ["contract_date", "timestamptz"], ["winner_names", "text"],
    ]),
    winners: new Batch("result_winners", [
      ["result_id", "bigint"], ["position", "int"], ["award_ref", "text"], ["company_id", "bigint"], ["name", "text"], ["bid_value", "numeric"], ["award_value", "numeric"],
    ]),
    bidders: new Batch("result_bidders", [
      ["result_id", "bigint"], ["company_id", "bigint"], ["bidder_name", "text"], ["bid_value", "numeric"], ["rank", "int"],
      ["rank_label", "text"], ["status", "text"], ["is_winner", "bool"],
    ]),
  };
}

const ORG_WEIGHTS = TENDER_ORGS.map((o) => [o, o.weight] as const);
const CORRIGENDUM_TITLES = [
  ["Extension of bid due date", "The last date of online bid submission has been extended. All other terms and conditions remain unchanged."],
  ["Revised BOQ", "The bill of quantities has been revised; bidders are requested to download the revised BOQ and quote accordingly."],
  ["Change in eligibility criteria", "The similar-work experience criterion has been revised as per the addendum uploaded on the portal."],
  ["Pre-bid clarifications", "Replies to the queries raised in the pre-bid meeting are published. The replies form part of the bid documents."],
] as const;
/** The largest estimate each kind of work is published with (rupees). */
const KIND_MAX: Record<string, number> = {
  road: 2e10, bridge: 5e9, building: 3e9, water: 5e9, sewer: 5e9, irrigation: 2e9, rail: 1e10, airport: 2e10, power: 5e9, pipes: 5e8, materials: 2e8, om: 5e8, consultancy: 2e8,
};
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** Rounds a tender estimate the way departments publish it. */
function roundEstimate(v: number): number {
  if (v < 1e7) return Math.round(v / 100) * 100;
  return Math.round(v / 1000) * 1000;
}

function tenderFee(value: number | null): number {
  if (value === null) return 1180;
  if (value < 1e6) return 590;
  if (value < 1e7) return 1770;
  if (value < 1e8) return 5900;
  if (value < 1e9) return 11800;
  return 29500;
}

/** Keeps the time of day at office hours, IST (e.g. 15:00 IST = 09:30 UTC). */
function atIst(d: Date, hour: number, minute = 0): Date {
  const day = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  return new Date(day + ((hour * 60 + minute - 330) * 60_000));
}

export class TenderGenerator {
  constructor(private readonly rng: Rng, private readonly now: Date, private readonly companies: CompanyIndex) {}

  /** takeResultId hands out a reserved results id; it is called only for AOC tenders. */
  generate(id: number, takeResultId: () => number, b: TenderBatches): { aoc: boolean } {
    const rng = this.rng;
    const now = this.now;
    const org = rng.weighted(ORG_WEIGHTS);
    // NTPC tenders come from its stations, the Airports Authority's from airports it runs.
    const sited = sitedPlace(rng, ORG_SITES[org.abbr]);
    const state = stateFor(rng, sited);
    const district = sited?.district ?? rng.pick(state.districts);
    const city = district.city;
    const orgName =
      org.scope === "city" ? CITY_BODIES[city] ?? `${city} Municipal Corporation`
      : org.scope === "state" ? STATE_BODY_NAMES[org.abbr]?.[state.name] ?? fill(org.name, { state: state.name })
      : org.name;
    const department = fill(rng.pick(org.depts), { n: rng.int(1, 6), city, district: district.name });
    const kindName = rng.pick(org.kinds);
    const kind = TENDER_TITLES[kindName];
    const category = kind.category;
    const others = state.districts.map((x) => x.city).filter((c) => c !== city);
    const other = others.length ? rng.pick(others) : rng.pick(rng.pick(STATES).districts).city;
    const road = rng.weighted([[`NH-${rng.int(1, 766)}`, 30], [`SH-${rng.int(1, 180)}`, 30], [`MDR-${rng.int(1, 90)}`, 15], [`${city}–${other} road`, 25]] as const);
    const a = rng.int(0, 200);
    const title = fill(rng.pick(kind.titles), {
      river: rng.pick(state.rivers), road, district: district.name, city, loc: rng.pick(district.localities), a, b: a + rng.int(5, 60),
      beds: rng.int(3, 50) * 10, dia: rng.pick([100, 150, 200, 250, 300, 400, 500, 600, 800, 1000]), floors: rng.int(2, 12),
      dept_short: org.abbr, units: rng.int(2, 40) * 6, mld: rng.int(2, 150), kva: rng.pick([62.5, 125, 250, 500, 750, 1010]),
    });
    const status = rng.weighted(TENDER_STATUS_WEIGHTS);
    const maxValue = Math.min(MAX_TENDER_VALUE, KIND_MAX[kindName] ?? MAX_TENDER_VALUE);
    const value = rng.chance(0.93) ? Math.min(MAX_TENDER_VALUE, Math.max(MIN_TENDER_VALUE, roundEstimate(rng.logUniform(5e5, maxValue, 1.5)))) : null;
    const emd = value !== null ? Math.max(1000, Math.round((value * 0.02) / 100) * 100) : rng.pick([25000, 50000, 100000]);

    // Dates consistent with the status: Live closes after now, the others closed before now.
    let published: Date, closing: Date;
    if (status === "Live") {
      published = atIst(new Date(now.getTime() - rng.int(1, 25) * DAY), rng.int(10, 18));
      closing = atIst(new Date(now.getTime() + rng.int(1, 30) * DAY), rng.pick([11, 13, 15, 17]));
    } else {
      const closedAgo = status === "AOC" ? rng.int(25, 200) : rng.int(1, 90);
      closing = atIst(new Date(now.getTime() - closedAgo * DAY), rng.pick([11, 13, 15, 17]));
      published = atIst(new Date(closing.getTime() - rng.int(14, 45) * DAY), rng.int(10, 18));
    }
    const opening = new Date(closing.getTime() + rng.pick([1, 1, 2, 3]) * DAY);
    const prebid = rng.chance(0.6) ? atIst(new Date(published.getTime() + rng.int(4, 10) * DAY), 11) : null;
    const prebidOk = prebid && prebid < closing ? prebid : null;

    let statusUpdate = published;
    let resultDate: Date | null = null;
    if (status === "AOC") resultDate = resultDateFor(rng, opening, now);
    if (resultDate) statusUpdate = resultDate;
    else if (status === "Cancelled" || status === "Retender") statusUpdate = new Date(Math.min(now.getTime() - DAY / 2, published.getTime() + rng.int(5, 40) * DAY));
    else if (status !== "Live") statusUpdate = new Date(Math.min(now.getTime() - DAY / 4, opening.getTime() + rng.int(0, 10) * DAY));

    // About one in seven carries corrigenda (one or two, numbered as published).
    const corrigenda: { title: string; text: string; at: Date }[] = [];
    if (rng.chance(0.14)) {
      const latest = Math.min(closing.getTime(), now.getTime()) - DAY / 2;
      const picks = rng.sample(CORRIGENDUM_TITLES, rng.chance(0.3) ? 2 : 1);
      let from = published.getTime();
      picks.forEach(([ctitle, cdesc], i) => {
        const cdate = new Date(from + rng.float(0.2, 0.6) * Math.max(DAY, latest - from));
        from = cdate.getTime();
        corrigenda.push({ title: `Corrigendum-${i + 1}: ${ctitle}`, text: cdesc, at: cdate });
        b.corrigenda.add(id, `Corrigendum-${i + 1}: ${ctitle}`, cdesc, iso(cdate));
        if (status === "Live") statusUpdate = cdate;
      });
    }
    const corrigendum = corrigenda.length > 0;

    const retrieved = new Date(Math.min(now.getTime() - 60_000, statusUpdate.getTime() + rng.float(0.05, 2) * DAY));
    const reviewed = rng.chance(0.95) ? new Date(Math.min(now.getTime() - 1000, retrieved.getTime() + rng.float(0.01, 1) * DAY)) : null;
    const year = published.getUTCFullYear();
    // The department's NIT number, and the portal's own Tender ID (GePNIC: year_org_serial_n; GeM bid numbers).
    const orgCode = org.abbr === "MC" ? city.slice(0, 3).toUpperCase() + "MC" : org.abbr;
    const fy = published.getUTCMonth() >= 3 ? year : year - 1;
    const reference = `${rng.pick(["NIT", "e-NIT", "Tender Notice"])} No. ${rng.int(1, 180)}/${orgCode}/${rng.pick(["EE", "SE", "CE", "Div"])}-${district.name.slice(0, 3).toUpperCase()}/${fy}-${String((fy + 1) % 100).padStart(2, "0")}`;
    const months = rng.pick([3, 6, 9, 12, 18, 24]);
    // EPC, item-rate and percentage-rate contracts are for works; supplies and services are bought by open or limited tender.
    const tenderType = rng.pick(category === "works" ? TENDER_TYPES : TENDER_TYPES.filter((x) => /Tender/.test(x)));
    const fee = tenderFee(value);
    const description = `${department}, ${orgName} invites online bids from eligible ${category === "goods" ? "suppliers" : category === "services" ? "firms" : "contractors"} for ${title.charAt(0).toLowerCase()}${title.slice(1)}. Estimated cost ${value ? `₹${indianNumber(value)}` : "as per BOQ"}; EMD ₹${indianNumber(emd)}; period of completion ${months} months.`;
    const source = org.scope === "central" ? rng.pick([TENDER_SOURCES[0], TENDER_SOURCES[2]]) : rng.pick([TENDER_SOURCES[1], TENDER_SOURCES[3]]);
    const portalId =
      source === "GeM" ? `GEM/${year}/B/${rng.int(1_000_000, 6_999_999)}`
      : source === TENDER_SOURCES[3] ? null
      : `${year}_${orgCode}_${rng.int(10000, 999999)}_${corrigenda.length + 1}`;

    b.tenders.add(
      id, reference, title, description, orgName, orgName, department, status, corrigendum, category, tenderType, value, emd,
      fee, iso(published), iso(closing), iso(opening), prebidOk ? iso(prebidOk) : null, iso(statusUpdate), iso(retrieved),
      reviewed ? iso(reviewed) : null, iso(retrieved), state.name, district.name, city, String(district.pincode + rng.int(0, 40)), source,
      iso(retrieved), iso(statusUpdate), portalId,
    );

    // The files: notice, BOQ (works with an estimate) and each corrigendum, as recipes the
    // tender page and zip render from (tender-files.ts); the BOQ's quantities from its own seed.
    const doc = (name: string, mime: string, recipe: TenderFileRecipe, at: Date) => b.documents.add(id, name, mime, recipe, iso(at));
    doc("NIT.pdf", "application/pdf", { file: "nit", months }, published);
    if (category !== "services" || value !== null) doc("BOQ.xlsx", XLSX, { file: "boq", kind: kindName, seed: rng.int(1, 0x7fffffff) }, published);
    corrigenda.forEach((c, i) => doc(`Corrigendum-${i + 1}.pdf`, "application/pdf", { file: "corrigendum", n: i + 1, title: c.title, text: c.text, published: iso(c.at) }, c.at));

    if (status !== "AOC" || !resultDate) return { aoc: false };
    // Results: 2–6 ranked bidders, bids ascending with rank; L1 wins near the estimate.
    const estimate = value ?? roundEstimate(rng.logUniform(5e5, 5e9, 1.5));
    const award = Math.round(estimate * rng.float(0.85, 1.1));
    const n = rng.int(2, 6);
    const bidders: { company: CompanyRef | null; name: string }[] = [];
    const seen = new Set<number>();
    for (let i = 0; i < n * 3 && bidders.length < n; i++) {
      // Local firms first; when the state has too few, firms from anywhere bid too.
      const c = this.companies.pick(rng, ["contractor"], state.name, i < n ? 0.7 : 0);
      if (c && seen.has(c.id)) continue;
      if (c) seen.add(c.id);
      // Without companies in the database, bidders are named but not linked.
      const name = c?.name ?? `${rng.pick(PLACE_WORDS)} ${rng.pick(TRADE_WORDS.contractor)} ${rng.pick(["Pvt Ltd", "LLP", "Ltd"])}`;
      if (!c && bidders.some((x) => x.name === name)) continue;
      bidders.push({ company: c, name });
    }
    const winner = bidders[0];
    const resultId = takeResultId();
    // Some awards are joint: a JV of two firms on one works contract, or a supply split into two
    // lots between L1 and L2 at L1's rate. Each winner is a row of result_winners.
    const joint = bidders.length >= 2 && rng.chance(0.12);
    const winners: { company: CompanyRef | null; name: string; ref: string; bid: number | null; award: number }[] = [{ ...winner, ref: "Award 1", bid: award, award }];
    if (joint && category === "goods") {
      const share = Math.round(award * rng.float(0.3, 0.45));
      winners[0] = { ...winner, ref: "Lot 1", bid: award - share, award: award - share };
      winners.push({ ...bidders[1], ref: "Lot 2", bid: share, award: share });
    } else if (joint) {
      // The JV partner bid with the leader, so it is not among the other bidders.
      const partner = this.companies.pick(rng, ["contractor"], state.name, 0.5);
      if (partner && !seen.has(partner.id)) {
        winners[0] = { ...winner, ref: "Award 1", bid: null, award };
        winners.push({ company: partner, name: partner.name, ref: "Award 1", bid: null, award });
      }
    }
    // The contract as signed: often a little below the award after negotiation, weeks after it.
    const signedAt = new Date(resultDate.getTime() + rng.int(7, 45) * DAY);
    const signed = rng.chance(0.45) && signedAt < now;
    const contractValue = signed ? Math.round(award * rng.float(0.97, 0.995)) : null;
    const contractDate = signed ? signedAt : null;
    b.results.add(
      resultId, id, winner.company?.id ?? null, winner.name, award, iso(resultDate), iso(retrieved), iso(retrieved), contractValue,
      contractDate ? iso(contractDate) : null, winners.length > 1 ? winners.map((w) => w.name).join("\n") : null,
    );
    if (winners.length > 1) winners.forEach((w, i) => b.winners.add(resultId, i + 1, w.ref, w.company?.id ?? null, w.name, w.bid, w.award));
    let bid = award;
    bidders.forEach((bd, i) => {
      if (i > 0) bid = Math.round(bid * (1 + rng.float(0.004, 0.08)));
      b.bidders.add(resultId, bd.company?.id ?? null, bd.name, bid, i + 1, `L${i + 1}`, "Accepted-AOC", i === 0);
    });
    // Sometimes a bidder fell at the technical stage: listed without a bid or rank.
    if (rng.chance(0.25)) {
      const c = this.companies.pick(rng, ["contractor"], state.name, 0.7);
      if (c && !seen.has(c.id)) b.bidders.add(resultId, c.id, c.name, null, null, null, "Rejected-Technical", false);
    }
    return { aoc: true };
  }
}

function resultDateFor(rng: Rng, opening: Date, now: Date): Date | null {
  const t = opening.getTime() + rng.int(10, 90) * DAY;
  return new Date(Math.min(t, now.getTime() - DAY / 3));
}
