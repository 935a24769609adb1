-- Every winner wherever a result says who won it (issue 15, point 2): the results index's rows
-- carry every winner's name, so its winner facet counts a joint win (lots, joint awards) for each
-- winner and `filter=winner_name:X` finds a result by any of its winners, in SQL and in the
-- in-memory copy (a `keywords` field: text[]).
--
-- The list comes from results.winner_names (one name a line, in published order), the copy of
-- result_winners' names that the importers and the demo generator write with the winners (NULL
-- there means the recorded winner alone, as result_winner_list reads it); reading it here costs
-- nothing per row, where aggregating result_winners would cost a subquery per row on every
-- filter, facet and cache load. tests/api/winner-names.test.ts holds every writer to it.
--
-- A result's winners as a list (empty for none): every reader that names them calls this.
CREATE FUNCTION result_winner_names(names text, first text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(string_to_array(coalesce(names, first), E'\n'), '{}'::text[]) $$;

-- Appended to the view as 022 left it, so the other columns keep their places.
CREATE OR REPLACE VIEW result_search AS
SELECT r.id, r.tender_id, 'result'::text AS item_type,
       t.title, t.reference, t.description, t.org_name, t.org_name_exact, t.department, t.category, t.state, t.district, t.city,
       t.tender_status, t.value, tender_value_band(t.value) AS value_band, t.closing_date, t.status_update_date, t.retrieved_on,
       t.reviewed_date, t.arrived_date, r.search_vector,
       r.award_value, r.winner_name, r.winner_company_id, r.result_date,
       (SELECT count(*) FROM result_bidders b WHERE b.result_id = r.id)::int AS bidder_count,
       r.created_at AS added_at,
       t.portal_tender_id,
       result_winner_names(r.winner_names, r.winner_name) AS winner_names
  FROM results r JOIN tenders t ON t.id = r.tender_id;
