// One index's in-memory copy over its lifetime: loaded from the database or read back from its
// snapshot, kept caught up with every committed write before each answer, compacted, written to
// its snapshot, and reported on (GET /api/ready). The engine (engine.ts) asks it for the copy to
// answer from, or null when plain SQL must answer. See index.ts for the design.
import type { Db } from "../db/client.js";
import { loadApart, type LoadApartSettings } from "./load-apart.js";
import { RunAfterArrival } from "./run-after-arrival.js";
import type { CopyReads } from "./replica.js";
import { SnapshotKeeper } from "./snapshots.js";
import { ColumnStore } from "./store.js";
import { warmTextSearch } from "./text-matches.js";
import type { EngineMode } from "./engine.js";
import type { IndexDefinition } from "./types.js";

/** Tables up to this many rows are loaded before the first answer; larger ones in the background. */
const LOAD_INLINE_ROWS = 200_000;
/** A store not synced for this long reloads (the change log keeps two days). */
export const MAX_SYNC_AGE_MS = 24 * 3600_000;

/** The primary's URL and the standby's (loads read it when set). */
export interface DatabaseUrls {
  primary: string;
  replica?: string;
}

export interface CopyFigures {
  rows: number;
  dead_rows: number;
  bytes: number;
  bytes_per_row: number;
  from: "snapshot" | "database";
  load_ms: number;
}

export class SearchCopy {
  private store: ColumnStore | null = null;
  private loading: Promise<ColumnStore> | null = null;
  /** Where the current copy came from, and how long that took. */
  loadedFrom: "snapshot" | "database" | null = null;
  loadMs = 0;
  private readonly snapshots: SnapshotKeeper | null;
  /** A snapshot is read once, at the first load; later loads (compaction, a reset) read the database. */
  private snapshotTried = false;

  constructor(
    /** The primary, and the standby loads and catch-ups read from when there is one. */
    readonly reads: CopyReads,
    private readonly def: IndexDefinition,
    /** The engine's mode, as it is now (tests and benchmarks change it). */
    private readonly mode: () => EngineMode,
    private readonly log: (msg: string, err?: unknown) => void,
    snapshotDir: string | null,
    /** Called when the copy answering changes, to another or to none (caches of its positions go). */
    private readonly changed: (store: ColumnStore | null) => void,
    /** The database URLs, when copies may be loaded in a process of their own (PostgreSQL). */
    urls: DatabaseUrls | null = null,
  ) {
    this.snapshots = snapshotDir ? new SnapshotKeeper(reads.primary, def, snapshotDir, log) : null;
    this.apart = urls && snapshotDir ? { url: urls.replica ?? urls.primary, primaryUrl: urls.primary, dir: snapshotDir } : null;
  }

  private readonly apart: LoadApartSettings | null;

  /** Writes (the change log's pruning, snapshot tokens) go to the primary. */
  private get db(): Db {
    return this.reads.primary;
  }

  /** Lets the copy go (the next answer loads another, or SQL answers). */
  drop() {
    this.store = null;
    this.changed(null);
  }

  /** Loads the store now (benchmarks, warm-up). */
  async warm(): Promise<void> {
    if (this.mode() === "sql" || this.store) return; // a second copy beside the first: never
    await this.load();
  }

  /**
   * Where the in-memory copy stands (GET /api/ready): 'off' when SEARCH_CACHE=off (plain SQL
   * answers, nothing to load); 'loaded' (rows and text); 'text loading' (a large index's second
   * pass: filters and facets from memory, text from SQL); 'loading' or 'cold' (SQL answers all).
   */
  copyStatus(): "off" | "loaded" | "text loading" | "loading" | "cold" {
    if (this.mode() === "sql") return "off";
    if (this.store) return !this.store.text || this.store.textReady ? "loaded" : "text loading";
    return this.loading ? "loading" : "cold";
  }

  /** The copy's size and origin (GET /api/ready); null without one. */
  copyFigures(): CopyFigures | null {
    const store = this.store;
    if (!store || !this.loadedFrom) return null;
    const bytes = store.heldBytes();
    const rows = store.liveCount;
    return { rows, dead_rows: store.deadCount, bytes, bytes_per_row: rows ? Math.round(bytes / rows) : 0, from: this.loadedFrom, load_ms: this.loadMs };
  }

  /** The store, caught up with every committed write; null when the SQL path must answer. */
  async ready(): Promise<ColumnStore | null> {
    if (this.mode() === "sql") return null;
    if (!this.store && !(await this.loadOrDefer())) return null;
    try {
      // The copy this request uses is the one the catch-up brought up to date (a background
      // reload may swap in a newer copy meanwhile; it is caught up by the next request).
      return await this.catchUp();
    } catch (err) {
      this.log(`search cache for ${this.def.name} could not catch up; answering from SQL`, err);
      this.drop();
      return null;
    }
  }

  /** Loads the copy now when that is quick (or required); else starts it and answers false. */
  private async loadOrDefer(): Promise<boolean> {
    if (this.mode() === "cache" || (await this.smallTable())) {
      await this.load();
      return true;
    }
    void this.load().catch(() => undefined);
    return false;
  }

  /** Whether the table is small enough to load inline: counted once, then as each copy installed found it. */
  private smallRows: boolean | null = null;
  private async smallTable(): Promise<boolean> {
    if (this.smallRows === null) {
      const r = await this.reads.bulk.query<{ n: number }>(`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${this.def.table} LIMIT ${LOAD_INLINE_ROWS}) x`);
      this.smallRows = r.rows[0].n < LOAD_INLINE_ROWS;
    }
    return this.smallRows;
  }

  private load(): Promise<ColumnStore> {
    this.loading ??= this.loadCopy().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  private async loadCopy(): Promise<ColumnStore> {
    const started = Date.now();
    const restored = await this.restoredCopy();
    if (restored) {
      this.install(restored, "snapshot", started);
      return restored;
    }
    const apart = await this.loadedApart();
    if (apart) {
      this.install(apart, "database", started);
      return apart;
    }
    const store = new ColumnStore(this.def, 1024);
    await store.loadAll(this.reads.bulk);
    this.warmSorts(store);
    // The text index is the second pass. A large index serves filters and facets from the copy
    // meanwhile (text from SQL). The snapshot is written once the copy is whole.
    const inline = this.mode() === "cache" || store.liveCount < LOAD_INLINE_ROWS;
    if (inline) {
      await store.loadText(this.reads.bulk);
      warmTextSearch(store, this.def);
      void this.snapshots?.save(store);
    } else {
      const textStarted = Date.now();
      void store
        .loadText(this.reads.bulk)
        .then(() => store.buildTextTables())
        .then(() => warmTextSearch(store, this.def))
        .then(() => this.log(`search text for ${this.def.name}: ${store.text?.size ?? 0} (row, word) pairs in ${Date.now() - textStarted} ms`))
        .then(() => this.snapshots?.save(store))
        .catch((err) => this.log(`search text for ${this.def.name} could not load; text searches use SQL`, err));
    }
    this.install(store, "database", started);
    await this.db.query(`DELETE FROM search_changes WHERE created_at < now() - interval '2 days'`).catch(() => undefined);
    return store;
  }

  /** The orders the lists start with, built before the copy serves anyone. */
  private warmSorts(store: ColumnStore) {
    for (const key of new Set([this.def.defaultSort, ...(this.def.warmSorts ?? [])])) {
      const sort = this.def.sorts[key];
      if (sort && sort.field !== "relevance") store.sortOrder(sort.field, sort.dir);
    }
  }

  /** Tables of at least this many rows are loaded in a process of their own (when one can be). */
  loadApartFrom = LOAD_INLINE_ROWS;
  /** How many copies were loaded in a process of their own (tests). */
  loadedApartCount = 0;

  /**
   * The copy loaded from the database by a process of its own (load-process.ts) into its
   * snapshot, read back and caught up: the load's memory leaves with that process. Null when
   * it cannot be (no PostgreSQL URL or snapshot folder, a small table) or failed (logged; the
   * copy is then loaded here).
   */
  private async loadedApart(): Promise<ColumnStore | null> {
    if (!this.apart || !this.snapshots) return null;
    if (this.loadApartFrom > 0 && (await this.smallTable())) return null;
    try {
      await loadApart(this.def.name, this.apart);
      const restored = await this.snapshots.restore();
      if (!restored) throw new Error("its snapshot could not be read back");
      if (!(await restored.store.catchUp(await this.reads.fresh()))) throw new Error("too much changed while it loaded");
      this.warmSorts(restored.store);
      warmTextSearch(restored.store, this.def);
      this.loadedApartCount++;
      return restored.store;
    } catch (err) {
      this.log(`search copy of ${this.def.name} could not be loaded in a process of its own; loading it here`, err);
      return null;
    }
  }

  /** The copy of the snapshot file, caught up with the database; null when there is none to use. */
  private async restoredCopy(): Promise<ColumnStore | null> {
    if (!this.snapshots || this.snapshotTried || this.store) return null;
    this.snapshotTried = true;
    try {
      const restored = await this.snapshots.restore();
      if (!restored) return null;
      if (Date.now() - restored.store.syncedAt >= MAX_SYNC_AGE_MS || !(await restored.store.catchUp(await this.reads.fresh()))) {
        this.log(`search snapshot for ${this.def.name} is too far behind the database; loading from the database`);
        return null;
      }
      warmTextSearch(restored.store, this.def);
      return restored.store;
    } catch (err) {
      this.log(`search snapshot for ${this.def.name} could not be read; loading from the database`, err);
      return null;
    }
  }

  private install(store: ColumnStore, from: "snapshot" | "database", started: number) {
    this.store = store;
    this.smallRows = store.liveCount < LOAD_INLINE_ROWS; // a table grown by an import reloads in the background
    this.changed(store);
    this.loadedFrom = from;
    this.loadMs = Date.now() - started;
    this.log(`search cache for ${this.def.name}: ${store.liveCount} rows from the ${from} in ${this.loadMs} ms`);
  }

  /** A copy holding more deleted and replaced rows than both of these is compacted. */
  compactAt = { rows: 10_000, share: 0.3 };
  private compacting: Promise<void> | null = null;
  /** The compaction under way, if any (tests wait for it). */
  get compaction(): Promise<void> | null {
    return this.compacting;
  }

  /**
   * A copy without its deleted and replaced rows, never beside a second copy: its compacted
   * snapshot is written (one new column at a time) while it serves, then it is let go and the
   * snapshot read back and caught up; without snapshots it is let go and loaded again. Searches
   * meanwhile are answered by SQL (or wait, for a small index), as at a cold start.
   */
  private compact(store: ColumnStore): Promise<void> {
    this.compacting ??= this.compactCopy(store).finally(() => {
      this.compacting = null;
    });
    return this.compacting;
  }

  private async compactCopy(store: ColumnStore): Promise<void> {
    try {
      const written = this.snapshots ? await this.snapshots.save(store, true) : false;
      if (this.store !== store) return;
      this.store = null;
      this.snapshotTried = !written;
      await this.load();
    } catch (err) {
      this.log(`search cache for ${this.def.name} could not be compacted`, err);
    }
  }

  /** Writes the copy's snapshot when it changed since the last (the process is closing). */
  async saveSnapshot(): Promise<void> {
    if (this.store && this.snapshots) await this.snapshots.save(this.store);
  }

  /** Every request waits for a catch-up that started after it arrived (concurrent ones share it). */
  private readonly catchUps = new RunAfterArrival(() => this.syncOnce());
  private catchUp(): Promise<ColumnStore | null> {
    return this.catchUps.run();
  }

  private prunedAt = Date.now();

  /** A new copy (when it can be had now), caught up past this request's arrival. */
  private async reloaded(): Promise<ColumnStore | null> {
    if (!(await this.loadOrDefer())) return null;
    const store = this.store;
    return store && (await store.catchUp(await this.reads.fresh())) ? store : null;
  }

  /** Brings the current copy up to date and answers it (null: answer from SQL for now). */
  private async syncOnce(): Promise<ColumnStore | null> {
    const store = this.store;
    if (!store) return this.reloaded();
    const fresh = Date.now() - store.syncedAt < MAX_SYNC_AGE_MS && (await store.catchUp(await this.reads.fresh()));
    if (!fresh) {
      // Too much changed (or a TRUNCATE, or a day without syncing): reload.
      if (this.store === store) this.store = null;
      return this.reloaded();
    }
    if (store.deadCount > Math.max(this.compactAt.rows, store.n * this.compactAt.share)) void this.compact(store);
    else if (this.snapshots?.due(store)) void this.snapshots.save(store);
    if (Date.now() - this.prunedAt > 3600_000) {
      this.prunedAt = Date.now();
      void this.db.query(`DELETE FROM search_changes WHERE created_at < now() - interval '2 days'`).catch(() => undefined);
    }
    return store;
  }
}
