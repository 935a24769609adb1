-- The portal's own Tender ID (issue 15, point 1): GePNIC's `2024_PWD_35115_146`, an OCDS
-- publication's tender.id. Kept beside `reference` (the reference / NIT number the department
-- writes, `PWD/RD/GLT/2026/77`), shown on tender and result pages, and found by the search box:
-- a search text equal to either, or the start of either, case-insensitively, ranks first
-- (server/search/identifiers.ts).
ALTER TABLE tenders ADD COLUMN portal_tender_id text;

-- Exact and prefix lookups on lower(...) whatever the database's collation: text_pattern_ops
-- serves `lower(x) = $1` and `lower(x) LIKE 'abc%'` (a prefix pattern becomes a range scan).
CREATE INDEX tenders_portal_tender_id_lower ON tenders (lower(portal_tender_id) text_pattern_ops);
CREATE INDEX tenders_reference_lower ON tenders (lower(reference) text_pattern_ops);

-- Tenders imported before this migration. GePNIC pages: the Tender ID is what follows
-- '<source>:' in the ocid (gepnic.ts writes ocid = '<source>:<Tender ID>', source = tenders.source).
UPDATE tenders t SET portal_tender_id = substr(t.ocid, length(t.source) + 2)
  FROM import_items i JOIN import_runs r ON r.id = i.last_run_id
 WHERE i.key = 'tender:' || t.ocid AND r.kind = 'gepnic'
   AND t.source IS NOT NULL AND left(t.ocid, length(t.source) + 1) = t.source || ':'
   AND t.portal_tender_id IS NULL;
-- OCDS: tender.id was kept as the reference; it is the portal's Tender ID.
UPDATE tenders t SET portal_tender_id = t.reference, reference = NULL
 WHERE t.portal_tender_id IS NULL AND t.reference IS NOT NULL
   AND EXISTS (SELECT 1 FROM ocds_releases o WHERE o.ocid = t.ocid);

-- The tenders index's view lists t.*, fixed when it was created: made again so it has the column.
DROP VIEW tender_search;
CREATE VIEW tender_search AS
SELECT t.*,
       CASE WHEN t.tender_status IN ('Closed', 'AOC', 'Cancelled', 'Retender', 'Technical Evaluation', 'Financial Evaluation') THEN NULL
            ELSE coalesce(t.closing_date, timestamptz '9999-12-31 00:00:00+00') END AS live_until,
       tender_value_band(t.value) AS value_band,
       r.id AS result_id
  FROM tenders t LEFT JOIN results r ON r.tender_id = t.id;

-- The results index: the tender's Tender ID appended (the other columns keep their places).
CREATE OR REPLACE VIEW result_search AS
SELECT r.id, r.tender_id, 'result'::text AS item_type,
       t.title, t.reference, t.description, t.org_name, t.org_name_exact, t.department, t.category, t.state, t.district, t.city,
       t.tender_status, t.value, tender_value_band(t.value) AS value_band, t.closing_date, t.status_update_date, t.retrieved_on,
       t.reviewed_date, t.arrived_date, t.search_vector,
       r.award_value, r.winner_name, r.winner_company_id, r.result_date,
       (SELECT count(*) FROM result_bidders b WHERE b.result_id = r.id)::int AS bidder_count,
       r.created_at AS added_at,
       t.portal_tender_id
  FROM results r JOIN tenders t ON t.id = r.tender_id;
