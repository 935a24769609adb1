-- Importers (server/ingest/importers): runs with their reports, every rejected row, what each
-- imported tender or result was built from (for idempotent re-imports), and OCDS releases as
-- received (so releases of one ocid arriving in different files or runs merge into one tender).

CREATE TABLE import_runs (
  id          bigserial PRIMARY KEY,
  kind        text NOT NULL,                          -- ocds | gepnic | tenders-csv | tenders-json | results-csv | results-json
  source      text,                                   -- --source NAME
  files       text[] NOT NULL DEFAULT '{}',           -- file names as given (uploads: the original name)
  user_id     bigint REFERENCES users(id) ON DELETE SET NULL,  -- staff member who uploaded; null from the command line
  actor       text,                                   -- who ran it: e-mail, or 'cli:<os user>'
  dry_run     boolean NOT NULL DEFAULT false,
  status      text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'done', 'failed')),
  error       text,
  report      jsonb NOT NULL DEFAULT '{}',
  started_at  timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX import_runs_started ON import_runs (started_at DESC);

CREATE TABLE import_rejects (
  id         bigserial PRIMARY KEY,
  run_id     bigint NOT NULL REFERENCES import_runs(id) ON DELETE CASCADE,
  file       text NOT NULL,
  row_number integer,                                 -- spreadsheet row (header = 1) or JSON line; null for a whole file
  item_key   text,                                    -- ocid / tender id when known
  reason     text NOT NULL
);
CREATE INDEX import_rejects_run ON import_rejects (run_id, id);

-- 'tender:<ocid>' or 'result:<ocid>' → the hash of what was imported: the same content again is 'unchanged'.
CREATE TABLE import_items (
  key          text PRIMARY KEY,
  tender_id    bigint NOT NULL REFERENCES tenders(id) ON DELETE CASCADE,
  content_hash text NOT NULL,
  last_run_id  bigint REFERENCES import_runs(id) ON DELETE SET NULL,
  updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX import_items_tender ON import_items (tender_id);

CREATE TABLE ocds_releases (
  ocid         text NOT NULL,
  release_id   text NOT NULL,
  release_date timestamptz,
  data         jsonb NOT NULL,
  received_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (ocid, release_id)
);
