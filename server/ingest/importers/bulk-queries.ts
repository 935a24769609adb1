// The SQL of the set-based tender writer (bulk-tenders.ts): a batch of plain tenders goes into a
// temporary staging table in one statement, and a few statements over the whole batch sort it
// into created / updated / unchanged, write the tenders, their new documents and the importer's
// memory of them (import_items), exactly as store.ts's upsertTender does for one tender.
//
// Not COPY: the pg driver has no COPY FROM STDIN without pg-copy-streams (not installed), and
// PGlite's COPY reads a blob, not a stream. One JSON parameter per batch (jsonb_to_recordset)
// works the same on both and costs one round trip per batch.
import { TENDER_COLUMNS } from "./store.js";

type TenderColumn = (typeof TENDER_COLUMNS)[number];

/** The staged columns' types: the same as the tenders table's, so values compare (and round) as stored. */
const COLUMN_TYPES: Record<TenderColumn, string> = {
  portal_tender_id: "text", reference: "text", title: "text", description: "text", org_name: "text", org_name_exact: "text",
  department: "text", tender_status: "text", is_corrigendum: "boolean", category: "text", tender_type: "text",
  value: "numeric(18,2)", emd: "numeric(18,2)", tender_fee: "numeric(18,2)",
  published_date: "timestamptz", closing_date: "timestamptz", opening_date: "timestamptz", prebid_date: "timestamptz", status_update_date: "timestamptz",
  state: "text", district: "text", city: "text", pincode: "text", source: "text", source_url: "text",
};

const cols = TENDER_COLUMNS.join(", ");
const typed = TENDER_COLUMNS.map((c) => `${c} ${COLUMN_TYPES[c]}`).join(", ");
const fromStage = TENDER_COLUMNS.map((c) => `s.${c}`).join(", ");

/** Answers whether this transaction already has the staging table (it goes at commit or rollback). */
export const STAGE_EXISTS = `SELECT to_regclass('pg_temp.import_tender_stage') IS NOT NULL AS ok`;

/** outcome: 'same' (the file says what was imported last time), 'created', 'updated', 'unchanged'. */
export const CREATE_STAGE = `CREATE TEMP TABLE import_tender_stage (
  ord int PRIMARY KEY, ocid text NOT NULL UNIQUE, hash text NOT NULL, ${typed}, documents jsonb NOT NULL,
  tender_id bigint, outcome text
) ON COMMIT DROP`;

/** $1: a JSON array of rows {ord, ocid, hash, <tender columns>, documents}. */
export const LOAD_STAGE = `INSERT INTO import_tender_stage (ord, ocid, hash, ${cols}, documents)
  SELECT ord, ocid, hash, ${cols}, documents
    FROM jsonb_to_recordset($1::jsonb) AS x(ord int, ocid text, hash text, ${typed}, documents jsonb)`;

/** Tenders whose content is what was imported last time: nothing is written for them. */
export const MARK_SAME = `UPDATE import_tender_stage s SET tender_id = t.id, outcome = 'same'
  FROM tenders t JOIN import_items i ON i.key = 'tender:' || t.ocid AND i.tender_id = t.id
 WHERE t.ocid = s.ocid AND i.content_hash = s.hash`;

export const INSERT_NEW = `WITH ins AS (
  INSERT INTO tenders (ocid, ${cols}, retrieved_on)
  SELECT s.ocid, ${fromStage}, now() FROM import_tender_stage s WHERE s.outcome IS NULL ORDER BY s.ord
  ON CONFLICT (ocid) DO NOTHING
  RETURNING id, ocid)
UPDATE import_tender_stage s SET tender_id = ins.id, outcome = 'created' FROM ins WHERE s.ocid = ins.ocid`;

/** Written only where a value differs (no trigger fires for an equal row), as upsertTender does. */
export const UPDATE_CHANGED = `WITH upd AS (
  UPDATE tenders t SET ${TENDER_COLUMNS.map((c) => `${c} = s.${c}`).join(", ")}, retrieved_on = now(), updated_at = now()
    FROM import_tender_stage s
   WHERE s.outcome IS NULL AND t.ocid = s.ocid AND (${TENDER_COLUMNS.map((c) => `t.${c}`).join(", ")}) IS DISTINCT FROM (${fromStage})
  RETURNING t.id, t.ocid)
UPDATE import_tender_stage s SET tender_id = upd.id, outcome = 'updated' FROM upd WHERE s.ocid = upd.ocid`;

export const MARK_UNCHANGED = `UPDATE import_tender_stage s SET tender_id = t.id, outcome = 'unchanged'
  FROM tenders t WHERE s.outcome IS NULL AND t.ocid = s.ocid`;

/** Documents not yet there (by name + URL) are added, in the file's order; a tender that got one is 'updated'. */
export const ADD_DOCUMENTS = `WITH added AS (
  INSERT INTO tender_documents (tender_id, file_name, mime_type, url)
  SELECT s.tender_id, d.doc->>'file_name', d.doc->>'mime_type', d.doc->>'url'
    FROM import_tender_stage s CROSS JOIN LATERAL jsonb_array_elements(s.documents) WITH ORDINALITY AS d(doc, n)
   WHERE s.outcome <> 'same'
     AND NOT EXISTS (SELECT 1 FROM tender_documents e
                      WHERE e.tender_id = s.tender_id AND e.file_name = d.doc->>'file_name' AND coalesce(e.url, '') = coalesce(d.doc->>'url', ''))
   ORDER BY s.ord, d.n
  RETURNING tender_id)
UPDATE import_tender_stage s SET outcome = 'updated' WHERE s.outcome = 'unchanged' AND s.tender_id IN (SELECT tender_id FROM added)`;

/** $1: the run's id. What each tender's file said this time, for the next re-import. */
export const REMEMBER_HASHES = `INSERT INTO import_items (key, tender_id, content_hash, last_run_id, updated_at)
  SELECT 'tender:' || s.ocid, s.tender_id, s.hash, $1::bigint, now() FROM import_tender_stage s WHERE s.outcome <> 'same'
  ON CONFLICT (key) DO UPDATE SET tender_id = EXCLUDED.tender_id, content_hash = EXCLUDED.content_hash,
    last_run_id = EXCLUDED.last_run_id, updated_at = now()`;

/** What happened to each row of the batch. */
export const STAGE_OUTCOMES = `SELECT ord, outcome FROM import_tender_stage`;

/** Empties the staging table for the next batch (a temporary table is never vacuumed: no dead rows left behind). */
export const CLEAR_STAGE = `TRUNCATE import_tender_stage`;
