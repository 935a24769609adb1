// Keeps one index's snapshot file (store-snapshot.ts) for its engine: reads it back at start,
// writes it after a load from the database, every SNAPSHOT_EVERY_MS while changes come, and when
// the process closes. One write at a time; a write that fails is logged and the next one tries
// again (answers never depend on a snapshot).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Db } from "../db/client.js";
import { SnapshotError } from "./snapshot-file.js";
import { loadStore, saveStore } from "./store-snapshot.js";
import type { ColumnStore } from "./store.js";
import type { IndexDefinition } from "./types.js";
import { isDatabaseUnavailable } from "../http/errors.js";

/** A changed copy is written again at most this often (and when the process closes). */
export const SNAPSHOT_EVERY_MS = 10 * 60_000;
/** Tokens kept per index (several processes may each have written one lately). */
const TOKENS_KEPT = 8;

export interface Restored {
  store: ColumnStore;
  bytes: number;
}

export class SnapshotKeeper {
  readonly file: string;
  /** What the file holds: which store, at which version, whether with its dense words (text.ts buildDense). */
  private saved: { store: ColumnStore; version: number; at: number; dense: boolean } | null = null;
  private writing: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly def: IndexDefinition,
    dir: string,
    private readonly log: (msg: string, err?: unknown) => void,
  ) {
    this.file = path.join(dir, `${def.name}.snapshot`);
  }

  /** The store of the snapshot file, when there is one this database vouches for; else null (and why, logged). */
  async restore(): Promise<Restored | null> {
    if (!fs.existsSync(this.file)) return null;
    try {
      const { store, meta, bytes } = await loadStore(this.def, this.file, async ({ token }) => {
        const known = await this.db.query(`SELECT 1 FROM search_snapshots WHERE token = $1 AND index_name = $2`, [token, this.def.name]);
        if (!known.rowCount) throw new SnapshotError("snapshot not taken of this database");
      });
      this.saved = { store, version: store.version, at: meta.takenAt, dense: hasDense(store) };
      return { store, bytes };
    } catch (err) {
      if (!(err instanceof SnapshotError)) throw err;
      this.log(`search snapshot ${this.file} not used: ${err.message}; loading from the database`);
      return null;
    }
  }

  /** True when the store has changed since it was last written, long enough ago. */
  due(store: ColumnStore, now = Date.now()): boolean {
    return !this.writing && (!this.saved || this.saved.store !== store || (!this.holds(store) && now - this.saved.at >= SNAPSHOT_EVERY_MS));
  }

  /** Whether the file holds this store as it is now (a load writes it before its dense words are made). */
  private holds(store: ColumnStore): boolean {
    return this.saved?.store === store && this.saved.version === store.version && this.saved.dense === hasDense(store);
  }

  /**
   * Writes the store unless that very state is already on disk (waits for a write under way);
   * compacting, without its deleted and replaced rows. Answers whether the file holds it now.
   */
  async save(store: ColumnStore, compact = false): Promise<boolean> {
    while (this.writing) await this.writing;
    if (!compact && this.holds(store)) return true;
    if (store.text && !store.textReady) return false; // the next change after the text loads writes it
    const writing = this.write(store, compact);
    this.writing = writing.then(() => undefined).finally(() => {
      this.writing = null;
    });
    return writing;
  }

  private async write(store: ColumnStore, compact: boolean): Promise<boolean> {
    const version = store.version;
    const dense = hasDense(store);
    const token = crypto.randomUUID();
    const started = Date.now();
    try {
      await this.db.query(`INSERT INTO search_snapshots (token, index_name) VALUES ($1, $2)`, [token, this.def.name]);
      const bytes = await saveStore(store, this.file, token, compact);
      this.saved = { store, version, at: started, dense };
      await this.db.query(
        `DELETE FROM search_snapshots WHERE index_name = $1 AND token NOT IN (SELECT token FROM search_snapshots WHERE index_name = $1 ORDER BY taken_at DESC LIMIT ${TOKENS_KEPT})`,
        [this.def.name],
      );
      this.log(`search snapshot for ${this.def.name}${compact ? " (compacted)" : ""}: ${(bytes / 1e6).toFixed(1)} MB in ${Date.now() - started} ms`);
      return true;
    } catch (err) {
      // The database gone for a moment is no fault of the snapshot: the next change writes one.
      if (isDatabaseUnavailable(err)) this.log(`search snapshot for ${this.def.name} not written: the database is unavailable (the next change writes it)`);
      else this.log(`search snapshot for ${this.def.name} could not be written`, err);
      return false;
    }
  }
}

const hasDense = (store: ColumnStore) => Boolean(store.text?.hasDense);
