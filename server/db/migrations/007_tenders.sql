-- Tenders and tender results as search indexes (server/search/indexes/tenders.ts, results.ts),
-- the organisation-name suggester and shared links.

-- 1. Value bands, the same in both listers (common/tenders.ts TENDER_VALUE_BANDS).
CREATE FUNCTION tender_value_band(numeric) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN $1 IS NULL THEN NULL
    WHEN $1 < 1000000 THEN 'Up to 10 Lakh'
    WHEN $1 < 10000000 THEN '10 Lakh - 1 Crore'
    WHEN $1 < 100000000 THEN '1 - 10 Crore'
    WHEN $1 < 1000000000 THEN '10 - 100 Crore'
    ELSE 'Above 100 Crore'
  END $$;

-- 2. The tenders index reads this view. live_until: when the tender stops being live — never
--    live (NULL) once its status closed it, else its closing date (a tender without one stays
--    live: 9999-12-31). The lister's default "live only" is live_until ≥ now, one range the
--    in-memory copy evaluates without knowing what time the row was loaded at.
CREATE VIEW tender_search AS
SELECT t.*,
       CASE WHEN t.tender_status IN ('Closed', 'AOC', 'Cancelled', 'Retender', 'Technical Evaluation', 'Financial Evaluation') THEN NULL
            ELSE coalesce(t.closing_date, timestamptz '9999-12-31 00:00:00+00') END AS live_until,
       tender_value_band(t.value) AS value_band,
       r.id AS result_id
  FROM tenders t LEFT JOIN results r ON r.tender_id = t.id;

CREATE TRIGGER tenders_search_insert AFTER INSERT ON tenders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_note_changes('tenders');
CREATE TRIGGER tenders_search_update AFTER UPDATE ON tenders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_note_changes('tenders');
CREATE TRIGGER tenders_search_delete AFTER DELETE ON tenders
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_note_changes('tenders');
CREATE TRIGGER tenders_search_truncate AFTER TRUNCATE ON tenders
  FOR EACH STATEMENT EXECUTE FUNCTION search_note_changes('tenders');
-- A tender's result_id changes when its result is written or removed.
CREATE FUNCTION search_note_result_tenders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO search_changes (index_name, row_ids) SELECT 'tenders', array_agg(DISTINCT tender_id) FROM old_rows HAVING count(*) > 0;
  ELSE
    INSERT INTO search_changes (index_name, row_ids) SELECT 'tenders', array_agg(DISTINCT tender_id) FROM new_rows HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER results_tenders_insert AFTER INSERT ON results
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_note_result_tenders();
CREATE TRIGGER results_tenders_delete AFTER DELETE ON results
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_note_result_tenders();

-- 3. The results index: one row per result with its tender's fields (and text vector, so the
--    tenders' GIN index answers q).
CREATE VIEW result_search AS
SELECT r.id, r.tender_id, 'result'::text AS item_type,
       t.title, t.reference, t.description, t.org_name, t.org_name_exact, t.department, t.category, t.state, t.district, t.city,
       t.tender_status, t.value, tender_value_band(t.value) AS value_band, t.closing_date, t.status_update_date, t.retrieved_on,
       t.reviewed_date, t.arrived_date, t.search_vector,
       r.award_value, r.winner_name, r.winner_company_id, r.result_date,
       (SELECT count(*) FROM result_bidders b WHERE b.result_id = r.id)::int AS bidder_count
  FROM results r JOIN tenders t ON t.id = r.tender_id;

CREATE TRIGGER results_search_insert AFTER INSERT ON results
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_note_changes('results');
CREATE TRIGGER results_search_update AFTER UPDATE ON results
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_note_changes('results');
CREATE TRIGGER results_search_delete AFTER DELETE ON results
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_note_changes('results');
CREATE TRIGGER results_search_truncate AFTER TRUNCATE ON results
  FOR EACH STATEMENT EXECUTE FUNCTION search_note_changes('results');

-- A tender's change (title, organisation, place, value…) changes its result's row; so do its bidders (count).
CREATE FUNCTION search_note_tender_results() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_changes (index_name, row_ids)
    SELECT 'results', array_agg(DISTINCT r.id) FROM results r WHERE r.tender_id IN (SELECT id FROM new_rows) HAVING count(*) > 0;
  RETURN NULL;
END $$;
CREATE TRIGGER tenders_results_update AFTER UPDATE ON tenders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_note_tender_results();

CREATE FUNCTION search_note_bidder_results() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO search_changes (index_name, row_ids) SELECT 'results', array_agg(DISTINCT result_id) FROM old_rows HAVING count(*) > 0;
  ELSE
    INSERT INTO search_changes (index_name, row_ids) SELECT 'results', array_agg(DISTINCT result_id) FROM new_rows HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER result_bidders_search_insert AFTER INSERT ON result_bidders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_note_bidder_results();
CREATE TRIGGER result_bidders_search_delete AFTER DELETE ON result_bidders
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_note_bidder_results();

-- Orders and lookups the SQL path and detail pages use.
CREATE INDEX tenders_closing ON tenders (closing_date, id);
CREATE INDEX tenders_status_update ON tenders (status_update_date DESC, id DESC);
CREATE INDEX results_result_date ON results (result_date DESC, id DESC);
CREATE INDEX tender_documents_tender ON tender_documents (tender_id, id);
CREATE INDEX tender_corrigenda_tender ON tender_corrigenda (tender_id, published_date DESC);
CREATE INDEX tenders_category_state ON tenders (category, state);
-- An organisation's latest tenders (more-like-this): the trigram index answers equality, slowly.
CREATE INDEX tenders_org_exact ON tenders (org_name_exact, id);

-- 4. Organisation names for the suggester: one row per distinct org_name_exact with its
--    tender count, kept by statement triggers (a few thousand names rather than a GROUP BY
--    over a million tenders per keystroke), trigram-indexed for typo-tolerant matching.
CREATE TABLE tender_org_names (
  name          text PRIMARY KEY,
  tender_count  integer NOT NULL DEFAULT 0
);
CREATE INDEX tender_org_names_trgm ON tender_org_names USING gin (name gin_trgm_ops);
CREATE INDEX tender_org_names_lower ON tender_org_names (lower(name) text_pattern_ops);

CREATE FUNCTION tender_org_names_note() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- An update touches the counts only when it changed a tender's organisation (most updates
  -- change a status or a date: they lock no count row).
  IF TG_OP = 'UPDATE' THEN
    UPDATE tender_org_names o SET tender_count = o.tender_count - d.n
      FROM (SELECT ol.org_name_exact AS name, count(*)::int AS n FROM old_rows ol JOIN new_rows nw ON nw.id = ol.id
             WHERE ol.org_name_exact IS DISTINCT FROM nw.org_name_exact AND coalesce(ol.org_name_exact, '') <> '' GROUP BY 1) d
     WHERE o.name = d.name;
    INSERT INTO tender_org_names AS o (name, tender_count)
      SELECT nw.org_name_exact, count(*)::int FROM old_rows ol JOIN new_rows nw ON nw.id = ol.id
       WHERE ol.org_name_exact IS DISTINCT FROM nw.org_name_exact AND coalesce(nw.org_name_exact, '') <> '' GROUP BY 1
      ON CONFLICT (name) DO UPDATE SET tender_count = o.tender_count + excluded.tender_count;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE tender_org_names o SET tender_count = o.tender_count - d.n
      FROM (SELECT org_name_exact AS name, count(*)::int AS n FROM old_rows WHERE coalesce(org_name_exact, '') <> '' GROUP BY 1) d
     WHERE o.name = d.name;
  ELSE
    INSERT INTO tender_org_names AS o (name, tender_count)
      SELECT org_name_exact, count(*)::int FROM new_rows WHERE coalesce(org_name_exact, '') <> '' GROUP BY 1
      ON CONFLICT (name) DO UPDATE SET tender_count = o.tender_count + excluded.tender_count;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER tenders_org_names_insert AFTER INSERT ON tenders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tender_org_names_note();
CREATE TRIGGER tenders_org_names_update AFTER UPDATE ON tenders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tender_org_names_note();
CREATE TRIGGER tenders_org_names_delete AFTER DELETE ON tenders
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tender_org_names_note();
CREATE FUNCTION tender_org_names_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM tender_org_names;
  RETURN NULL;
END $$;
CREATE TRIGGER tenders_org_names_truncate AFTER TRUNCATE ON tenders
  FOR EACH STATEMENT EXECUTE FUNCTION tender_org_names_clear();

INSERT INTO tender_org_names (name, tender_count)
  SELECT org_name_exact, count(*)::int FROM tenders WHERE coalesce(org_name_exact, '') <> '' GROUP BY 1;

-- 5. Shared links: one live link per (user, item) is looked up by its token's hash (unique);
--    revoking finds the user's links for an item.
CREATE INDEX share_links_user_item ON share_links (user_id, item_type, item_id);
