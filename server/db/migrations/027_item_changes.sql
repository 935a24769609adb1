-- Every change an import or a staff edit makes to a tender or a lead, kept field by field with
-- its old and new value, when it was found and where it came from (issue 19: a moved closing
-- date, a new corrigendum or BOQ, a lead's new status, told to the people who follow the item).
--
-- Detected by the database itself, inside the writing transaction: statement triggers compare
-- each updated row's old and new values (transition tables: one statement per batch of an
-- import, not a call per row), so every write path is covered and an unchanged value is never a
-- change. Only writes that say where they come from are recorded: the writer sets
-- `infrascout.change_source` for its transaction (server/modules/changes/source.ts) —
--   {"kind": "import", "run_id": 12, "file": "a.json", "files": {"<ocid>": "<file>"}}
--   {"kind": "staff", "user_id": 3}
-- Writes without it (seeding, migrations, the search copy's bookkeeping) record nothing. An item
-- created in the same transaction has no changes: it is new (created_at = now() there).

CREATE TABLE change_sets (
  id             bigserial PRIMARY KEY,
  item_type      text NOT NULL CHECK (item_type IN ('tender','project')),
  item_id        bigint NOT NULL,
  -- the writing transaction: one import's (or one save's) changes to an item are one set, one message
  tx             bigint NOT NULL DEFAULT txid_current(),
  detected_at    timestamptz NOT NULL DEFAULT now(),
  source_kind    text NOT NULL CHECK (source_kind IN ('import','staff')),
  import_run_id  bigint REFERENCES import_runs(id) ON DELETE SET NULL,
  source_file    text,
  staff_user_id  bigint REFERENCES users(id) ON DELETE SET NULL,
  -- when its followers were told (notifications); NULL: not yet
  notified_at    timestamptz,
  UNIQUE (item_type, item_id, tx)
);
CREATE INDEX change_sets_item ON change_sets (item_type, item_id, detected_at DESC);
CREATE INDEX change_sets_unnotified ON change_sets (id) WHERE notified_at IS NULL;
CREATE INDEX change_sets_run ON change_sets (import_run_id) WHERE import_run_id IS NOT NULL;

CREATE TABLE item_changes (
  id             bigserial PRIMARY KEY,
  change_set_id  bigint NOT NULL REFERENCES change_sets(id) ON DELETE CASCADE,
  field          text NOT NULL,
  old_value      jsonb,
  new_value      jsonb
);
CREATE INDEX item_changes_set ON item_changes (change_set_id);

-- A timestamp as change values keep it: UTC, to the second, whatever the session's time zone.
CREATE FUNCTION change_ts(t timestamptz) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT to_jsonb(to_char(t AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'))
$$;

-- The transaction's change source, or NULL when it set none (nothing is recorded then).
CREATE FUNCTION change_source() RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT nullif(current_setting('infrascout.change_source', true), '')::jsonb
$$;

-- Records (item id, ocid or NULL, field, old, new) rows as changes of one item type, one set
-- per item in this transaction. The file of an import: the item's own (by ocid), else the run's.
CREATE FUNCTION record_changes(kind text, diffs jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  src jsonb := change_source();
BEGIN
  IF src IS NULL OR diffs IS NULL OR jsonb_array_length(diffs) = 0 THEN RETURN; END IF;
  WITH d AS (
    SELECT (x->>'id')::bigint AS item_id, x->>'ocid' AS ocid, x->>'field' AS field, x->'old' AS old_value, x->'new' AS new_value, ord
      FROM jsonb_array_elements(diffs) WITH ORDINALITY AS e(x, ord)
  ), sets AS (
    INSERT INTO change_sets (item_type, item_id, source_kind, import_run_id, source_file, staff_user_id)
    SELECT DISTINCT ON (d.item_id) kind, d.item_id, src->>'kind', (src->>'run_id')::bigint,
           coalesce(src->'files'->>d.ocid, src->>'file'), (src->>'user_id')::bigint
      FROM d ORDER BY d.item_id
    ON CONFLICT (item_type, item_id, tx) DO UPDATE SET detected_at = change_sets.detected_at
    RETURNING id, item_id
  )
  INSERT INTO item_changes (change_set_id, field, old_value, new_value)
  SELECT s.id, d.field, nullif(d.old_value, 'null'), nullif(d.new_value, 'null')
    FROM d JOIN sets s ON s.item_id = d.item_id ORDER BY d.ord;
END $$;

CREATE FUNCTION tender_changes_note() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF change_source() IS NULL THEN RETURN NULL; END IF;
  PERFORM record_changes('tender', (
    SELECT jsonb_agg(jsonb_build_object('id', n.id, 'ocid', n.ocid, 'field', v.field, 'old', v.old, 'new', v.new) ORDER BY n.id, v.ord)
      FROM old_rows o JOIN new_rows n ON n.id = o.id
     CROSS JOIN LATERAL (VALUES
       (1, 'title', to_jsonb(o.title), to_jsonb(n.title)),
       (2, 'tender_status', to_jsonb(o.tender_status), to_jsonb(n.tender_status)),
       (3, 'closing_date', change_ts(o.closing_date), change_ts(n.closing_date)),
       (4, 'opening_date', change_ts(o.opening_date), change_ts(n.opening_date)),
       (5, 'prebid_date', change_ts(o.prebid_date), change_ts(n.prebid_date)),
       (6, 'value', to_jsonb(o.value), to_jsonb(n.value)),
       (7, 'emd', to_jsonb(o.emd), to_jsonb(n.emd)),
       (8, 'tender_fee', to_jsonb(o.tender_fee), to_jsonb(n.tender_fee))
     ) AS v(ord, field, old, new)
     WHERE v.old IS DISTINCT FROM v.new AND n.created_at <> now()
  ));
  RETURN NULL;
END $$;
CREATE TRIGGER tenders_changes_update AFTER UPDATE ON tenders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tender_changes_note();

CREATE FUNCTION project_changes_note() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF change_source() IS NULL THEN RETURN NULL; END IF;
  PERFORM record_changes('project', (
    SELECT jsonb_agg(jsonb_build_object('id', n.id, 'field', v.field, 'old', v.old, 'new', v.new) ORDER BY n.id, v.ord)
      FROM old_rows o JOIN new_rows n ON n.id = o.id
     CROSS JOIN LATERAL (VALUES
       (1, 'title', to_jsonb(o.title), to_jsonb(n.title)),
       (2, 'status', to_jsonb(o.status), to_jsonb(n.status)),
       (3, 'stage', to_jsonb(o.stage), to_jsonb(n.stage)),
       (4, 'value', to_jsonb(o.value), to_jsonb(n.value)),
       (5, 'start_date', to_jsonb(o.start_date::text), to_jsonb(n.start_date::text)),
       (6, 'completion_date', to_jsonb(o.completion_date::text), to_jsonb(n.completion_date::text))
     ) AS v(ord, field, old, new)
     WHERE v.old IS DISTINCT FROM v.new AND n.created_at <> now()
  ));
  RETURN NULL;
END $$;
CREATE TRIGGER projects_changes_update AFTER UPDATE ON projects
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION project_changes_note();

-- Documents, corrigenda and contacts added to (or taken off) an item that existed before this
-- transaction: a change of field 'document', 'corrigendum' or 'contact', old NULL when added.
CREATE FUNCTION tender_children_note() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added boolean := TG_OP = 'INSERT';
BEGIN
  IF change_source() IS NULL THEN RETURN NULL; END IF;
  IF TG_TABLE_NAME = 'tender_documents' THEN
    PERFORM record_changes('tender', (
      SELECT jsonb_agg(jsonb_build_object('id', t.id, 'ocid', t.ocid, 'field', 'document',
               CASE WHEN added THEN 'new' ELSE 'old' END, to_jsonb(r.file_name)) ORDER BY r.id)
        FROM changed_docs r JOIN tenders t ON t.id = r.tender_id WHERE t.created_at <> now()));
  ELSE
    PERFORM record_changes('tender', (
      SELECT jsonb_agg(jsonb_build_object('id', t.id, 'ocid', t.ocid, 'field', 'corrigendum',
               CASE WHEN added THEN 'new' ELSE 'old' END, to_jsonb(r.title)) ORDER BY r.id)
        FROM changed_corrigenda r JOIN tenders t ON t.id = r.tender_id WHERE t.created_at <> now()));
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER tender_documents_changes_insert AFTER INSERT ON tender_documents
  REFERENCING NEW TABLE AS changed_docs FOR EACH STATEMENT EXECUTE FUNCTION tender_children_note();
CREATE TRIGGER tender_documents_changes_delete AFTER DELETE ON tender_documents
  REFERENCING OLD TABLE AS changed_docs FOR EACH STATEMENT EXECUTE FUNCTION tender_children_note();
CREATE TRIGGER tender_corrigenda_changes_insert AFTER INSERT ON tender_corrigenda
  REFERENCING NEW TABLE AS changed_corrigenda FOR EACH STATEMENT EXECUTE FUNCTION tender_children_note();
CREATE TRIGGER tender_corrigenda_changes_delete AFTER DELETE ON tender_corrigenda
  REFERENCING OLD TABLE AS changed_corrigenda FOR EACH STATEMENT EXECUTE FUNCTION tender_children_note();

-- A contact as a lead's change shows it: name and designation (never a phone or an e-mail).
CREATE FUNCTION project_children_note() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  side text := CASE WHEN TG_OP = 'INSERT' THEN 'new' ELSE 'old' END;
BEGIN
  IF change_source() IS NULL THEN RETURN NULL; END IF;
  IF TG_TABLE_NAME = 'project_documents' THEN
    PERFORM record_changes('project', (
      SELECT jsonb_agg(jsonb_build_object('id', p.id, 'field', 'document', side, to_jsonb(r.title)) ORDER BY r.id)
        FROM changed_docs r JOIN projects p ON p.id = r.project_id WHERE p.created_at <> now()));
  ELSE
    PERFORM record_changes('project', (
      SELECT jsonb_agg(jsonb_build_object('id', p.id, 'field', 'contact', side,
               to_jsonb(c.name || coalesce(', ' || nullif(c.designation, ''), ''))) ORDER BY r.contact_id)
        FROM changed_contacts r JOIN projects p ON p.id = r.project_id JOIN contacts c ON c.id = r.contact_id
       WHERE p.created_at <> now()));
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER project_documents_changes_insert AFTER INSERT ON project_documents
  REFERENCING NEW TABLE AS changed_docs FOR EACH STATEMENT EXECUTE FUNCTION project_children_note();
CREATE TRIGGER project_documents_changes_delete AFTER DELETE ON project_documents
  REFERENCING OLD TABLE AS changed_docs FOR EACH STATEMENT EXECUTE FUNCTION project_children_note();
CREATE TRIGGER project_contacts_changes_insert AFTER INSERT ON project_contacts
  REFERENCING NEW TABLE AS changed_contacts FOR EACH STATEMENT EXECUTE FUNCTION project_children_note();
CREATE TRIGGER project_contacts_changes_delete AFTER DELETE ON project_contacts
  REFERENCING OLD TABLE AS changed_contacts FOR EACH STATEMENT EXECUTE FUNCTION project_children_note();
