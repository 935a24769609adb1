// Writes imported tenders and results, inside the caller's transaction (one per tender).
//   - A tender is found by tenders.ocid; created, updated, or left alone when what the file says
//     is exactly what was imported last time (import_items keeps a hash of it): re-importing a
//     file changes nothing and reports 'unchanged'.
//   - Documents and corrigenda are added when new (matched by name + URL, title + text); rows
//     added by hand are never removed by an import.
//   - The result, its winners (each award's each supplier) and its bidders are the file's:
//     replaced as a whole when they changed.
//   - Winners and bidders are linked to companies by the normalised name; a name not yet known
//     creates one company, under an advisory lock so two imports never create it twice.
import crypto from "node:crypto";
import type { Tx } from "../../db/client.js";
import { isSafeWebUrl } from "../../../common/urls.js";
import { normalizeCompanyName } from "../../modules/companies/normalize.js";
import type { ResultInput, TenderInput, WinnerInput } from "./model.js";
import { RowError } from "./values.js";

export type Outcome = "created" | "updated" | "unchanged";

export interface StoreStats {
  companiesCreated: number;
  companiesLinked: number;
}

const LOCK_NAMESPACE = 7_310_004;

function stableJson(v: unknown): string {
  return JSON.stringify(v, (_k, val) => {
    if (val && typeof val === "object" && !Array.isArray(val) && !(val instanceof Date)) {
      return Object.fromEntries(Object.keys(val).sort().map((k) => [k, (val as Record<string, unknown>)[k]]));
    }
    return val;
  });
}

export function contentHash(v: unknown): string {
  return crypto.createHash("sha256").update(stableJson(v)).digest("hex");
}

async function lockKey(tx: Tx, key: string): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock($1, hashtext($2))", [LOCK_NAMESPACE, key]);
}

/** The company for a name: found by normalised name, else created. null for an empty name. */
export async function companyFor(tx: Tx, name: string, stats: StoreStats, cache: Map<string, number>): Promise<number | null> {
  const norm = normalizeCompanyName(name);
  if (!norm) return null;
  const hit = cache.get(norm);
  if (hit !== undefined) return hit;
  await lockKey(tx, `company:${norm}`);
  const found = await tx.query<{ id: number }>("SELECT id FROM companies WHERE normalized_name = $1 ORDER BY id LIMIT 1", [norm]);
  let id = found.rows[0]?.id;
  if (id === undefined) {
    const ins = await tx.query<{ id: number }>(
      "INSERT INTO companies (name, normalized_name) VALUES ($1, $2) RETURNING id",
      [name.replace(/\s+/g, " ").trim(), norm],
    );
    id = ins.rows[0].id;
    stats.companiesCreated += 1;
  } else {
    stats.companiesLinked += 1;
  }
  cache.set(norm, id);
  return id;
}

export const TENDER_COLUMNS = [
  "portal_tender_id", "reference", "title", "description", "org_name", "org_name_exact", "department", "tender_status", "is_corrigendum", "category",
  "tender_type", "value", "emd", "tender_fee", "published_date", "closing_date", "opening_date", "prebid_date", "status_update_date",
  "state", "district", "city", "pincode", "source", "source_url",
] as const;

function tenderValues(t: TenderInput): unknown[] {
  return TENDER_COLUMNS.map((c) => {
    const v = t[c];
    return v instanceof Date ? v.toISOString() : v;
  });
}

async function previousHash(tx: Tx, key: string): Promise<{ hash: string; tender_id: number } | undefined> {
  const r = await tx.query<{ content_hash: string; tender_id: number }>("SELECT content_hash, tender_id FROM import_items WHERE key = $1", [key]);
  return r.rows[0] ? { hash: r.rows[0].content_hash, tender_id: r.rows[0].tender_id } : undefined;
}

async function rememberHash(tx: Tx, key: string, tenderId: number, hash: string, runId: number | null): Promise<void> {
  await tx.query(
    `INSERT INTO import_items (key, tender_id, content_hash, last_run_id, updated_at) VALUES ($1, $2, $3, $4, now())
     ON CONFLICT (key) DO UPDATE SET tender_id = EXCLUDED.tender_id, content_hash = EXCLUDED.content_hash,
       last_run_id = EXCLUDED.last_run_id, updated_at = now()`,
    [key, tenderId, hash, runId],
  );
}

/** The last gate for every importer: a URL that is not http(s) is never stored (the item is rejected). */
export function assertWebUrls(t: TenderInput): void {
  const bad = [["source_url", t.source_url], ...t.documents.map((d) => ["document url", d.url])].find(([, u]) => u !== null && !isSafeWebUrl(u));
  if (bad) throw new RowError(`${bad[0]} '${String(bad[1]).slice(0, 80)}' is not an http(s) address`);
}

export interface TenderHooks {
  /** Called inside the transaction after the tender row is written, before its children. */
  afterTenderRow?(tenderId: number, ocid: string): void | Promise<void>;
}

/** Creates or updates one tender with its documents, corrigenda and result. */
export async function upsertTender(
  tx: Tx, t: TenderInput, runId: number | null, stats: StoreStats, hooks: TenderHooks = {},
): Promise<{ outcome: Outcome; tenderId: number }> {
  assertWebUrls(t);
  const key = `tender:${t.ocid}`;
  await lockKey(tx, key);
  const hash = contentHash(t);
  // One round trip: the tender, and what was imported for it last time.
  const found = await tx.query<{ id: number | null; hash: string | null; hash_tender: number | null }>(
    `SELECT (SELECT id FROM tenders WHERE ocid = $1) AS id, i.content_hash AS hash, i.tender_id AS hash_tender
       FROM (SELECT 1) one LEFT JOIN import_items i ON i.key = $2`,
    [t.ocid, key],
  );
  let tenderId = found.rows[0]?.id ?? undefined;
  const prev = found.rows[0]?.hash ? { hash: found.rows[0].hash, tender_id: found.rows[0].hash_tender } : undefined;
  if (tenderId !== undefined && prev?.hash === hash && prev.tender_id === tenderId) return { outcome: "unchanged", tenderId };

  const values = tenderValues(t);
  let outcome: Outcome;
  if (tenderId === undefined) {
    const cols = ["ocid", ...TENDER_COLUMNS, "retrieved_on"];
    const params = [t.ocid, ...values];
    const r = await tx.query<{ id: number }>(
      `INSERT INTO tenders (${cols.join(", ")}) VALUES (${params.map((_, i) => `$${i + 1}`).join(", ")}, now()) RETURNING id`,
      params,
    );
    tenderId = r.rows[0].id;
    outcome = "created";
  } else {
    // Written only when a value differs: a file whose hash changed (first import since an
    // upgrade, another run's hash) but whose values did not is 'unchanged', and no trigger fires.
    const changed = await tx.query(
      `UPDATE tenders SET ${TENDER_COLUMNS.map((c, i) => `${c} = $${i + 2}`).join(", ")}, retrieved_on = now(), updated_at = now()
        WHERE id = $1 AND (${TENDER_COLUMNS.join(", ")}) IS DISTINCT FROM (${TENDER_COLUMNS.map((_, i) => `$${i + 2}`).join(", ")}) RETURNING id`,
      [tenderId, ...values],
    );
    outcome = changed.rows.length ? "updated" : "unchanged";
  }
  await hooks.afterTenderRow?.(tenderId, t.ocid);

  // Documents and corrigenda: add what is new.
  const docs = t.documents.length && outcome !== "created"
    ? (await tx.query<{ file_name: string; url: string | null }>("SELECT file_name, url FROM tender_documents WHERE tender_id = $1", [tenderId])).rows
    : [];
  const haveDocs = new Set(docs.map((d) => `${d.file_name}\u0000${d.url ?? ""}`));
  for (const d of t.documents) {
    const k = `${d.file_name}\u0000${d.url ?? ""}`;
    if (haveDocs.has(k)) continue;
    haveDocs.add(k);
    if (outcome === "unchanged") outcome = "updated";
    await tx.query("INSERT INTO tender_documents (tender_id, file_name, mime_type, url) VALUES ($1, $2, $3, $4)", [tenderId, d.file_name, d.mime_type, d.url]);
  }
  const corr = t.corrigenda.length && outcome !== "created"
    ? (await tx.query<{ title: string; description: string }>("SELECT title, description FROM tender_corrigenda WHERE tender_id = $1", [tenderId])).rows
    : [];
  const haveCorr = new Set(corr.map((c) => `${c.title}\u0000${c.description}`));
  for (const c of t.corrigenda) {
    const k = `${c.title}\u0000${c.description}`;
    if (haveCorr.has(k)) continue;
    haveCorr.add(k);
    if (outcome === "unchanged") outcome = "updated";
    await tx.query(
      "INSERT INTO tender_corrigenda (tender_id, title, description, published_date) VALUES ($1, $2, $3, coalesce($4::timestamptz, now()))",
      [tenderId, c.title, c.description, c.published_date?.toISOString() ?? null],
    );
  }

  let resultChanged = false;
  if (t.result === null) resultChanged = (await tx.query("DELETE FROM results WHERE tender_id = $1 RETURNING id", [tenderId])).rows.length > 0;
  else if (t.result) resultChanged = await writeUnlessSame(tx, tenderId, outcome === "created", () => writeResult(tx, tenderId, t.result!, stats), stats);
  if (resultChanged && outcome === "unchanged") outcome = "updated";
  await rememberHash(tx, key, tenderId, hash, runId);
  return { outcome, tenderId };
}

/**
 * Runs a result write and answers whether it changed anything. When the tender's result and
 * bidders read the same after it as before (without row ids and times), the write is undone (a
 * savepoint), so an unchanged result keeps its rows, ids and times. New child tables of a result
 * belong in resultFingerprint.
 */
async function writeUnlessSame(tx: Tx, tenderId: number, isNew: boolean, write: () => Promise<unknown>, stats: StoreStats): Promise<boolean> {
  if (isNew) {
    await write();
    return true;
  }
  const before = await resultFingerprint(tx, tenderId);
  const counted = { ...stats };
  await tx.query("SAVEPOINT import_result");
  await write();
  const same = (await resultFingerprint(tx, tenderId)) === before;
  if (same) {
    await tx.query("ROLLBACK TO SAVEPOINT import_result");
    Object.assign(stats, counted);
  }
  await tx.query("RELEASE SAVEPOINT import_result");
  return !same;
}

/** The tender's result, bidders and winners as stored, without row ids and times (rewritten on every write). */
async function resultFingerprint(tx: Tx, tenderId: number): Promise<string> {
  const r = await tx.query<{ f: string | null }>(
    `SELECT md5(jsonb_build_array(to_jsonb(r) - 'id' - 'created_at' - 'updated_at',
              (SELECT coalesce(jsonb_agg(to_jsonb(b) - 'id' - 'result_id' ORDER BY b.id), '[]'::jsonb) FROM result_bidders b WHERE b.result_id = r.id),
              (SELECT coalesce(jsonb_agg(to_jsonb(w) - 'id' - 'result_id' ORDER BY w.position), '[]'::jsonb) FROM result_winners w WHERE w.result_id = r.id))::text) AS f
       FROM (SELECT 1) one LEFT JOIN results r ON r.tender_id = $1`,
    [tenderId],
  );
  return r.rows[0]?.f ?? "";
}

/** Every winner of a result: as given, else the recorded winner with the award as its value. */
export function winnersOf(r: ResultInput): WinnerInput[] {
  if (r.winners) return r.winners;
  return r.winner_name ? [{ name: r.winner_name, bid_value: r.award_value, award_ref: null, award_value: r.award_value }] : [];
}

async function writeResult(tx: Tx, tenderId: number, r: ResultInput, stats: StoreStats): Promise<number> {
  const cache = new Map<string, number>();
  const winners = winnersOf(r);
  const winnerName = r.winner_name ?? winners[0]?.name ?? null;
  const winnerId = winnerName ? await companyFor(tx, winnerName, stats, cache) : null;
  const res = await tx.query<{ id: number }>(
    `INSERT INTO results (tender_id, winner_company_id, winner_name, award_value, result_date, contract_value, contract_date, winner_names)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (tender_id) DO UPDATE SET winner_company_id = EXCLUDED.winner_company_id, winner_name = EXCLUDED.winner_name,
       award_value = EXCLUDED.award_value, result_date = EXCLUDED.result_date, contract_value = EXCLUDED.contract_value,
       contract_date = EXCLUDED.contract_date, winner_names = EXCLUDED.winner_names, updated_at = now()
     RETURNING id`,
    [tenderId, winnerId, winnerName, r.award_value, r.result_date?.toISOString() ?? null, r.contract_value ?? null,
      r.contract_date?.toISOString() ?? null, winners.length ? winners.map((w) => w.name).join("\n") : null],
  );
  const resultId = res.rows[0].id;
  await tx.query("DELETE FROM result_winners WHERE result_id = $1", [resultId]);
  for (const [i, w] of winners.entries()) {
    await tx.query(
      "INSERT INTO result_winners (result_id, position, award_ref, company_id, name, bid_value, award_value) VALUES ($1, $2, $3, $4, $5, $6, $7)",
      [resultId, i + 1, w.award_ref, await companyFor(tx, w.name, stats, cache), w.name, w.bid_value, w.award_value],
    );
  }
  await tx.query("DELETE FROM result_bidders WHERE result_id = $1", [resultId]);
  for (const b of r.bidders) {
    const companyId = await companyFor(tx, b.name, stats, cache);
    await tx.query(
      `INSERT INTO result_bidders (result_id, company_id, bidder_name, bid_value, rank, rank_direction, rank_label, status, is_winner)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [resultId, companyId, b.name, b.bid_value, b.rank, b.rank_direction, b.rank_label, b.status, b.is_winner],
    );
  }
  return resultId;
}

/** Sets the result of an existing tender (results-csv / results-json). */
export async function upsertResult(tx: Tx, ocid: string, r: ResultInput, runId: number | null, stats: StoreStats): Promise<{ outcome: Outcome; tenderId: number }> {
  const key = `result:${ocid}`;
  await lockKey(tx, `tender:${ocid}`);
  const t = await tx.query<{ id: number }>("SELECT id FROM tenders WHERE ocid = $1", [ocid]);
  const tenderId = t.rows[0]?.id;
  if (tenderId === undefined) throw new RowError(`no tender with ocid '${ocid}': import the tender first`);
  const hash = contentHash(r);
  const prev = await previousHash(tx, key);
  const had = await tx.query<{ id: number }>("SELECT id FROM results WHERE tender_id = $1", [tenderId]);
  if (had.rows.length && prev?.hash === hash && prev.tender_id === tenderId) return { outcome: "unchanged", tenderId };
  const same = !(await writeUnlessSame(tx, tenderId, !had.rows.length, () => writeResult(tx, tenderId, r, stats), stats));
  await tx.query(
    `UPDATE tenders SET tender_status = 'AOC', status_update_date = coalesce($2::timestamptz, status_update_date), updated_at = now()
      WHERE id = $1 AND tender_status IS DISTINCT FROM 'AOC'`,
    [tenderId, r.result_date?.toISOString() ?? null],
  );
  await rememberHash(tx, key, tenderId, hash, runId);
  return { outcome: same ? "unchanged" : had.rows.length ? "updated" : "created", tenderId };
}
