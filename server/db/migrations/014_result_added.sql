-- When a result came into our data (results.created_at), on the results index as added_at: a
-- result is new for the /results lister's e-mail alerts when it was added, however long ago its
-- tender arrived (result_search.arrived_date is the tender's). Appended, so the view's other
-- columns keep their places.
CREATE OR REPLACE VIEW result_search AS
SELECT r.id, r.tender_id, 'result'::text AS item_type,
       t.title, t.reference, t.description, t.org_name, t.org_name_exact, t.department, t.category, t.state, t.district, t.city,
       t.tender_status, t.value, tender_value_band(t.value) AS value_band, t.closing_date, t.status_update_date, t.retrieved_on,
       t.reviewed_date, t.arrived_date, t.search_vector,
       r.award_value, r.winner_name, r.winner_company_id, r.result_date,
       (SELECT count(*) FROM result_bidders b WHERE b.result_id = r.id)::int AS bidder_count,
       r.created_at AS added_at
  FROM results r JOIN tenders t ON t.id = r.tender_id;
