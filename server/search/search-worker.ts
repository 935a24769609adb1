// A search worker thread (pool.ts): runs tasks over views of the API thread's shared arrays.
// It keeps the view of each store version it last saw (with its facet totals) and its recent
// evaluations, so a list and its facets sent to the same worker share one pass.
import { parentPort } from "node:worker_threads";
import { ViewStore, type StoreView } from "./store-view.js";
import { EvalMemo, runTask, type EvalAnswer, type EvalTask } from "./task.js";

export interface WorkerRequest {
  id: number;
  view: StoreView;
  task: EvalTask;
}
export type WorkerReply = { id: number; answer: EvalAnswer } | { id: number; error: string } | { ready: true };

const memo = new EvalMemo();
/** The last view of each store (by store id). */
const views = new Map<number, ViewStore>();

function storeFor(view: StoreView): ViewStore {
  const have = views.get(view.store);
  // Same store and version: the same rows, so its facet totals still hold; a sort order rebuilt
  // since (same rows, a longer covered prefix) comes with the view and is taken.
  if (have && have.view.version === view.version && have.view.n === view.n) {
    have.adoptSorts(view.sorts);
    return have;
  }
  const store = new ViewStore(view);
  views.set(view.store, store);
  if (views.size > 16) views.delete(views.keys().next().value!);
  return store;
}

parentPort!.on("message", ({ id, view, task }: WorkerRequest) => {
  let reply: WorkerReply;
  try {
    const answer = runTask(storeFor(view), view.version, task, memo);
    reply = { id, answer };
  } catch (err) {
    reply = { id, error: err instanceof Error ? err.message : String(err) };
  }
  parentPort!.postMessage(reply);
});
parentPort!.postMessage({ ready: true } satisfies WorkerReply); // takes tasks from now on
