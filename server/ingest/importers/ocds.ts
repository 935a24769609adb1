// OCDS 1.1 importer: release packages, record packages, single releases, a JSON array of
// releases, and JSON Lines of any of those. Every release received is kept in ocds_releases, so
// the releases of one ocid merge into one tender whether they come in one file, several files
// or several runs; the tender is then mapped from the compiled release and upserted by ocid.
// See FORMATS.md for the field mapping and the status codelist mapping.
import type { Tx } from "../../db/client.js";
import { FileError, readJsonValues } from "./json.js";
import type { BidderInput, ImporterContext, ResultInput, TenderInput, Unit } from "./model.js";
import { compile, type Release } from "./ocds-merge.js";
import { storeReleases } from "./ocds-releases.js";
import { awardWinners, money, partyName, signedContracts } from "./ocds-awards.js";
import { amount, date, mimeFor, RowError, text, webUrl } from "./values.js";
import { normalizeCompanyName } from "../../modules/companies/normalize.js";
import { isForeign, portalState, resolvePlace, type PlaceClue } from "./place.js";

/** Releases buffered before their ocids are written (JSON Lines): bounds memory. */
const FLUSH_OCIDS = 500;

type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

interface Pending {
  row: number;
  releases: Release[];
  /** The publishing package's publisher name and addresses (where the releases came from). */
  publisher: string[];
}

/** A package's publisher: its name, its uri and the package's own uri (place clues: the portal). */
export function publisherOf(v: unknown): string[] {
  if (!isObj(v)) return [];
  const pub: Obj = isObj(v.publisher) ? v.publisher : {};
  return [pub.name, pub.uri, v.uri].map((x) => text(x)).filter((x): x is string => x !== null);
}

/** The releases in one JSON value (package, record package, record, release or array). */
export function releasesOf(v: unknown): { releases: Release[]; problems: string[] } {
  const releases: Release[] = [];
  const problems: string[] = [];
  const addRelease = (r: unknown) => {
    if (!isObj(r)) problems.push("a release is not an object");
    else if (typeof r.ocid !== "string" || !r.ocid.trim()) problems.push(`release ${typeof r.id === "string" ? `'${r.id}' ` : ""}has no ocid`);
    else releases.push(r as Release);
  };
  const addRecord = (rec: unknown) => {
    if (!isObj(rec)) return problems.push("a record is not an object");
    const full = Array.isArray(rec.releases) ? rec.releases.filter((r: unknown) => isObj(r) && Object.keys(r).some((k) => !["url", "date", "tag", "id", "ocid"].includes(k))) : [];
    if (full.length) for (const r of full) addRelease({ ocid: rec.ocid, ...r });
    else if (isObj(rec.compiledRelease)) addRelease({ ocid: rec.ocid, ...rec.compiledRelease, id: "compiledRelease" });
    else problems.push(`record '${rec.ocid ?? "?"}' has neither full releases nor a compiledRelease`);
  };
  if (Array.isArray(v)) for (const x of v) {
    const inner = releasesOf(x);
    releases.push(...inner.releases);
    problems.push(...inner.problems);
  }
  else if (isObj(v) && Array.isArray(v.releases) && !("ocid" in v)) v.releases.forEach(addRelease);
  else if (isObj(v) && Array.isArray(v.records)) v.records.forEach(addRecord);
  else if (isObj(v) && "compiledRelease" in v && "ocid" in v) addRecord(v);
  else if (isObj(v) && ["ocid", "tag", "tender", "awards", "planning"].some((k) => k in v)) addRelease(v);
  else problems.push("not an OCDS release, record, release package or record package");
  return { releases, problems };
}

export async function* importOcds(ctx: ImporterContext): AsyncGenerator<Unit> {
  let pending = new Map<string, Pending>();
  const flush = function* (): Generator<Unit> {
    const group = pending;
    const map = (ocid: string, releases: Release[]) => mapCompiled(compile(releases), ctx, group.get(ocid)!.publisher);
    // Built alone, or with others of the same flush (their releases stored in one statement).
    const buildMany = async (tx: Tx, ocids: string[]) => {
      const stored = await storeReleases(tx, ocids.map((o) => [o, group.get(o)!.releases]));
      return new Map(ocids.map((o) => [o, () => map(o, stored.get(o)!)]));
    };
    for (const [ocid, p] of group) {
      yield {
        type: "tender", row: p.row, key: ocid, buildMany,
        build: async (tx) => map(ocid, (await storeReleases(tx, [[ocid, p.releases]])).get(ocid)!),
      };
    }
    pending = new Map();
  };
  let any = false;
  for await (const item of readJsonValues(ctx.file, ctx.onBytes)) {
    any = true;
    if (item.error) {
      ctx.onRead();
      yield { type: "reject", row: item.line, reason: item.error };
      continue;
    }
    const { releases, problems } = releasesOf(item.value);
    const publisher = publisherOf(item.value);
    ctx.onRead(Math.max(1, releases.length));
    for (const p of problems) yield { type: "reject", row: item.line, reason: p };
    for (const r of releases) {
      const ocid = String(r.ocid).trim();
      const p = pending.get(ocid) ?? { row: item.line, releases: [], publisher };
      p.releases.push(r);
      pending.set(ocid, p);
    }
    if (pending.size >= FLUSH_OCIDS) yield* flush();
  }
  if (!any) throw new FileError("the file is empty");
  yield* flush();
}

// ───────────── mapping ─────────────

const METHODS: Record<string, string> = { open: "Open Tender", selective: "Selective Tender", limited: "Limited Tender", direct: "Direct Purchase" };

/**
 * tender.status (OCDS codelist) → our tender_status:
 *   planning, planned → Live (announced; a subscriber wants it early) unless the closing date passed → Closed
 *   active            → Live while bids are open (no tenderPeriod.endDate, or it is still ahead), else Closed
 *   complete          → AOC when an award is active, else Closed
 *   cancelled, unsuccessful, withdrawn → Cancelled
 *   (missing)         → AOC with an active award, else as active
 * An active award makes a tender AOC whatever its status says, except Cancelled.
 */
export function mapStatus(status: string | null, hasActiveAward: boolean, closing: Date | null, now: Date): string {
  const s = (status ?? "").toLowerCase();
  if (s === "cancelled" || s === "unsuccessful" || s === "withdrawn") return "Cancelled";
  if (hasActiveAward) return "AOC";
  if (s === "complete") return "Closed";
  return closing && closing.getTime() <= now.getTime() ? "Closed" : "Live";
}

/** A document's address; one that is not http(s) is dropped (the document stays) with a warning. */
function documentUrl(v: unknown, ctx: Pick<ImporterContext, "warn">, ocid: string): string | null {
  try {
    return webUrl(v, "document url");
  } catch (err) {
    if (!(err instanceof RowError)) throw err;
    ctx.warn(null, `${ocid}: ${err.message}: dropped`);
    return null;
  }
}


/**
 * Place clues, most trusted first: the buyer's address (region, locality), the procuring
 * entity's, the buyer's and procuring entity's names as organisation chains ('PWD||Pune
 * Division'), the publisher's name, then the portal (the publisher's or the notice's address,
 * --source). An address in another country places the tender outside India.
 */
function placeOf(parties: (Obj | undefined)[], names: (string | null)[], publisher: string[], urls: (string | null)[], ctx: ImporterContext) {
  const addresses = parties.map((p) => (isObj(p) && isObj(p.address) ? p.address : null)).filter((a): a is Obj => a !== null);
  const foreign = addresses.length > 0 && isForeign(text(addresses[0].countryName));
  const clues: PlaceClue[] = [
    ...addresses.flatMap((a): PlaceClue[] => [{ text: text(a.region), kind: "field" }, { text: text(a.locality), kind: "field" }]),
    ...names.map((n): PlaceClue => ({ text: n, kind: "text" })),
    ...publisher.map((n): PlaceClue => ({ text: n, kind: "text", district: false })),
    ...[...publisher, ...urls, ctx.source].map((u): PlaceClue => ({ text: portalState(u), kind: "field", district: false })),
  ];
  const place = resolvePlace(clues, ctx.state, foreign);
  ctx.onPlace?.(place);
  return place;
}

function mapCompiled(c: Obj, ctx: ImporterContext, publisher: string[] = []): TenderInput {
  const ocid = String(c.ocid);
  const tender: Obj = isObj(c.tender) ? c.tender : {};
  const parties: Obj[] = Array.isArray(c.parties) ? c.parties.filter(isObj) : [];
  const awards: Obj[] = Array.isArray(c.awards) ? c.awards.filter(isObj) : [];
  const byRole = (role: string) => parties.find((p) => Array.isArray(p.roles) && p.roles.includes(role));
  const title = text(tender.title) ?? text(awards[0]?.title) ?? text(c.planning?.budget?.project);
  if (!title) throw new RowError(`${ocid}: no tender title in any release`);

  const buyerParty = (isObj(c.buyer) && parties.find((p) => p.id === c.buyer.id)) || byRole("buyer");
  const orgName = partyName(c.buyer) ?? partyName(buyerParty) ?? partyName(tender.procuringEntity) ?? partyName(byRole("procuringEntity"));
  const procuring = partyName(tender.procuringEntity) ?? partyName(byRole("procuringEntity"));
  const procuringParty = (isObj(tender.procuringEntity) && parties.find((p) => p.id === tender.procuringEntity.id)) || byRole("procuringEntity");
  const address: Obj = (isObj(buyerParty) && isObj(buyerParty.address) && buyerParty.address) || {};
  const tenderPeriod: Obj = isObj(tender.tenderPeriod) ? tender.tenderPeriod : {};
  const closing = date(tenderPeriod.endDate, "tender.tenderPeriod.endDate");
  const active = awards.filter((a) => a.status === "active");

  const documents: TenderInput["documents"] = [];
  for (const d of [...(Array.isArray(tender.documents) ? tender.documents : []), ...awards.flatMap((a) => (Array.isArray(a.documents) ? a.documents : []))]) {
    if (!isObj(d)) continue;
    const url = documentUrl(d.url, ctx, ocid);
    const name = text(d.title) ?? (url ? decodeURIComponent(url.replace(/[?#].*$/, "").replace(/\/+$/, "").split("/").pop() ?? "") : null) ?? `Document ${d.id ?? ""}`.trim();
    documents.push({ file_name: name, url, mime_type: typeof d.format === "string" && d.format.includes("/") && !d.format.startsWith("offline") ? d.format : mimeFor(name) });
  }

  const amendments: Obj[] = [...(Array.isArray(tender.amendments) ? tender.amendments : []), ...(isObj(tender.amendment) ? [tender.amendment] : [])].filter(isObj);
  const corrigenda = amendments.map((a) => {
    const rationale = text(a.rationale);
    const description = text(a.description);
    return {
      title: rationale ?? description ?? `Amendment ${a.id ?? ""}`.trim(),
      description: rationale ? (description ?? "") : "",
      published_date: date(a.date, "tender.amendments.date"),
    };
  });

  let result: ResultInput | null = null;
  if (active.length) {
    const winnerList = awardWinners(c, active, ctx, ocid);
    const winners = winnerList.map((w) => w.name);
    const values = active.map((a) => money(a.value, "award value", ctx, ocid));
    const dates = active.map((a) => date(a.date, "award date")).filter((d): d is Date => d !== null);
    result = {
      winner_name: winners[0] ?? null,
      winners: winnerList,
      award_value: values.some((v) => v !== null) ? Math.round(values.reduce<number>((s, v) => s + (v ?? 0), 0) * 100) / 100 : null,
      result_date: dates.length ? new Date(Math.max(...dates.map((d) => d.getTime()))) : null,
      ...signedContracts(c, ctx, ocid),
      bidders: bidders(c, tender, parties, winners, ctx, ocid),
    };
  }

  const noticeUrl = documents.find((_, i) => i < (Array.isArray(tender.documents) ? tender.documents.length : 0) && /tenderNotice/i.test(String(tender.documents[i]?.documentType)))?.url ?? null;
  const place = placeOf([buyerParty, procuringParty], [orgName, procuring], publisher, [noticeUrl, ...documents.map((d) => d.url)], ctx);

  return {
    ocid,
    // tender.id is the publishing portal's Tender ID; OCDS has no separate reference number.
    portal_tender_id: text(tender.id),
    reference: null,
    title,
    description: text(tender.description) ?? "",
    org_name: orgName,
    org_name_exact: orgName,
    department: procuring && procuring !== orgName ? procuring : null,
    tender_status: mapStatus(text(tender.status), active.length > 0, closing, ctx.now),
    is_corrigendum: corrigenda.length > 0,
    category: text(tender.mainProcurementCategory),
    tender_type: METHODS[String(tender.procurementMethod)] ?? text(tender.procurementMethod),
    value: money(tender.value, "tender value", ctx, ocid),
    emd: null,
    tender_fee: null,
    published_date: date(tenderPeriod.startDate, "tender.tenderPeriod.startDate") ?? date(tender.datePublished, "tender.datePublished"),
    closing_date: closing,
    opening_date: isObj(tender.bidOpening) ? date(tender.bidOpening.date, "tender.bidOpening.date") : null,
    prebid_date: null,
    status_update_date: date(c.date, "release date"),
    state: place.state,
    district: place.district,
    city: text(address.locality),
    pincode: text(address.postalCode),
    source: ctx.source ?? "OCDS",
    source_url: noticeUrl,
    documents,
    corrigenda,
    result,
  };
}

/**
 * Bidders: the bids extension (bids.details: tenderers, value, status) when present, ranked L1,
 * L2… by ascending bid value among bids that were not disqualified or withdrawn; otherwise the
 * tenderers (tender.tenderers, parties with role 'tenderer') and the suppliers, without bids.
 */
function bidders(c: Obj, tender: Obj, parties: Obj[], winners: string[], ctx: ImporterContext, ocid: string): BidderInput[] {
  const winnerSet = new Set(winners.map(normalizeCompanyName));
  const out: BidderInput[] = [];
  const details: Obj[] = isObj(c.bids) && Array.isArray(c.bids.details) ? c.bids.details.filter(isObj) : [];
  if (details.length) {
    for (const d of details) {
      const value = money(d.value, "bid value", ctx, ocid);
      for (const t of Array.isArray(d.tenderers) ? d.tenderers : []) {
        const name = partyName(t);
        if (!name) continue;
        out.push({ name, bid_value: value, rank: null, rank_direction: null, rank_label: null, status: text(d.status), is_winner: winnerSet.has(normalizeCompanyName(name)) });
      }
    }
    const ranked = out.filter((b) => b.bid_value !== null && !/disqualified|withdrawn|invalid/i.test(b.status ?? "")).sort((a, b) => a.bid_value! - b.bid_value!);
    ranked.forEach((b, i) => {
      b.rank = i + 1;
      b.rank_direction = "lowest"; // computed from the bids: lowest first
      b.rank_label = `L${i + 1}`;
    });
    return out.sort((a, b) => (a.rank ?? Infinity) - (b.rank ?? Infinity));
  }
  const seen = new Set<string>();
  const add = (name: string | null) => {
    if (!name) return;
    const norm = normalizeCompanyName(name);
    if (seen.has(norm)) return;
    seen.add(norm);
    const win = winnerSet.has(norm);
    out.push({ name, bid_value: null, rank: null, rank_direction: null, rank_label: null, status: win ? "Awarded" : null, is_winner: win });
  };
  winners.forEach(add);
  (Array.isArray(tender.tenderers) ? tender.tenderers : []).forEach((t: unknown) => add(partyName(t)));
  parties.filter((p) => Array.isArray(p.roles) && p.roles.includes("tenderer")).forEach((p) => add(text(p.name)));
  return out;
}
