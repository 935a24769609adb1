-- Import progress. A staff upload answers at once and runs as a job; the page polls the run for
-- these figures. Every run (the command line too) writes them as it goes, about once a second.
ALTER TABLE import_runs
  ADD COLUMN rows_read   integer NOT NULL DEFAULT 0,   -- rows, lines or releases read so far (the report's 'read')
  ADD COLUMN rows_total  integer,                      -- rows in the files, counted first when the format allows (CSV, JSON Lines); else null
  ADD COLUMN bytes_read  bigint NOT NULL DEFAULT 0,    -- bytes of the files parsed so far
  ADD COLUMN bytes_total bigint,                       -- size of the files
  -- Last sign of life. A run still 'running' long after it is taken to have died with its process.
  ADD COLUMN progress_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN file_sha256 text;                         -- an upload's content hash
-- One running import per uploaded file: a second upload of the same bytes while the first runs is refused.
CREATE UNIQUE INDEX import_runs_running_file ON import_runs (file_sha256) WHERE status = 'running';
