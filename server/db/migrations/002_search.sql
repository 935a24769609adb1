-- Search support (server/search/).
--
-- 1. A change log every searchable table writes to, so each API process's in-memory search
--    cache can catch up with exactly the rows that changed since it last looked. Each row
--    records the writing transaction's id: a reader remembers the snapshot it synced at and
--    next time applies the changes of every transaction that was not yet visible then (still
--    running, or started later). Commit order never loses a change, whatever order the ids
--    were handed out in. row_ids NULL means "everything" (TRUNCATE): reload the index.
--    One row per statement (transition tables), so a bulk load of 5,000 rows writes one row.
CREATE TABLE search_changes (
  id          bigserial PRIMARY KEY,
  index_name  text NOT NULL,
  row_ids     bigint[],
  xid         xid8 NOT NULL DEFAULT pg_current_xact_id(),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX search_changes_xid ON search_changes (index_name, xid);

-- Generic: TG_ARGV[0] is the index name; the table's key column is `id`.
CREATE FUNCTION search_note_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    INSERT INTO search_changes (index_name, row_ids) VALUES (TG_ARGV[0], NULL);
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO search_changes (index_name, row_ids)
      SELECT TG_ARGV[0], array_agg(id) FROM old_rows HAVING count(*) > 0;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO search_changes (index_name, row_ids)
      SELECT TG_ARGV[0], array_agg(DISTINCT id) FROM (SELECT id FROM new_rows UNION ALL SELECT id FROM old_rows) c HAVING count(*) > 0;
  ELSE
    INSERT INTO search_changes (index_name, row_ids)
      SELECT TG_ARGV[0], array_agg(id) FROM new_rows HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER projects_search_insert AFTER INSERT ON projects
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_note_changes('projects');
CREATE TRIGGER projects_search_update AFTER UPDATE ON projects
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_note_changes('projects');
CREATE TRIGGER projects_search_delete AFTER DELETE ON projects
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_note_changes('projects');
CREATE TRIGGER projects_search_truncate AFTER TRUNCATE ON projects
  FOR EACH STATEMENT EXECUTE FUNCTION search_note_changes('projects');

-- 2. The projects' full-text vector also covers keywords and project types (issue 3: title,
--    description, owner, keywords, city). array_to_string is only STABLE in general; over
--    text[] it is deterministic, so this wrapper may be IMMUTABLE for a generated column.
CREATE FUNCTION search_join_text(text[]) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(array_to_string($1, ' '), '') $$;

ALTER TABLE projects DROP COLUMN search_vector;
ALTER TABLE projects ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
     setweight(to_tsvector('english', coalesce(title, '')), 'A')
  || setweight(to_tsvector('english', coalesce(owner_name, '') || ' ' || search_join_text(keywords)), 'B')
  || setweight(to_tsvector('english', coalesce(city, '') || ' ' || coalesce(district, '') || ' ' || coalesce(state, '')), 'B')
  || setweight(to_tsvector('english', coalesce(sector, '') || ' ' || search_join_text(project_type)), 'C')
  || setweight(to_tsvector('english', coalesce(description, '')), 'D')
) STORED;
CREATE INDEX projects_search ON projects USING gin (search_vector);

-- 3. Orders the SQL path (and the review queue, feed) can walk by index.
CREATE INDEX projects_arrived ON projects (arrived_date DESC, id DESC);
