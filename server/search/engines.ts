// The process's search engines: one per index and database, made as the API's routes register,
// each keeping its copy as the search plugin configured (server/plugins/search.ts).
import type { Db } from "../db/client.js";
import type { DatabaseUrls } from "./copy.js";
import { SearchEngine, type EngineMode } from "./engine.js";
import type { IndexDefinition } from "./types.js";

const engines = new WeakMap<Db, Map<string, SearchEngine>>();

/** Every engine made so far over a database (the API's routes make theirs as they register). */
export function searchEnginesOf(db: Db): SearchEngine[] {
  return [...(engines.get(db)?.values() ?? [])];
}

/** How an engine's copy is kept, beside its database. */
export interface CopySettings {
  /** Where the index's snapshot file lives (SEARCH_SNAPSHOT_DIR; none: never read or written). */
  snapshotDir?: string | null;
  /** A hot standby the copy loads and catches up from (DATABASE_REPLICA_URL). */
  replica?: Db | null;
  /** The database URLs, so a copy can be loaded in a process of its own (PostgreSQL, with snapshots). */
  urls?: DatabaseUrls | null;
}

const settingsOf = new WeakMap<Db, CopySettings>();

/** Engines made over this database from now on keep their copies so (the search plugin says how). */
export function configureSearchCopies(db: Db, settings: CopySettings) {
  settingsOf.set(db, settings);
}

/** The process's engine for an index over a database (one per API process; each keeps its own cache). */
export function searchEngine(db: Db, def: IndexDefinition, log?: (msg: string, err?: unknown) => void): SearchEngine {
  let byName = engines.get(db);
  if (!byName) engines.set(db, (byName = new Map()));
  let e = byName.get(def.name);
  if (!e) {
    const env = process.env.SEARCH_CACHE;
    const mode: EngineMode = env === "off" ? "sql" : env === "always" ? "cache" : "auto";
    byName.set(def.name, (e = new SearchEngine(db, def, mode, log, settingsOf.get(db))));
  }
  return e;
}
