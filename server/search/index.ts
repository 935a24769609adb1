// The search module: one engine for every lister (projects now; tenders, results and companies
// add their own index definitions under indexes/).
//
// ── Pieces ──
//   types.ts     index definitions (fields with kinds, facets, sorts, page size, result and
//                export columns, per-user SQL) and the typed query.
//   parse.ts     the URL language → a validated SearchQuery (pure; 400 `{field: [message]}`).
//   fields.ts    fields and sorts looked up by request text: own keys only (never `__proto__`,
//                `constructor`…); an unknown name's 400 lists the allowed ones.
//   sql.ts       every condition as parameterised SQL; the SQL path (GROUP BY per facet,
//                OFFSET paging) that answers while the cache is cold or off; page row fetch.
//   store.ts     the in-process columnar copy of an index, kept fresh from search_changes.
//   text.ts      the full-text index in memory (postings per word, ranked as ts_rank ranks).
//   evaluate.ts  one pass: filters + every multi-select facet count + page by sort order.
//   engine.ts    chooses cache or SQL per request; text and per-user sets from the database.
//   identifiers.ts  a search text as a Tender ID or reference number: exact and prefix matches, first.
//   export.ts    streamed CSV / XLSX.
//
// ── The URL language (DESIGN.md) ──
//   q        search text; '&' and ' and ' become spaces (again, harmlessly). websearch_to_tsquery
//            ('english'): words AND, "quoted phrases", `or`, -exclusions. Text with no searchable
//            word (only stop words) filters nothing. Relevance = ts_rank over the A–D weights
//            against every distinct word of the search ORed (so each word found adds its
//            weight, whether the search ANDs or ORs them), then id desc.
//            An index with identifier columns (tenders, results: the portal Tender ID and the
//            reference number) also finds rows whose id equals q or starts with it (from 4
//            characters), case-insensitively, when q has a digit or one of / _ - .; in relevance
//            order those come first, exact before prefix (identifiers.ts). SearchEngine
//            .identifierMatches counts the identifier matches alone, under a query's filters
//            (the tenders lister's not_live_matches: what its live-only default leaves out).
//   oq       the text as typed; logged, never searched.
//   page     from 1 (default 1), at most 1,000,000; 20 rows a page.
//   sort     a key of the index's sorts: `relevance`, `newest`, `value desc`, `value asc`,
//            `retrieved_on desc`, `arrived_date asc`, … (also `-value`, `value+desc`). Ties by
//            id desc; nulls last. Relevance without q falls back to the endpoint's default.
//   filter   repeated. `field:value` (exact; values of one field OR, different fields AND),
//            `field:{A,"B C"}` (a list of values, PostgreSQL array syntax), `field:"a*b"` (exact,
//            stars literal), `field:*text*` (case-insensitive glob, `*` anywhere; `%` and `_`
//            are literal; `\*` is a star), `field:*` or `field:[* TO *]` (has a value),
//            `field:[min TO max]` / `field[min TO max]` with `*` open ends, inclusive. Numbers in
//            rupees. Dates: UTC ISO instants (2024-01-01T00:00:00Z; an offset or up to six
//            fraction digits allowed), a day 2024-01-01 (its 00:00Z; as an upper bound or alone,
//            the whole day), or NOW, NOW/DAY, NOW-30DAYS. A `date` column (start_date) is its
//            day's 00:00Z instant.
//   show_unlocked=true  only leads with at least one contact this user unlocked (unlocks of
//            item_type 'contact' joined through project_contacts).
//   search_all=true     also the leads this user marked 'rejected' (hidden by default).
//   The 'fresh' filter is `filter=retrieved_on:[<now − FRESH_DAYS> TO *]` from the web app: a
//   normal date range.
//
// ── Answers ──
//   Lists `{count, page, page_size, results}` with the exact count; a page past the end is
//   empty. Facets `{facets: {field: [{text, count}]}}`: each facet counted with every filter
//   but its own; options by count desc then text; at most facetLimit (200) options, plus any
//   selected value (with its count, 0 when none). Null and empty values are not options.
//
// ── Performance design ──
//   A naive GROUP BY per facet costs ~400 ms at 1M rows, so each API process keeps a columnar
//   copy of each index in memory (about 60 bytes a row): dense positions, dictionary codes per
//   facet, Float64Array values and instants. One pass marks each row's failed filter groups
//   and counts all facets together; pages come from sort orders built once per sort key (one
//   native sort of packed keys) by walking them, so page 5,000 costs a walk, not an OFFSET
//   scan; then only the page's rows are read from the database by id, with the user's marks.
//   Text search is in memory too (text.ts): every row's stored tsvector is inverted into
//   postings of (position, the word's share of ts_rank), so a common word searched for the
//   first time walks its postings (no GIN scan, heap visit and ts_rank per match); words come
//   from websearch_to_tsquery, so stemming is PostgreSQL's. Phrases go to the GIN index. The
//   user's rejected and unlocked sets are read per request.
//
// ── Freshness and correctness ──
//   The cache is a cache: the SQL path gives the same answers (tests compare them). Writes
//   land in search_changes (statement triggers, with the writing transaction's id); before
//   every answer the engine asks, in one round trip, for the changes of every transaction not
//   visible at its last sync and re-reads those rows, so a committed write is in the very next
//   search, in every API process. Too many changes, a TRUNCATE or a day without syncing mean a
//   reload. While a large index (over 200,000 rows) first loads, the SQL path answers.
//   SEARCH_CACHE=off forces the SQL path; SEARCH_CACHE=always waits for the cache.
export * from "./types.js";
export { parseSearchParams, parseFilters, parseFilter, normalizeQ, parsePage, parseSort, type RawSearchParams } from "./parse.js";
export { SearchEngine, searchEngine, type EngineMode } from "./engine.js";
export { exportStream, EXPORT_CONTENT_TYPES, type ExportFormat } from "./export.js";
export { fetchRows } from "./sql.js";
