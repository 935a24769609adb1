-- Every winner, and the contract apart from the winning bid (issue 15, points 2 and 3).
--
-- 1. result_winners: each award's each supplier with its own value, in published order (OCDS
--    awards[] then suppliers[]; GePNIC's award table rows): bid_value is the winner's own value
--    (NULL for a supplier of a joint award), award_value the value of the award it belongs to.
--    award_ref names the award (OCDS awards[].id, a lot) so a joint award's suppliers read as one.
--    results.winner_name / winner_company_id stay the first winner (lists, facets, alerts).
CREATE TABLE result_winners (
  id          bigserial PRIMARY KEY,
  result_id   bigint NOT NULL REFERENCES results(id) ON DELETE CASCADE,
  position    integer NOT NULL,
  award_ref   text,
  company_id  bigint REFERENCES companies(id) ON DELETE SET NULL,
  name        text NOT NULL,
  bid_value   numeric(18,2),
  award_value numeric(18,2),
  UNIQUE (result_id, position)
);
CREATE INDEX result_winners_company ON result_winners (company_id);

-- Results written before this migration, by the demo generator or by hand carry only their
-- recorded winner: this view lists it as their one winner, with the award as its value (as the
-- importers store a sole winner), so every reader (result detail, competitor figures) has one
-- list of winners to read.
CREATE VIEW result_winner_list AS
SELECT w.result_id, w.position, w.award_ref, w.company_id, w.name, w.bid_value, w.award_value
  FROM result_winners w
UNION ALL
SELECT r.id, 1, NULL::text, r.winner_company_id, r.winner_name, r.award_value, r.award_value
  FROM results r
 WHERE r.winner_name IS NOT NULL AND NOT EXISTS (SELECT 1 FROM result_winners w WHERE w.result_id = r.id);

-- 2. The contract as signed (GePNIC 'Contract Value :' / 'Contract Date :'; OCDS contracts[]),
--    kept apart from award_value (the awarded bids).
ALTER TABLE results ADD COLUMN contract_value numeric(18,2);
ALTER TABLE results ADD COLUMN contract_date timestamptz;

-- 3. Every winner's name is searchable. winner_names holds them all (written with the winners;
--    NULL: only the recorded winner). results.search_vector is the tender's words and every
--    winner's, kept by triggers and GIN-indexed, so q on the results index (and a phrase, which
--    the in-memory index hands to SQL) still uses an index.
ALTER TABLE results ADD COLUMN winner_names text;
ALTER TABLE results ADD COLUMN search_vector tsvector;

-- A result's words: its tender's vector and its winners' names (weight B, as an organisation).
CREATE FUNCTION result_search_vector(tender bigint, names text) RETURNS tsvector LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT t.search_vector FROM tenders t WHERE t.id = tender), ''::tsvector)
         || setweight(to_tsvector('english', coalesce(names, '')), 'B') $$;

CREATE FUNCTION results_set_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector := result_search_vector(NEW.tender_id, coalesce(NEW.winner_names, NEW.winner_name));
  RETURN NEW;
END $$;
CREATE TRIGGER results_search_vector BEFORE INSERT OR UPDATE ON results
  FOR EACH ROW EXECUTE FUNCTION results_set_search_vector();

-- A tender whose words changed passes them to its result (the row trigger above recomputes).
CREATE FUNCTION tenders_refresh_result_vectors() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE results r SET search_vector = NULL
    FROM new_rows n JOIN old_rows o ON o.id = n.id
   WHERE r.tender_id = n.id AND n.search_vector IS DISTINCT FROM o.search_vector;
  RETURN NULL;
END $$;
CREATE TRIGGER tenders_result_vectors AFTER UPDATE ON tenders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tenders_refresh_result_vectors();

UPDATE results SET search_vector = NULL;
CREATE INDEX results_search ON results USING gin (search_vector);

-- The view as 021 left it; only search_vector changes (same name, same type), so columns keep
-- their places.
CREATE OR REPLACE VIEW result_search AS
SELECT r.id, r.tender_id, 'result'::text AS item_type,
       t.title, t.reference, t.description, t.org_name, t.org_name_exact, t.department, t.category, t.state, t.district, t.city,
       t.tender_status, t.value, tender_value_band(t.value) AS value_band, t.closing_date, t.status_update_date, t.retrieved_on,
       t.reviewed_date, t.arrived_date, r.search_vector,
       r.award_value, r.winner_name, r.winner_company_id, r.result_date,
       (SELECT count(*) FROM result_bidders b WHERE b.result_id = r.id)::int AS bidder_count,
       r.created_at AS added_at,
       t.portal_tender_id
  FROM results r JOIN tenders t ON t.id = r.tender_id;
