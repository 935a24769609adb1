// Our own plain formats (FORMATS.md): tenders and results as CSV (one header row, RFC 4180) or
// JSON (an array of objects, or JSON Lines of objects). Tenders are keyed by `ocid`; results
// attach to a tender already imported with that ocid.
import { TENDER_STATUSES } from "../../../common/constants.js";
import { readCsv } from "./csv.js";
import { FileError, readJsonValues } from "./json.js";
import type { BidderInput, ImporterContext, ResultInput, TenderInput, Unit } from "./model.js";
import { normalizeCompanyName } from "../../modules/companies/normalize.js";
import { amount, date, integerText, mimeFor, rank, RowError, text, webUrl } from "./values.js";

export const TENDER_COLUMNS = [
  "ocid", "title", "portal_tender_id", "reference", "description", "org_name", "department", "tender_status", "is_corrigendum", "category", "tender_type",
  "value", "emd", "tender_fee", "published_date", "closing_date", "opening_date", "prebid_date", "status_update_date",
  "state", "district", "city", "pincode", "source", "source_url", "document_urls",
] as const;
export const RESULT_COLUMNS = [
  "ocid", "result_date", "award_value", "contract_value", "contract_date", "winner_name", "bidder_name", "bid_value", "rank", "status",
] as const;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

function bool(v: unknown, field: string): boolean | null {
  if (typeof v === "boolean") return v;
  const s = text(v)?.toLowerCase();
  if (s === undefined || s === null) return null;
  if (["true", "yes", "y", "1"].includes(s)) return true;
  if (["false", "no", "n", "0"].includes(s)) return false;
  throw new RowError(`${field} '${s}' is not true or false`);
}

function status(v: unknown): string {
  const s = text(v);
  if (s === null) return "Live";
  const hit = TENDER_STATUSES.find((x) => x.toLowerCase() === s.toLowerCase());
  if (!hit) throw new RowError(`tender_status '${s}' is not one of ${TENDER_STATUSES.join(", ")}`);
  return hit;
}

function fileName(url: string): string {
  const last = url.replace(/[?#].*$/, "").replace(/\/+$/, "").split("/").pop() || url;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/** One tender object (a CSV row as an object, or a JSON item) → TenderInput. */
export function tenderFrom(o: Obj, ctx: Pick<ImporterContext, "source" | "state">): TenderInput {
  const ocid = text(o.ocid);
  if (!ocid) throw new RowError("ocid is required");
  const title = text(o.title);
  if (!title) throw new RowError("title is required");
  const documents: TenderInput["documents"] = [];
  if (Array.isArray(o.documents)) {
    for (const d of o.documents) {
      if (!isObj(d)) throw new RowError("documents must be objects with file_name and url");
      const url = webUrl(d.url, "documents url");
      const name = text(d.file_name) ?? text(d.title) ?? (url ? fileName(url) : null);
      if (!name) throw new RowError("a document needs a file_name or a url");
      documents.push({ file_name: name, url, mime_type: mimeFor(name) });
    }
  }
  for (const raw of (text(o.document_urls) ?? "").split(/[\s|]+/).filter(Boolean)) {
    const url = webUrl(raw, "document_urls")!;
    documents.push({ file_name: fileName(url), url, mime_type: mimeFor(fileName(url)) });
  }
  const corrigenda: TenderInput["corrigenda"] = [];
  if (Array.isArray(o.corrigenda)) {
    for (const c of o.corrigenda) {
      if (!isObj(c) || !text(c.title)) throw new RowError("each corrigendum needs a title");
      corrigenda.push({ title: text(c.title)!, description: text(c.description) ?? "", published_date: date(c.published_date, "corrigendum published_date") });
    }
  }
  const org = text(o.org_name);
  const t: TenderInput = {
    ocid,
    portal_tender_id: text(o.portal_tender_id),
    reference: text(o.reference),
    title,
    description: text(o.description) ?? "",
    org_name: org,
    org_name_exact: org,
    department: text(o.department),
    tender_status: status(o.tender_status),
    is_corrigendum: bool(o.is_corrigendum, "is_corrigendum") ?? corrigenda.length > 0,
    category: text(o.category)?.toLowerCase() ?? null,
    tender_type: text(o.tender_type),
    value: amount(o.value, "value"),
    emd: amount(o.emd, "emd"),
    tender_fee: amount(o.tender_fee, "tender_fee"),
    published_date: date(o.published_date, "published_date"),
    closing_date: date(o.closing_date, "closing_date"),
    opening_date: date(o.opening_date, "opening_date"),
    prebid_date: date(o.prebid_date, "prebid_date"),
    status_update_date: date(o.status_update_date, "status_update_date"),
    state: text(o.state) ?? ctx.state,
    district: text(o.district),
    city: text(o.city),
    pincode: integerText(o.pincode),
    source: text(o.source) ?? ctx.source,
    source_url: webUrl(o.source_url, "source_url"),
    documents,
    corrigenda,
  };
  if (isObj(o.result)) t.result = resultFrom({ ...o.result, ocid });
  return t;
}

function bidderFrom(b: Obj): BidderInput {
  const name = text(b.name) ?? text(b.bidder_name);
  if (!name) throw new RowError("a bidder needs a name");
  const rk = rank(b.rank);
  if (rk.label && rk.rank === null) throw new RowError(`rank '${rk.label}' is not L1, L-2, H1, I, II… or 1, 2…`);
  return { name, bid_value: amount(b.bid_value, "bid_value"), rank: rk.rank, rank_direction: rk.direction, rank_label: rk.label, status: text(b.status), is_winner: false };
}

function finishResult(r: ResultInput): ResultInput {
  const winner = r.winner_name ?? r.bidders.find((b) => b.rank === 1)?.name ?? null;
  const bidders = [...r.bidders].sort((a, b) => (a.rank ?? Infinity) - (b.rank ?? Infinity));
  const wn = winner ? normalizeCompanyName(winner) : "";
  for (const b of bidders) b.is_winner = !!wn && normalizeCompanyName(b.name) === wn;
  return { ...r, winner_name: winner, bidders };
}

/** One result object (JSON item) → ResultInput. */
export function resultFrom(o: Obj): ResultInput {
  if (!text(o.ocid)) throw new RowError("ocid is required");
  const bidders = Array.isArray(o.bidders) ? o.bidders.map((b) => {
    if (!isObj(b)) throw new RowError("bidders must be objects");
    return bidderFrom(b);
  }) : [];
  return finishResult({
    winner_name: text(o.winner_name), award_value: amount(o.award_value, "award_value"), result_date: date(o.result_date, "result_date"),
    ...contractOf(o), bidders,
  });
}

/** contract_value and contract_date when the item has either (left out otherwise, so older files hash as before). */
function contractOf(o: Obj): Pick<ResultInput, "contract_value" | "contract_date"> {
  if (!("contract_value" in o) && !("contract_date" in o)) return {};
  return { contract_value: amount(o.contract_value, "contract_value"), contract_date: date(o.contract_date, "contract_date") };
}

async function* csvObjects(ctx: ImporterContext, known: readonly string[], required: string[]): AsyncGenerator<{ row: number; obj: Obj }> {
  let header: string[] | null = null;
  for await (const rec of readCsv(ctx.file, ctx.onBytes)) {
    if (!header) {
      header = rec.fields.map((h) => h.trim().toLowerCase().replace(/\s+/g, "_"));
      for (const r of required) if (!header.includes(r)) throw new FileError(`missing column '${r}' (columns: ${known.join(", ")})`);
      const unknown = header.filter((h) => h && !known.includes(h));
      if (unknown.length) ctx.warn(1, `unknown columns ignored: ${unknown.join(", ")}`);
      continue;
    }
    ctx.onRead();
    if (rec.fields.every((f) => f.trim() === "")) continue;
    const obj: Obj = {};
    header.forEach((h, i) => {
      if (h && known.includes(h)) obj[h] = rec.fields[i] ?? "";
    });
    yield { row: rec.row, obj };
  }
  if (!header) throw new FileError("the file is empty");
}

async function* jsonObjects(ctx: ImporterContext): AsyncGenerator<{ row: number; obj?: Obj; error?: string }> {
  let any = false;
  for await (const item of readJsonValues(ctx.file, ctx.onBytes)) {
    any = true;
    if (item.error) {
      ctx.onRead();
      yield { row: item.line, error: item.error };
      continue;
    }
    const list = Array.isArray(item.value) ? item.value : [item.value];
    const many = Array.isArray(item.value);
    for (let i = 0; i < list.length; i++) {
      ctx.onRead();
      // In a JSON array, "row" is the item's position (1-based); in JSON Lines, the line.
      const row = many ? i + 1 : item.line;
      if (!isObj(list[i])) yield { row, error: "not a JSON object" };
      else yield { row, obj: list[i] as Obj };
    }
  }
  if (!any) throw new FileError("the file is empty");
}

export async function* importTenders(ctx: ImporterContext, format: "csv" | "json"): AsyncGenerator<Unit> {
  const items = format === "csv" ? csvObjects(ctx, TENDER_COLUMNS, ["ocid", "title"]) : jsonObjects(ctx);
  for await (const it of items) {
    const e = (it as { error?: string }).error;
    if (e) {
      yield { type: "reject", row: it.row, reason: e };
      continue;
    }
    const obj = it.obj!;
    try {
      const t = tenderFrom(obj, ctx);
      yield { type: "tender", row: it.row, key: t.ocid, build: () => t, batchable: t.result === undefined && t.corrigenda.length === 0 };
    } catch (err) {
      if (!(err instanceof RowError)) throw err;
      yield { type: "reject", row: it.row, key: text(obj.ocid) ?? undefined, reason: err.message };
    }
  }
}

export async function* importResults(ctx: ImporterContext, format: "csv" | "json"): AsyncGenerator<Unit> {
  if (format === "json") {
    for await (const it of jsonObjects(ctx)) {
      if (it.error) {
        yield { type: "reject", row: it.row, reason: it.error };
        continue;
      }
      try {
        yield { type: "result", row: it.row, key: text(it.obj!.ocid)!, result: resultFrom(it.obj!) };
      } catch (err) {
        if (!(err instanceof RowError)) throw err;
        yield { type: "reject", row: it.row, key: text(it.obj!.ocid) ?? undefined, reason: err.message };
      }
    }
    return;
  }
  // CSV: one row per bidder; the rows of one tender are consecutive.
  let cur = null as { ocid: string; row: number; r: ResultInput; bad?: string } | null;
  const done = new Set<string>();
  const flush = function* (): Generator<Unit> {
    if (!cur) return;
    done.add(cur.ocid);
    if (cur.bad) yield { type: "reject", row: cur.row, key: cur.ocid, reason: cur.bad };
    else yield { type: "result", row: cur.row, key: cur.ocid, result: finishResult(cur.r) };
    cur = null;
  };
  for await (const { row, obj } of csvObjects(ctx, RESULT_COLUMNS, ["ocid"])) {
    const ocid = text(obj.ocid);
    if (!ocid) {
      yield { type: "reject", row, reason: "ocid is required" };
      continue;
    }
    if (ocid !== cur?.ocid) {
      yield* flush();
      if (done.has(ocid)) {
        yield { type: "reject", row, key: ocid, reason: `the rows of tender '${ocid}' must be consecutive; this row comes after another tender's` };
        continue;
      }
      cur = { ocid, row, r: { winner_name: null, award_value: null, result_date: null, bidders: [] } };
    }
    const c = cur!;
    if (c.bad) continue;
    try {
      c.r.winner_name ??= text(obj.winner_name);
      c.r.award_value ??= amount(obj.award_value, "award_value");
      c.r.result_date ??= date(obj.result_date, "result_date");
      const contract = contractOf(obj);
      if ("contract_value" in contract) {
        c.r.contract_value ??= contract.contract_value;
        c.r.contract_date ??= contract.contract_date;
      }
      if (text(obj.bidder_name)) c.r.bidders.push(bidderFrom(obj));
    } catch (err) {
      if (!(err instanceof RowError)) throw err;
      c.bad = `row ${row}: ${err.message}`;
    }
  }
  yield* flush();
}
