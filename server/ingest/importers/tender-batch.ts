// GePNIC pages and OCDS releases are written in batches of tenders (batch-store.ts), across
// files: a folder of one-tender pages is written BATCH_TENDERS pages at a time. The runner's
// guarantees stay, at batch granularity:
//   - a batch has its own savepoint; one the database refuses (SQLSTATE class 22/23) or holding an
//     item that cannot be written (RowError) is undone and split in halves until the item stands
//     alone, which is then written as before (upsertTender in a savepoint) and rejected alone;
//   - a file that stops being readable part-way is undone alone: its tenders still waiting are
//     dropped, and those already written (a big file is written as it is read) are undone by the
//     file's savepoint, opened before its first batch is written (earlier files' tenders are
//     written before it, outside it);
//   - rejects, counts and progress keep the file's order; progress counts rows once written.
import { setImmediate as nextTurn } from "node:timers/promises";
import type { Tx } from "../../db/client.js";
import { setChangeSource } from "../../modules/changes/source.js";
import { upsertTenders } from "./batch-store.js";
import type { TenderInput, Unit } from "./model.js";
import { assertWebUrls, upsertTender, type Outcome, type StoreStats } from "./store.js";
import { RowError } from "./values.js";

/** Tenders per batch: big enough that a statement's cost is spread thin, small enough to split quickly. */
export const BATCH_TENDERS = 250;

type TenderUnit = Extract<Unit, { type: "tender" }>;
type Refused = { reason: string };

/** One file being read, as the runner counts it. */
export interface BatchFile {
  /** Its name, as the run reports it (and as a change it makes says where it came from). */
  name: string;
  counts: { created: number; updated: number; unchanged: number; skipped: number };
  reject(row: number | null, reason: string, key?: string): void;
}

interface Entry {
  file: BatchFile;
  unit: TenderUnit | Extract<Unit, { type: "reject" }>;
  /** Rows read (the whole run) when it was read: progress once it is written. */
  rowsRead: number;
}

export interface BatcherOptions {
  runId: number;
  stats: StoreStats;
  afterTenderRow?(n: number, ocid: string): void | Promise<void>;
  /** Rows read so far in the run. */
  rowsRead(): number;
  /** Told the rows read up to the last item written. */
  onWritten(rowsRead: number): void;
  /** Marks the warnings and place counts; the function answered undoes what came after (a batch built again after a split). */
  mark(): () => void;
  isDataError(err: unknown): boolean;
}

export class TenderBatcher {
  private pending: Entry[] = [];
  private keys = new Set<string>();
  private tenders = 0;
  /** Each waiting tender's file: a batch may hold several files' tenders, and each change says its own file. */
  private fileNames = new WeakMap<TenderUnit, string>();

  constructor(private tx: Tx, private opts: BatcherOptions) {}

  /**
   * Reads one file's units into the batch, writing full batches. A FileError (or file system
   * error) from reading, or from writing this file's own batch, undoes this file alone and is
   * rethrown with `written` (something of the file had been or would have been written).
   */
  async readFile(file: BatchFile, units: AsyncIterable<Unit>, onUnit: () => void, isFileError: (err: unknown) => boolean): Promise<void> {
    if (this.tenderCount() >= BATCH_TENDERS) await this.flush();
    const state = { opened: false, others: false };
    let own = 0;
    try {
      for await (const u of units) {
        // The embedded database answers without real I/O: let the server read requests meanwhile.
        await nextTurn();
        onUnit();
        if (u.type === "skip") file.counts.skipped += 1;
        else if (u.type === "reject") this.pending.push({ file, unit: u, rowsRead: this.opts.rowsRead() });
        else if (u.type === "tender") {
          if (this.keys.has(u.key)) {
            await this.flushWithin(file, state);
            own = 0;
          }
          this.pending.push({ file, unit: u, rowsRead: this.opts.rowsRead() });
          this.fileNames.set(u, file.name);
          this.keys.add(u.key);
          // Pages of other files are written at file boundaries; a big file, as it is read.
          if (++own >= BATCH_TENDERS) {
            await this.flushWithin(file, state);
            own = 0;
          }
        } else throw new Error(`a ${u.type} unit cannot be batched`);
      }
      if (state.opened) await this.tx.query("RELEASE SAVEPOINT import_file");
    } catch (err) {
      // Only an error of this file's own reading or writing undoes it alone.
      if (!isFileError(err) || state.others) throw err;
      const mine = this.pending.filter((e) => e.file === file);
      this.pending = this.pending.filter((e) => e.file !== file);
      this.keys = new Set(this.pending.flatMap((e) => (e.unit.type === "tender" ? [e.unit.key] : [])));
      if (state.opened) {
        await this.tx.query("ROLLBACK TO SAVEPOINT import_file");
        await this.tx.query("RELEASE SAVEPOINT import_file");
      } else await this.flush(); // earlier files: their rejects come before this file's error
      const c = file.counts;
      throw Object.assign(err as Error, { written: c.created + c.updated + c.unchanged > 0 || mine.some((e) => e.unit.type === "tender") });
    }
  }

  /** Writes everything waiting (end of the run, or before a file's error is reported). */
  async flush(): Promise<void> {
    const entries = this.pending;
    this.pending = [];
    this.keys = new Set();
    await this.write(entries);
  }

  private tenderCount(): number {
    return this.keys.size;
  }

  /** A batch written while a file is read: earlier files' items first, then this file's in its savepoint. */
  private async flushWithin(file: BatchFile, state: { opened: boolean; others: boolean }): Promise<void> {
    const before = this.pending.filter((e) => e.file !== file);
    if (before.length) {
      this.pending = this.pending.filter((e) => e.file === file);
      state.others = true;
      await this.write(before);
      state.others = false;
    }
    if (!state.opened) {
      await this.tx.query("SAVEPOINT import_file");
      state.opened = true;
    }
    await this.flush();
  }

  /** Writes the tenders, then reports every item in its order. */
  private async write(entries: Entry[]): Promise<void> {
    const tenders = entries.filter((e): e is Entry & { unit: TenderUnit } => e.unit.type === "tender");
    const outcomes = await this.writeTenders(tenders.map((e) => e.unit));
    let k = 0;
    for (const e of entries) {
      if (e.unit.type === "reject") {
        e.file.reject(e.unit.row, e.unit.reason, e.unit.key);
        continue;
      }
      const o = outcomes[k++];
      if (typeof o === "string") e.file.counts[o] += 1;
      else e.file.reject(e.unit.row, o.reason, e.unit.key);
    }
    if (entries.length) this.opts.onWritten(entries[entries.length - 1].rowsRead);
  }

  /** A batch in its savepoint; refused: undone and split in halves until the refused item stands alone. */
  private async writeTenders(units: TenderUnit[]): Promise<(Outcome | Refused)[]> {
    if (units.length === 0) return [];
    if (units.length === 1) return [await this.writeOne(units[0])];
    const undoNotes = this.opts.mark();
    const stats = { ...this.opts.stats };
    await this.tx.query("SAVEPOINT import_batch");
    try {
      const inputs = await this.build(units);
      await this.noteFiles(units, inputs);
      for (const t of inputs) assertWebUrls(t);
      if (new Set(inputs.map((t) => t.ocid)).size < inputs.length) throw new RowError("one tender twice in a batch"); // split until apart
      const base = this.tenders;
      const outcomes = await upsertTenders(this.tx, inputs, this.opts.runId, stats, (i, ocid) => this.opts.afterTenderRow?.(base + i + 1, ocid));
      await this.tx.query("RELEASE SAVEPOINT import_batch");
      this.tenders = base + units.length;
      Object.assign(this.opts.stats, stats);
      return outcomes;
    } catch (err) {
      if (!(err instanceof RowError) && !this.opts.isDataError(err)) throw err;
      await this.tx.query("ROLLBACK TO SAVEPOINT import_batch");
      await this.tx.query("RELEASE SAVEPOINT import_batch");
      undoNotes();
      const half = Math.ceil(units.length / 2);
      return [...(await this.writeTenders(units.slice(0, half))), ...(await this.writeTenders(units.slice(half)))];
    }
  }

  /** Tells the change triggers each tender's file (set inside the savepoint: undone with it, set again by the retry). */
  private noteFiles(units: TenderUnit[], inputs: TenderInput[]): Promise<void> {
    const files = new Map(inputs.map((t, i) => [t.ocid, this.fileNames.get(units[i]) ?? ""]));
    return setChangeSource(this.tx, { kind: "import", runId: this.opts.runId, files });
  }

  /** Each unit's tender: those sharing a buildMany built together, the others one by one. */
  private async build(units: TenderUnit[]): Promise<TenderInput[]> {
    const many = new Map<NonNullable<TenderUnit["buildMany"]>, string[]>();
    for (const u of units) if (u.buildMany) many.set(u.buildMany, [...(many.get(u.buildMany) ?? []), u.key]);
    const built = new Map<TenderUnit["buildMany"], Map<string, () => TenderInput>>();
    for (const [buildMany, keys] of many) built.set(buildMany, await buildMany(this.tx, keys));
    const inputs: TenderInput[] = [];
    for (const u of units) inputs.push(u.buildMany ? built.get(u.buildMany)!.get(u.key)!() : await u.build(this.tx));
    return inputs;
  }

  /** One tender as the runner writes any item: in its own savepoint, rejected alone when refused. */
  private async writeOne(u: TenderUnit): Promise<Outcome | Refused> {
    await this.tx.query("SAVEPOINT import_item");
    try {
      const input = await u.build(this.tx);
      await this.noteFiles([u], [input]);
      const n = ++this.tenders;
      const { outcome } = await upsertTender(this.tx, input, this.opts.runId, this.opts.stats, { afterTenderRow: (_id, ocid) => this.opts.afterTenderRow?.(n, ocid) });
      await this.tx.query("RELEASE SAVEPOINT import_item");
      return outcome;
    } catch (err) {
      if (!(err instanceof RowError) && !this.opts.isDataError(err)) throw err;
      await this.tx.query("ROLLBACK TO SAVEPOINT import_item");
      await this.tx.query("RELEASE SAVEPOINT import_item");
      return { reason: err instanceof RowError ? err.message : `the database refused it: ${(err as Error).message}` };
    }
  }
}
