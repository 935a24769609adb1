// The search engine: one engine behind every lister — leads (list/search, the review queue,
// My Feed), companies, tenders and results, and the dashboard's and alert digests' counts. Each
// lister is an index definition under indexes/ (its fields, facets, sorts, page size, export
// columns); the URL language below is the same for all of them.
//
// ── Why it exists ──
//   A lister's answer is an exact count, one page in any sort order, and multi-select facets
//   (each counted with every filter but its own). Asked of PostgreSQL on every request that is a
//   count, an OFFSET scan and a GROUP BY per facet: too slow at a million rows for a list that
//   redraws on every click (bench/search.ts runs both side by side). So each API process keeps a
//   columnar copy of each index in memory (store.ts) and answers from it: one pass over typed
//   arrays applies the filters and counts every facet together (evaluate.ts), the page comes from
//   walking a sort order built once per sort key, and only that page's rows are read from the
//   database, by id, with the user's marks. Text search is in memory too (text.ts): postings built
//   from each row's stored tsvector, with PostgreSQL's own stemming and ts_rank arithmetic.
//
// ── One copy per machine, every core, instant restarts ──
//   The copy is compact (facets as dictionary codes, postings as varint gaps with one-byte score
//   codes: about 200 bytes a row) and lives in SharedArrayBuffers: a pool of worker threads
//   (pool.ts, one per core) runs each search over the very same memory — every worker a share of
//   its rows, then a share of its facets (split-search.ts) — so one process per machine uses
//   every core with one copy, for one search as for many. Each copy is written to a snapshot file
//   (snapshots.ts) after a load, every ten minutes of changes and at close; a restart reads it
//   back in the time the bytes take to read and catches up from the change log, instead of
//   rebuilding from every row. Compaction (dropping deleted rows) goes through a compacted
//   snapshot, so two copies are never held at once.
//
// ── Why it can be trusted ──
//   The copy is a cache of PostgreSQL, never a second store. The SQL path (sql.ts) gives the same
//   answers (tests compare the two) and answers while an index of more than 200,000 rows first
//   loads, and always with SEARCH_CACHE=off (SEARCH_CACHE=always waits for the copy instead);
//   phrases, and any text while the text index loads, take their matches from the GIN index and
//   the rest from the copy. Writes land in search_changes (statement triggers, with the writing
//   transaction's id); before every answer the engine fetches, in one round trip, the changes of
//   every transaction its last sync could not see and re-reads those rows, so a committed write
//   is in the very next search in every API process. A TRUNCATE, too many changes or a day
//   without syncing mean a reload.
//
// ── Pieces ──
//   types.ts     index definitions and the typed query.
//   parse.ts     the URL language → a validated SearchQuery (pure; 400 `{field: [message]}`).
//   fields.ts    fields and sorts looked up by request text: own keys only (never `__proto__`,
//                `constructor`…); an unknown name's 400 lists the allowed ones.
//   sql.ts       every condition as parameterised SQL; the SQL path; the page's row fetch.
//   store.ts     the columnar copy, kept fresh from search_changes.
//   text.ts      the full-text index in memory; tsquery.ts a search's words as PostgreSQL parsed
//                them; sorted-sets.ts its words' postings combined (and, or, not); text-rank.ts
//                ts_rank's arithmetic and the relevance order (a counting sort).
//   evaluate.ts  filters (fused.ts: one generated pass) + every facet count + the page by sort order.
//   engine.ts    copy or SQL per request; text and the user's sets from the database.
//   engines.ts   the process's engine per index and database, and how their copies are kept.
//   copy.ts      the copy's lifetime: loaded or read back, caught up before each answer,
//                compacted, written to its snapshot, reported on (/api/ready); its catch-ups
//                coalesced by run-after-arrival.ts.
//   text-matches.ts  the rows a search text finds in the copy's text index; relevance.ts their
//                relevance order made only as far as a page needs (the best few by one pass).
//   pair-counts.ts, pair-search.ts  facet counts kept per pair of fields: everything, or one small
//                facet's values ticked, answered without a pass over the rows.
//   word-counts.ts, word-search.ts  facet counts kept for the commonest words: one common word
//                typed, no filter, answered without a pass over its millions of rows.
//   copy-search.ts, task.ts, pool.ts, search-worker.ts, store-view.ts, split-search.ts
//                a search's pass as tasks, run by worker threads over a view of the shared copy:
//                each evaluates a share of the rows, then counts every facet over it (or the
//                API thread runs it all, for a small copy).
//   replica.ts   loads and catch-ups from a hot standby (DATABASE_REPLICA_URL), as fresh as the primary.
//   load-apart.ts, load-process.ts
//                a large copy loaded by a process of its own into its snapshot, then read back
//                (the load's memory leaves with that process).
//   snapshots.ts, store-snapshot.ts, snapshot-file.ts
//                the copy to and from its checksummed snapshot file, vouched for by the database.
//   postings.ts  the text index's compressed postings.
//   identifiers.ts  a search text as a Tender ID or reference number: exact and prefix matches, first.
//   export.ts    streamed CSV / XLSX.
//
// ── The URL language ──
//   q        search text; '&' and ' and ' become spaces. websearch_to_tsquery('english'): words
//            AND, "quoted phrases", `or`, -exclusions; text of stop words only filters nothing.
//            Relevance = ts_rank over the A–D weights against every distinct word of the search
//            ORed (each word found adds its weight), then id desc. Indexes with identifier
//            columns (tenders, results) also find rows whose Tender ID or reference number equals
//            q or starts with it (from 4 characters), case-insensitively, when q has a digit or
//            one of / _ - .; those come first in relevance order, exact before prefix.
//   oq       the text as typed; logged, never searched.
//   page     from 1 (default 1), at most 1,000,000; 20 rows a page.
//   sort     a key of the index's sorts: `relevance`, `newest`, `value desc`, `value asc`, …
//            (also `-value`, `value+desc`). Ties by id desc; nulls last. Relevance without q
//            falls back to the endpoint's default.
//   filter   repeated. `field:value` (exact; values of one field OR, different fields AND),
//            `field:{A,"B C"}` (a list of values, PostgreSQL array syntax), `field:"a*b"` (exact,
//            stars literal), `field:*text*` (case-insensitive glob; `%` and `_` literal; `\*` is
//            a star), `field:*` or `field:[* TO *]` (has a value), `field:[min TO max]` /
//            `field[min TO max]` with `*` open ends, inclusive. Numbers in rupees. Dates: UTC ISO
//            instants (an offset or up to six fraction digits allowed), a day 2024-01-01 (its
//            00:00Z; as an upper bound or alone, the whole day), or NOW, NOW/DAY, NOW-30DAYS.
//   show_unlocked=true  only leads with a contact this user unlocked.
//   search_all=true     also the leads this user marked 'rejected' (hidden by default).
//
// ── Answers ──
//   Lists `{count, page, page_size, results}` with the exact count; a page past the end is
//   empty. Facets `{facets: {field: [{text, count}]}}`: options by count desc then text, at most
//   the field's facetLimit (200), plus any selected value (0 when none). Null and empty values
//   are not options.
export * from "./types.js";
export { parseSearchParams, parseFilters, parseFilter, normalizeQ, parsePage, parseSort, type RawSearchParams } from "./parse.js";
export { SearchEngine, type EngineMode } from "./engine.js";
export { searchEngine } from "./engines.js";
export { exportStream, EXPORT_CONTENT_TYPES, type ExportFormat } from "./export.js";
export { fetchRows } from "./sql.js";
