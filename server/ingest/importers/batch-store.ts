// Writes a batch of tenders with their documents, corrigenda and results set-based: a dozen
// statements for the batch instead of some twenty-five per tender. Same outcomes as upsertTender
// (store.ts) one by one: created, updated, or unchanged (the file's hash as imported last time,
// or no value that differs); documents and corrigenda added when new; a result replaced as a
// whole only when it differs from the stored one (compared before writing); companies found by
// normalised name or created, under the same advisory locks (taken for the whole batch at once).
// The caller gives each batch its own savepoint and splits a refused batch (tender-batch.ts).
import type { Tx } from "../../db/client.js";
import { normalizeCompanyName } from "../../modules/companies/normalize.js";
import * as q from "./batch-queries.js";
import type { ResultInput, TenderInput } from "./model.js";
import { contentHash, winnersOf, type Outcome, type StoreStats } from "./store.js";

/** Same namespace as store.ts: a batch and a one-by-one import lock the same keys. */
const LOCK_NAMESPACE = 7_310_004;

interface Row {
  t: TenderInput;
  key: string;
  hash: string;
  id?: number;
  outcome?: Outcome;
}

/** Writes the tenders (distinct ocids); afterTenderRow is called for each tender row written, in order. Answers each tender's outcome. */
export async function upsertTenders(
  tx: Tx, tenders: TenderInput[], runId: number | null, stats: StoreStats, afterTenderRow: (i: number, ocid: string) => void | Promise<void>,
): Promise<Outcome[]> {
  const rows: Row[] = tenders.map((t) => ({ t, key: `tender:${t.ocid}`, hash: contentHash(t) }));
  const names = rows.flatMap((r) => (r.t.result ? resultNames(r.t.result) : [])).map(normalizeCompanyName).filter(Boolean);
  const locks = [...new Set([...rows.map((r) => r.key), ...names.map((n) => `company:${n}`)])].sort();
  await tx.query(q.LOCK_KEYS, [LOCK_NAMESPACE, locks]);
  const found = await tx.query<{ ord: number; id: number | null; hash: string | null; hash_tender: number | null }>(
    q.FIND_TENDERS, [rows.map((r) => r.t.ocid), rows.map((r) => r.key)],
  );
  for (const f of found.rows) {
    const r = rows[f.ord - 1];
    r.id = f.id === null ? undefined : Number(f.id);
    if (r.id !== undefined && f.hash === r.hash && Number(f.hash_tender) === r.id) r.outcome = "unchanged";
  }
  // Tenders imported exactly so last time are left alone (no hook, no hash written).
  const work = rows.filter((r) => r.outcome === undefined);
  await writeTenderRows(tx, work);
  const written = new Set(work);
  for (const [i, r] of rows.entries()) if (written.has(r)) await afterTenderRow(i, r.t.ocid);
  await addNew(tx, q.INSERT_NEW_DOCUMENTS, work, (r) => dedupe(r.t.documents, (d) => `${d.file_name}\u0000${d.url ?? ""}`)
    .map((d) => ({ file_name: d.file_name, mime_type: d.mime_type, url: d.url })));
  await addNew(tx, q.INSERT_NEW_CORRIGENDA, work, (r) => dedupe(r.t.corrigenda, (c) => `${c.title}\u0000${c.description}`)
    .map((c) => ({ title: c.title, description: c.description, published_date: c.published_date })));
  await writeResults(tx, work, stats);
  if (work.length) {
    await tx.query(q.REMEMBER_HASHES, [work.map((r) => r.key), work.map((r) => r.id), work.map((r) => r.hash), runId]);
  }
  return rows.map((r) => r.outcome!);
}

function dedupe<T>(items: T[], key: (x: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((x) => !seen.has(key(x)) && !!seen.add(key(x)));
}

const tenderRecord = (t: TenderInput) => {
  const rec: Record<string, unknown> = {};
  for (const c of Object.keys(q.TENDER_COLUMN_TYPES) as (keyof typeof q.TENDER_COLUMN_TYPES)[]) rec[c] = t[c];
  return rec;
};

/** New tenders inserted, existing ones updated where a value differs; sets each row's id and outcome. */
async function writeTenderRows(tx: Tx, work: Row[]): Promise<void> {
  const fresh = work.filter((r) => r.id === undefined);
  if (fresh.length) {
    const ins = await tx.query<{ id: number; ocid: string }>(q.INSERT_TENDERS, [JSON.stringify(fresh.map((r, ord) => ({ ord, ocid: r.t.ocid, ...tenderRecord(r.t) })))]);
    const ids = new Map(ins.rows.map((x) => [x.ocid, Number(x.id)]));
    for (const r of fresh) Object.assign(r, { id: ids.get(r.t.ocid), outcome: "created" });
  }
  const old = work.filter((r) => r.outcome === undefined);
  if (old.length) {
    const upd = await tx.query<{ id: number }>(q.UPDATE_TENDERS, [JSON.stringify(old.map((r) => ({ id: r.id, ...tenderRecord(r.t) })))]);
    const changed = new Set(upd.rows.map((x) => Number(x.id)));
    for (const r of old) r.outcome = changed.has(r.id!) ? "updated" : "unchanged";
  }
}

/** Children added when new (documents, corrigenda): a tender that got one is updated. */
async function addNew(tx: Tx, sql: string, work: Row[], children: (r: Row) => Record<string, unknown>[]): Promise<void> {
  const recs = work.flatMap((r) => children(r).map((c) => ({ tender_id: r.id, ...c })));
  if (!recs.length) return;
  const got = await tx.query<{ tender_id: number }>(sql, [JSON.stringify(recs.map((c, ord) => ({ ord, ...c })))]);
  markUpdated(work, got.rows.map((x) => Number(x.tender_id)));
}

function markUpdated(work: Row[], tenderIds: number[]): void {
  const ids = new Set(tenderIds);
  for (const r of work) if (r.outcome === "unchanged" && ids.has(r.id!)) r.outcome = "updated";
}

/** Every name a result links to a company, in the order writeResult (store.ts) resolves them. */
function resultNames(res: ResultInput): string[] {
  const winners = winnersOf(res);
  const first = res.winner_name ?? winners[0]?.name ?? null;
  return [...(first ? [first] : []), ...winners.map((w) => w.name), ...res.bidders.map((b) => b.name)];
}

/** Results removed (the file says none), or written when new or different, with winners and bidders. */
async function writeResults(tx: Tx, work: Row[], stats: StoreStats): Promise<void> {
  const gone = work.filter((r) => r.t.result === null && r.outcome !== "created");
  if (gone.length) markUpdated(work, (await tx.query<{ tender_id: number }>(q.DELETE_RESULTS, [gone.map((r) => r.id)])).rows.map((x) => Number(x.tender_id)));
  const given = work.filter((r) => r.t.result);
  if (!given.length) return;
  const norms = [...new Set(given.flatMap((r) => resultNames(r.t.result!).map(normalizeCompanyName)).filter(Boolean))];
  const companies = new Map<string, number>();
  if (norms.length) for (const c of (await tx.query<{ norm: string; id: number }>(q.FIND_COMPANIES, [norms])).rows) companies.set(c.norm, Number(c.id));
  // A result naming a company not yet known differs from anything stored; the others are compared.
  const known = (r: Row) => resultNames(r.t.result!).every((n) => !normalizeCompanyName(n) || companies.has(normalizeCompanyName(n)));
  const compare = given.filter((r) => r.outcome !== "created" && known(r));
  const same = new Set(compare.map((r) => r.id!));
  if (compare.length) {
    const recs = childRecords(compare, companies);
    for (const x of (await tx.query<{ tender_id: number }>(q.CHANGED_RESULTS, recs)).rows) same.delete(Number(x.tender_id));
  }
  const write = given.filter((r) => !same.has(r.id!));
  if (!write.length) return;
  await createCompanies(tx, write, companies, stats);
  const [results, winners, bidders] = childRecords(write, companies);
  const res = await tx.query<{ id: number }>(q.UPSERT_RESULTS, [results]);
  await tx.query(q.REPLACE_WINNERS_BIDDERS, [res.rows.map((x) => x.id)]);
  await tx.query(q.INSERT_WINNERS, [winners]);
  await tx.query(q.INSERT_BIDDERS, [bidders]);
  markUpdated(work, write.map((r) => r.id!));
}

/**
 * Companies for the names of the results written: each result counts a name once, as linked when
 * the company exists (or an earlier result of the run created it), else created (store.ts companyFor).
 */
async function createCompanies(tx: Tx, write: Row[], companies: Map<string, number>, stats: StoreStats): Promise<void> {
  const create = new Map<string, string>();
  for (const r of write) {
    const seen = new Set<string>();
    for (const name of resultNames(r.t.result!)) {
      const norm = normalizeCompanyName(name);
      if (!norm || seen.has(norm)) continue;
      seen.add(norm);
      if (companies.has(norm) || create.has(norm)) stats.companiesLinked += 1;
      else {
        create.set(norm, name.replace(/\s+/g, " ").trim());
        stats.companiesCreated += 1;
      }
    }
  }
  if (!create.size) return;
  const recs = [...create].map(([norm, name], ord) => ({ ord, name, norm }));
  for (const c of (await tx.query<{ id: number; norm: string }>(q.INSERT_COMPANIES, [JSON.stringify(recs)])).rows) companies.set(c.norm, Number(c.id));
}

/** The results, winners and bidders of these tenders as jsonb parameters (companies by normalised name). */
function childRecords(rows: Row[], companies: Map<string, number>): [string, string, string] {
  const company = (name: string) => companies.get(normalizeCompanyName(name)) ?? null;
  const results: object[] = [];
  const winners: object[] = [];
  const bidders: object[] = [];
  for (const r of rows) {
    const res = r.t.result!;
    const ws = winnersOf(res);
    const winnerName = res.winner_name ?? ws[0]?.name ?? null;
    results.push({
      ord: results.length, tender_id: r.id, winner_company_id: winnerName ? company(winnerName) : null, winner_name: winnerName,
      award_value: res.award_value, result_date: res.result_date, contract_value: res.contract_value ?? null,
      contract_date: res.contract_date ?? null, winner_names: ws.length ? ws.map((w) => w.name).join("\n") : null,
    });
    for (const [i, w] of ws.entries()) {
      winners.push({ ord: winners.length, tender_id: r.id, position: i + 1, award_ref: w.award_ref, company_id: company(w.name), name: w.name, bid_value: w.bid_value, award_value: w.award_value });
    }
    for (const b of res.bidders) {
      bidders.push({
        ord: bidders.length, tender_id: r.id, company_id: company(b.name), bidder_name: b.name, bid_value: b.bid_value, rank: b.rank,
        rank_direction: b.rank_direction, rank_label: b.rank_label, status: b.status, is_winner: b.is_winner,
      });
    }
  }
  return [JSON.stringify(results), JSON.stringify(winners), JSON.stringify(bidders)];
}
