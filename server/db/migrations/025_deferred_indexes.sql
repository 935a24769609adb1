-- Secondary indexes a bulk load into empty tables set aside, to be built once it is done
-- (server/db/deferred-indexes.ts). Recorded in the same transaction that drops them, so a load
-- that dies half-way leaves them here and the next migrate() builds them.
CREATE TABLE deferred_indexes (
  name         text PRIMARY KEY,
  definition   text NOT NULL,
  deferred_at  timestamptz NOT NULL DEFAULT now()
);
