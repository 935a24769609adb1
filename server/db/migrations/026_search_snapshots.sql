-- Search snapshots this database vouches for (server/search/store-snapshot.ts). A restarted API
-- process reads its search copy back from a snapshot file only when the file's token is here:
-- a file taken of another database, or of a copy of this one made before it was written, is
-- never used (its changes since could not be caught up from this database's change log).
CREATE TABLE search_snapshots (
  token       uuid PRIMARY KEY,
  index_name  text NOT NULL,
  taken_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX search_snapshots_index ON search_snapshots (index_name, taken_at DESC);
