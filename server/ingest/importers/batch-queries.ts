// SQL of batch-store.ts: each statement writes or reads a whole batch of tenders. The rows come
// in as one jsonb parameter (an array of objects) read by jsonb_to_recordset with the columns'
// own types, so a value compares with a stored one as the column does; `ord` keeps the file's
// order (ids are handed out in it).

/** Columns of tenders written by an import, with their types (as in store.ts TENDER_COLUMNS). */
export const TENDER_COLUMN_TYPES = {
  portal_tender_id: "text", reference: "text", title: "text", description: "text", org_name: "text", org_name_exact: "text",
  department: "text", tender_status: "text", is_corrigendum: "boolean", category: "text", tender_type: "text", value: "numeric",
  emd: "numeric", tender_fee: "numeric", published_date: "timestamptz", closing_date: "timestamptz", opening_date: "timestamptz",
  prebid_date: "timestamptz", status_update_date: "timestamptz", state: "text", district: "text", city: "text", pincode: "text",
  source: "text", source_url: "text",
} as const;
const COLS = Object.keys(TENDER_COLUMN_TYPES);
const colDefs = Object.entries(TENDER_COLUMN_TYPES).map(([c, t]) => `${c} ${t}`).join(", ");

/** Transaction-long advisory locks on every key of the batch, in one order (two batches never wait on each other in a circle). */
export const LOCK_KEYS = `SELECT count(pg_advisory_xact_lock($1, hashtext(k))) FROM unnest($2::text[]) k`;

/** Each ocid's tender (if any) and what was imported for it last time. */
export const FIND_TENDERS = `
  SELECT k.ord::int AS ord, t.id, i.content_hash AS hash, i.tender_id AS hash_tender
    FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS k(ocid, key, ord)
    LEFT JOIN tenders t ON t.ocid = k.ocid LEFT JOIN import_items i ON i.key = k.key`;

export const INSERT_TENDERS = `
  INSERT INTO tenders (ocid, ${COLS.join(", ")}, retrieved_on)
  SELECT ocid, ${COLS.join(", ")}, now() FROM jsonb_to_recordset($1::jsonb) AS s(ord int, ocid text, ${colDefs}) ORDER BY ord
  RETURNING id, ocid`;

/** Only the tenders with a value that differs are written (no trigger fires for the others). */
export const UPDATE_TENDERS = `
  UPDATE tenders t SET ${COLS.map((c) => `${c} = s.${c}`).join(", ")}, retrieved_on = now(), updated_at = now()
    FROM jsonb_to_recordset($1::jsonb) AS s(id bigint, ${colDefs})
   WHERE t.id = s.id AND (${COLS.map((c) => `t.${c}`).join(", ")}) IS DISTINCT FROM (${COLS.map((c) => `s.${c}`).join(", ")})
  RETURNING t.id`;

/** Documents not yet on their tender (same name and URL); answers the tenders that got one. */
export const INSERT_NEW_DOCUMENTS = `
  INSERT INTO tender_documents (tender_id, file_name, mime_type, url)
  SELECT s.tender_id, s.file_name, s.mime_type, s.url FROM jsonb_to_recordset($1::jsonb) AS s(ord int, tender_id bigint, file_name text, mime_type text, url text)
   WHERE NOT EXISTS (SELECT 1 FROM tender_documents d WHERE d.tender_id = s.tender_id AND d.file_name = s.file_name AND coalesce(d.url, '') = coalesce(s.url, ''))
   ORDER BY s.ord
  RETURNING tender_id`;

export const INSERT_NEW_CORRIGENDA = `
  INSERT INTO tender_corrigenda (tender_id, title, description, published_date)
  SELECT s.tender_id, s.title, s.description, coalesce(s.published_date, now())
    FROM jsonb_to_recordset($1::jsonb) AS s(ord int, tender_id bigint, title text, description text, published_date timestamptz)
   WHERE NOT EXISTS (SELECT 1 FROM tender_corrigenda c WHERE c.tender_id = s.tender_id AND c.title = s.title AND c.description = s.description)
   ORDER BY s.ord
  RETURNING tender_id`;

export const DELETE_RESULTS = `DELETE FROM results WHERE tender_id = ANY($1::bigint[]) RETURNING tender_id`;

export const FIND_COMPANIES = `SELECT normalized_name AS norm, min(id) AS id FROM companies WHERE normalized_name = ANY($1::text[]) GROUP BY normalized_name`;

export const INSERT_COMPANIES = `
  INSERT INTO companies (name, normalized_name)
  SELECT name, norm FROM jsonb_to_recordset($1::jsonb) AS s(ord int, name text, norm text) ORDER BY ord
  RETURNING id, normalized_name AS norm`;

const RESULT_DEFS = `ord int, tender_id bigint, winner_company_id bigint, winner_name text, award_value numeric, result_date timestamptz,
  contract_value numeric, contract_date timestamptz, winner_names text`;
const RESULT_COLS = ["winner_company_id", "winner_name", "award_value", "result_date", "contract_value", "contract_date", "winner_names"];
const WINNER_DEFS = "ord int, tender_id bigint, position int, award_ref text, company_id bigint, name text, bid_value numeric, award_value numeric";
const WINNER_COLS = ["position", "award_ref", "company_id", "name", "bid_value", "award_value"];
const BIDDER_DEFS = `ord int, tender_id bigint, company_id bigint, bidder_name text, bid_value numeric, rank int, rank_direction text,
  rank_label text, status text, is_winner boolean`;
const BIDDER_COLS = ["company_id", "bidder_name", "bid_value", "rank", "rank_direction", "rank_label", "status", "is_winner"];
const list = (alias: string, cols: string[]) => `jsonb_build_array(${cols.map((c) => `${alias}.${c}`).join(", ")})`;

/**
 * The tenders (of $1's results) whose stored result, winners or bidders differ from the file's:
 * the comparison is made before anything is written, so an unchanged result keeps its rows.
 * $1 results, $2 winners, $3 bidders (each with its tender_id).
 */
export const CHANGED_RESULTS = `
  WITH s AS (SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(${RESULT_DEFS})),
       w AS (SELECT * FROM jsonb_to_recordset($2::jsonb) AS x(${WINNER_DEFS})),
       b AS (SELECT * FROM jsonb_to_recordset($3::jsonb) AS x(${BIDDER_DEFS}))
  SELECT s.tender_id FROM s LEFT JOIN results r ON r.tender_id = s.tender_id
   WHERE r.id IS NULL
      OR (${RESULT_COLS.map((c) => `r.${c}`).join(", ")}) IS DISTINCT FROM (${RESULT_COLS.map((c) => `s.${c}`).join(", ")})
      OR (SELECT jsonb_agg(${list("o", WINNER_COLS)} ORDER BY o.position) FROM result_winners o WHERE o.result_id = r.id)
         IS DISTINCT FROM (SELECT jsonb_agg(${list("n", WINNER_COLS)} ORDER BY n.ord) FROM w n WHERE n.tender_id = s.tender_id)
      OR (SELECT jsonb_agg(${list("o", BIDDER_COLS)} ORDER BY o.id) FROM result_bidders o WHERE o.result_id = r.id)
         IS DISTINCT FROM (SELECT jsonb_agg(${list("n", BIDDER_COLS)} ORDER BY n.ord) FROM b n WHERE n.tender_id = s.tender_id)`;

export const UPSERT_RESULTS = `
  INSERT INTO results (tender_id, ${RESULT_COLS.join(", ")})
  SELECT tender_id, ${RESULT_COLS.join(", ")} FROM jsonb_to_recordset($1::jsonb) AS s(${RESULT_DEFS}) ORDER BY ord
  ON CONFLICT (tender_id) DO UPDATE SET ${RESULT_COLS.map((c) => `${c} = EXCLUDED.${c}`).join(", ")}, updated_at = now()
  RETURNING id, tender_id`;

/** Replaces the winners and bidders of the results $1 (ids) with $2 (winners) and $3 (bidders), by tender. */
export const REPLACE_WINNERS_BIDDERS = `
  WITH dw AS (DELETE FROM result_winners WHERE result_id = ANY($1::bigint[])),
       db AS (DELETE FROM result_bidders WHERE result_id = ANY($1::bigint[]))
  SELECT 1`;
export const INSERT_WINNERS = `
  INSERT INTO result_winners (result_id, ${WINNER_COLS.join(", ")})
  SELECT r.id, ${WINNER_COLS.map((c) => `s.${c}`).join(", ")} FROM jsonb_to_recordset($1::jsonb) AS s(${WINNER_DEFS})
    JOIN results r ON r.tender_id = s.tender_id ORDER BY s.ord`;
export const INSERT_BIDDERS = `
  INSERT INTO result_bidders (result_id, ${BIDDER_COLS.join(", ")})
  SELECT r.id, ${BIDDER_COLS.map((c) => `s.${c}`).join(", ")} FROM jsonb_to_recordset($1::jsonb) AS s(${BIDDER_DEFS})
    JOIN results r ON r.tender_id = s.tender_id ORDER BY s.ord`;

export const REMEMBER_HASHES = `
  INSERT INTO import_items (key, tender_id, content_hash, last_run_id, updated_at)
  SELECT key, tender_id, hash, $4, now() FROM unnest($1::text[], $2::bigint[], $3::text[]) AS s(key, tender_id, hash)
  ON CONFLICT (key) DO UPDATE SET tender_id = EXCLUDED.tender_id, content_hash = EXCLUDED.content_hash,
    last_run_id = EXCLUDED.last_run_id, updated_at = now()`;
