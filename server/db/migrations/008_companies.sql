-- Builders (companies) as a search index, fast typo-tolerant company lookup, the MCA company
-- master's own fields, and the indexes company pages and competitor figures read by
-- (issue 5: server/search/indexes/companies.ts, server/modules/companies, competitors).

-- 1. Fields of the Ministry of Corporate Affairs company master (server/ingest/importers/mca.ts).
ALTER TABLE companies ADD COLUMN category      text;  -- Company limited by Shares, by Guarantee, Unlimited
ALTER TABLE companies ADD COLUMN sub_category  text;  -- Non-govt company, State Govt company, ...
ALTER TABLE companies ADD COLUMN company_class text;  -- Private, Public, One Person Company
ALTER TABLE companies ADD COLUMN nic_code      text;  -- National Industrial Classification code

-- 2. Paid-up capital bands, the facet the lister offers (common/companies.ts CAPITAL_BANDS).
CREATE FUNCTION company_capital_band(numeric) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN $1 IS NULL THEN NULL
    WHEN $1 < 1000000 THEN 'Up to 10 Lakh'
    WHEN $1 < 10000000 THEN '10 Lakh - 1 Crore'
    WHEN $1 < 100000000 THEN '1 - 10 Crore'
    WHEN $1 < 1000000000 THEN '10 - 100 Crore'
    ELSE 'Above 100 Crore'
  END $$;
ALTER TABLE companies ADD COLUMN capital_band text GENERATED ALWAYS AS (company_capital_band(paid_up_capital)) STORED;

-- 3. Text search: name and CIN first (the CIN as one 'simple' token, so a pasted CIN finds its
--    company), then place, then industry and type.
ALTER TABLE companies ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
     setweight(to_tsvector('english', coalesce(name, '')), 'A')
  || setweight(to_tsvector('simple', coalesce(cin, '')), 'A')
  || setweight(to_tsvector('english', coalesce(city, '') || ' ' || coalesce(state, '')), 'B')
  || setweight(to_tsvector('english', coalesce(industry, '') || ' ' || coalesce(company_type, '')), 'C')
) STORED;
CREATE INDEX companies_search ON companies USING gin (search_vector);

-- 4. The change log the search cache follows (002_search.sql), for the 'companies' index.
CREATE TRIGGER companies_search_insert AFTER INSERT ON companies
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_note_changes('companies');
CREATE TRIGGER companies_search_update AFTER UPDATE ON companies
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_note_changes('companies');
CREATE TRIGGER companies_search_delete AFTER DELETE ON companies
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_note_changes('companies');
CREATE TRIGGER companies_search_truncate AFTER TRUNCATE ON companies
  FOR EACH STATEMENT EXECUTE FUNCTION search_note_changes('companies');

-- 5. Typo-tolerant lookup (suggest_company, search_company_name_cin): trigram similarity on the
--    normalised name, prefix on the CIN. (companies_name_trgm on name exists since 001.)
CREATE INDEX companies_normalized_name_trgm ON companies USING gin (normalized_name gin_trgm_ops);
CREATE INDEX companies_cin_prefix ON companies (cin text_pattern_ops);

-- 6. Company pages and competitor figures.
CREATE INDEX projects_architect ON projects (architect_company_id);
CREATE INDEX projects_contractor ON projects (contractor_company_id);
CREATE INDEX competitors_company ON competitors (company_id);
CREATE INDEX unlocks_user_type ON unlocks (user_id, item_type, created_at DESC);
