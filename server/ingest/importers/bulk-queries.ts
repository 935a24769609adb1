// The SQL of the set-based tender writer (bulk-tenders.ts): a batch of plain tenders is COPied
// into a temporary staging table (copy.ts: FROM STDIN on PostgreSQL, FROM '/dev/blob' on
// PGlite), and a few statements over the whole batch sort it into created / updated /
// unchanged, write the tenders, their new documents and the importer's memory of them
// (import_items), exactly as store.ts's upsertTender does for one tender.
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

/** Answers whether this transaction already has the staging tables (they go at commit or rollback). */
export const STAGE_EXISTS = `SELECT to_regclass('pg_temp.import_tender_stage') IS NOT NULL AS ok`;

// Every lookup of what is already stored is a scalar subquery per staged row (an index probe:
// PostgreSQL never turns one into a join). As joins, the planner, not knowing how few rows a
// batch stages, chose to scan the whole tenders and tender_documents tables for each batch:
// the cost of a batch grew with the table, and a 200,000-row file with the square of its size.

/** outcome: 'same' (the file says what was imported last time), 'created', 'updated', 'unchanged'. */
export const CREATE_STAGE = `
CREATE TEMP TABLE import_tender_stage (
  ord int PRIMARY KEY, ocid text NOT NULL UNIQUE, hash text NOT NULL, ${typed},
  tender_id bigint, outcome text
) ON COMMIT DROP;
CREATE TEMP TABLE import_tender_doc_stage (
  ord int NOT NULL, n int NOT NULL, file_name text NOT NULL, mime_type text NOT NULL, url text, PRIMARY KEY (ord, n)
) ON COMMIT DROP`;

export const STAGE_TABLE = "import_tender_stage";
/** The columns a staged tender is COPied into, in the order of its values (bulk-tenders.ts). */
export const STAGE_COLUMNS = ["ord", "ocid", "hash", ...TENDER_COLUMNS] as const;
export const DOC_STAGE_TABLE = "import_tender_doc_stage";
/** A staged tender's documents: its ord, their order (n) in the file. */
export const DOC_STAGE_COLUMNS = ["ord", "n", "file_name", "mime_type", "url"] as const;

const findExisting = (which: string) => `UPDATE import_tender_stage s SET tender_id = x.id,
       outcome = CASE WHEN s.hash = (SELECT i.content_hash FROM import_items i WHERE i.key = 'tender:' || s.ocid AND i.tender_id = x.id) THEN 'same' END
  FROM (SELECT ord, (SELECT t.id FROM tenders t WHERE t.ocid = st.ocid) AS id FROM import_tender_stage st ${which}) x
 WHERE x.ord = s.ord AND x.id IS NOT NULL`;
/** The stored tender of each staged one, if any; 'same' when the file says what was imported last time (nothing is written for it). */
export const FIND_EXISTING = findExisting("");
/** After INSERT_NEW: a tender another import stored meanwhile (ON CONFLICT skipped it) is then a stored one. */
export const FIND_STORED_MEANWHILE = findExisting("WHERE st.tender_id IS NULL");

export const INSERT_NEW = `WITH ins AS (
  INSERT INTO tenders (ocid, ${cols}, retrieved_on)
  SELECT s.ocid, ${fromStage}, now() FROM import_tender_stage s WHERE s.tender_id IS NULL ORDER BY s.ord
  ON CONFLICT (ocid) DO NOTHING
  RETURNING id, ocid)
UPDATE import_tender_stage s SET tender_id = ins.id, outcome = 'created' FROM ins WHERE s.ocid = ins.ocid`;

/** Written only where a value differs (no trigger fires for an equal row), as upsertTender does; the rest of the stored ones are 'unchanged' so far. */
export const UPDATE_CHANGED = `WITH upd AS (
  UPDATE tenders t SET ${TENDER_COLUMNS.map((c) => `${c} = s.${c}`).join(", ")}, retrieved_on = now(), updated_at = now()
    FROM import_tender_stage s
   WHERE t.id = ANY ((SELECT array_agg(tender_id) FROM import_tender_stage WHERE outcome IS NULL)::bigint[])
     AND s.outcome IS NULL AND t.id = s.tender_id AND (${TENDER_COLUMNS.map((c) => `t.${c}`).join(", ")}) IS DISTINCT FROM (${fromStage})
  RETURNING t.id)
UPDATE import_tender_stage s SET outcome = CASE WHEN s.tender_id IN (SELECT id FROM upd) THEN 'updated' ELSE 'unchanged' END
 WHERE s.outcome IS NULL`;

/** Documents not yet there (by name + URL) are added, in the file's order; a tender that got one is 'updated'. A tender created now has none yet. */
export const ADD_DOCUMENTS = `WITH added AS (
  INSERT INTO tender_documents (tender_id, file_name, mime_type, url)
  SELECT s.tender_id, d.file_name, d.mime_type, d.url
    FROM import_tender_doc_stage d JOIN import_tender_stage s ON s.ord = d.ord
   WHERE s.outcome <> 'same'
     AND (s.outcome = 'created' OR (SELECT count(*) FROM tender_documents e
                                     WHERE e.tender_id = s.tender_id AND e.file_name = d.file_name AND coalesce(e.url, '') = coalesce(d.url, '')) = 0)
   ORDER BY d.ord, d.n
  RETURNING tender_id)
UPDATE import_tender_stage s SET outcome = 'updated' WHERE s.outcome = 'unchanged' AND s.tender_id IN (SELECT tender_id FROM added)`;

/** $1: the run's id. What each tender's file said this time, for the next re-import. */
export const REMEMBER_HASHES = `INSERT INTO import_items (key, tender_id, content_hash, last_run_id, updated_at)
  SELECT 'tender:' || s.ocid, s.tender_id, s.hash, $1::bigint, now() FROM import_tender_stage s WHERE s.outcome <> 'same'
  ON CONFLICT (key) DO UPDATE SET tender_id = EXCLUDED.tender_id, content_hash = EXCLUDED.content_hash,
    last_run_id = EXCLUDED.last_run_id, updated_at = now()`;

/** What happened to each row of the batch. */
export const STAGE_OUTCOMES = `SELECT ord, outcome FROM import_tender_stage`;

/** Empties the staging tables for the next batch (a temporary table is never vacuumed: no dead rows left behind). */
export const CLEAR_STAGE = `TRUNCATE import_tender_stage, import_tender_doc_stage`;
