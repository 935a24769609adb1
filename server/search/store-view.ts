// A ColumnStore as a search worker sees it: the same shared arrays (shared.ts), described in a
// message. The API thread sends the description with each task (arrays in SharedArrayBuffers
// travel as references, not copies), so a worker reads the rows as of the task: the row count
// and every column's current array at the moment it was sent.
//
// Rows the API thread appends after that lie beyond the view's row count; a row it deletes
// meanwhile has its live bit cleared in place, which the task may or may not see — as if the
// search had come a moment earlier or later.
import type { EvalColumn, EvalStore } from "./evaluate.js";
import { columnTotals } from "./columns.js";
import type { SortOrder } from "./sort-order.js";
import type { ColumnStore } from "./store.js";
import type { IndexDefinition } from "./types.js";

export interface StoreView {
  /** Which store (one per load) and which of its versions. */
  store: number;
  version: number;
  def: IndexDefinition;
  n: number;
  liveCount: number;
  ids: Float64Array;
  live: Uint8Array;
  columns: [string, EvalColumn][];
  /** The sort orders the task walks (built by the API thread beforehand). */
  sorts: [string, SortOrder][];
}

const storeIds = new WeakMap<ColumnStore, number>();
let nextStoreId = 1;

/** The view of a store a task needs (its sort orders by key `field dir`). */
export function viewOf(store: ColumnStore, sortKeys: string[]): StoreView {
  let id = storeIds.get(store);
  if (id === undefined) storeIds.set(store, (id = nextStoreId++));
  const columns: [string, EvalColumn][] = [];
  for (const [name, col] of store.columns) {
    if (col.kind === "number") columns.push([name, { kind: "number", values: col.values }]);
    else if (col.kind === "keyword") columns.push([name, { kind: "keyword", codes: col.codes, dictSize: col.dictSize }]);
    else columns.push([name, { kind: "keywords", offsets: col.offsets, data: col.data, dictSize: col.dictSize }]);
  }
  const sorts: [string, SortOrder][] = sortKeys.map((key) => {
    const [field, dir] = key.split(" ") as [string, "asc" | "desc"];
    return [key, store.sortOrder(field, dir)];
  });
  return { store: id, version: store.version, def: store.def, n: store.n, liveCount: store.liveCount, ids: store.ids, live: store.live, columns, sorts };
}

/** An EvalStore over a view (in a worker). */
export class ViewStore implements EvalStore {
  readonly def: IndexDefinition;
  readonly n: number;
  readonly liveCount: number;
  readonly live: Uint8Array;
  readonly ids: Float64Array;
  readonly columns: ReadonlyMap<string, EvalColumn>;
  private readonly sorts: Map<string, SortOrder>;
  private readonly totals = new Map<string, Int32Array>();

  constructor(readonly view: StoreView) {
    this.def = view.def;
    this.n = view.n;
    this.liveCount = view.liveCount;
    this.live = view.live;
    this.ids = view.ids;
    this.columns = new Map(view.columns);
    this.sorts = new Map(view.sorts);
  }

  /** Sort orders of a later view of the same rows (rebuilt to cover more of them). */
  adoptSorts(sorts: [string, SortOrder][]) {
    for (const [key, order] of sorts) this.sorts.set(key, order);
  }

  facetTotals(field: string): Int32Array {
    let t = this.totals.get(field);
    if (!t) this.totals.set(field, (t = columnTotals(this.columns.get(field)!, this.live, this.n)));
    return t;
  }

  sortOrder(field: string, dir: "asc" | "desc"): SortOrder {
    const order = this.sorts.get(`${field} ${dir}`);
    if (!order) throw new Error(`the task brought no sort order ${field} ${dir}`);
    return order;
  }
}
