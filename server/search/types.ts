// The shapes of the search module: index definitions (what a lister can be searched by) and
// the typed query a URL parses into. See server/search/index.ts for the design.

/** How a field is stored and what filters it takes. */
export type FieldKind =
  /** scalar text, dictionary-coded: `field:value` (exact), `field:*text*` (contains) */
  | "keyword"
  /** text[]: a row matches a value when any element equals it */
  | "keywords"
  /** boolean: `field:true` / `field:false` */
  | "boolean"
  /** numeric: `field:[min TO max]`, `field:value` */
  | "number"
  /** timestamptz: ranges of UTC instants */
  | "timestamp"
  /** date (a UTC day; compared as its 00:00Z instant) */
  | "date"
  /** long text, not held in memory: `field:*text*` only, evaluated by SQL */
  | "text"
  /**
   * the searching user's own value for a row (e.g. their mark): `field:value` or `field:{A,B}`
   * among `options` only; rows are those `personalIds` answers, read per request, never cached
   */
  | "personal";

export interface FieldDef {
  kind: FieldKind;
  /** SQL expression over the base table's alias `t` (a column name from the definition, never user text). */
  column: string;
  /** Counted in /facets/. */
  facet?: boolean;
  /** At most this many options per facet (the selected ones are always added). Default 200. */
  facetLimit?: number;
  /** Human label, for `matched` reasons and exports. */
  label?: string;
  /** personal: the values a filter may ask for. */
  options?: readonly string[];
  /** personal: SQL answering the ids of rows whose value for `:user` is one of `:values` (text[]). */
  personalIds?: string;
}

export interface SortDef {
  /** A field of kind number/timestamp/date, or 'relevance'. */
  field: string;
  dir: "asc" | "desc";
}

export interface ExportColumn {
  header: string;
  /** Key of the result row. */
  key: string;
  format?: "text" | "number" | "boolean" | "list" | "date" | "datetime";
}

export interface IndexDefinition {
  /** Name used in the change log (search_changes.index_name) and cache registry. */
  name: string;
  /** Base table, aliased `t` in every query. Its key column is `id` (bigint). */
  table: string;
  /** The tsvector column for `q`, weighted A–D; null when the index has no text search. */
  textVector: string | null;
  textConfig: string;
  fields: Record<string, FieldDef>;
  /**
   * Identifier columns (a tender's portal Tender ID, its reference number): a search text that
   * looks like an id also finds rows where one equals it or starts with it, case-insensitively,
   * ranked first (identifiers.ts). Each needs a btree on lower(column) text_pattern_ops.
   */
  identifiers?: readonly string[];
  /** Accepted `sort` values → order. 'relevance' needs textVector. */
  sorts: Record<string, SortDef>;
  /** When q is empty and the sort is relevance (or absent). */
  defaultSort: string;
  /** Sort orders built with the in-memory copy (the listers' defaults), besides defaultSort. */
  warmSorts?: string[];
  pageSize: number;
  /** SELECT list of one result row over alias `t` (the page's rows are fetched by id). */
  resultColumns: string;
  exportColumns: ExportColumn[];
  /** Per-user parts, SQL written with `:user` for the user id (never user text). */
  personal: {
    /** Ids hidden from the user's lists unless search_all=true (leads they rejected). */
    hiddenIds: string;
    /** Ids with something the user unlocked (show_unlocked=true keeps only these). */
    unlockedIds: string;
    /** The user's mark on row t, as a text expression. */
    mark: string;
  };
}

// ───────────── the parsed query ─────────────

/** One condition on one field. Bounds of date/timestamp ranges are epoch microseconds (UTC). */
export type Condition =
  | { kind: "values"; field: string; values: string[] }
  | { kind: "wildcard"; field: string; pattern: string }
  | { kind: "range"; field: string; min: number | null; max: number | null }
  | { kind: "present"; field: string; present: boolean };

/** The conditions of one field: any of them (OR). Different groups AND. */
export interface FilterGroup {
  field: string;
  conditions: Condition[];
}

export interface SearchQuery {
  /** Search text after normalisation ('&' and ' and ' → spaces); null when empty. */
  q: string | null;
  /** The text as typed (for logs and saved searches); never searched. */
  oq: string | null;
  page: number;
  /** Key into the definition's sorts ('relevance' resolves to the default without q). */
  sort: string;
  /** The endpoint's default order, used when relevance has no text to rank by. */
  fallbackSort: string;
  /** User filters, one group per field (multi-select facets exclude their own group). */
  groups: FilterGroup[];
  /** Conditions the endpoint imposes (review queue, feed preferences): always AND, never excluded. */
  base: Condition[];
  showUnlocked: boolean;
  searchAll: boolean;
  /** websearch_to_tsquery's text of q, set by the engine before searching (relevance needs it). */
  tsquery?: string;
  /**
   * q finds rows only as a Tender ID or reference (identifiers.ts), not as text: set by
   * SearchEngine.identifierMatches, never from a URL.
   */
  identifiersOnly?: boolean;
}

/** Who is searching: their marks and unlocks shape the list. */
export interface Searcher {
  userId: number;
}

export interface FacetOption {
  text: string;
  count: number;
}

export interface PageResult {
  count: number;
  /** Ids of the page's rows, in order. */
  ids: number[];
}
