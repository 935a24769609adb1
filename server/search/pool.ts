// The search workers: a pool of threads that run evaluations (task.ts) over the shared copy,
// so searches use every core while the API thread answers requests. One pool per process, of
// SEARCH_WORKERS threads (default: one per core; 0 = evaluate on the API thread).
//
// A task goes to the worker that recently ran the same search (its evaluation is reused: the
// list and its facets come as two requests), else to the least busy one. A worker that dies
// fails its tasks with an Error (the engine then evaluates on its own thread) and is replaced.
import os from "node:os";
import type { Worker } from "node:worker_threads";
import { prepareWorker, startWorker } from "../workers/start.js";
import type { WorkerReply, WorkerRequest } from "./search-worker.js";
import type { StoreView } from "./store-view.js";
import type { EvalAnswer, EvalTask } from "./task.js";

/** How long a search stays with the worker that ran it (its evaluation memo lives 2 s). */
const AFFINITY_MS = 2000;
/**
 * A worker that has not answered a task in this long is stopped and replaced, and the task
 * answered on the API thread: a pass takes well under a second even at 10M rows, so this only
 * ends a worker that is stuck, never a slow search.
 */
export const TASK_TIMEOUT_MS = 30_000;

interface Slot {
  worker: Worker;
  /** Started and listening: takes tasks (until then searches run on the API thread). */
  ready: boolean;
  /** Exited or failed: takes no more tasks (its replacement does). */
  stopped: boolean;
  pending: Map<number, { resolve: (a: EvalAnswer) => void; reject: (e: Error) => void }>;
}

export class SearchPool {
  private readonly slots: Slot[] = [];
  private readonly affinity = new Map<string, { slot: Slot; at: number }>();
  private nextId = 1;

  constructor(readonly size: number) {
    // The threads start once their code is bundled (from source: start.ts), off this thread:
    // searches meanwhile run on the API thread, as before any worker listens.
    void prepareWorker(import.meta.url, "search-worker").then(() => {
      if (!this.closed) for (let k = 0; k < size; k++) this.slots.push(this.start());
    });
  }

  private start(): Slot {
    const worker = startWorker(import.meta.url, "search-worker", { name: "search" });
    const slot: Slot = { worker, ready: false, stopped: false, pending: new Map() };
    worker.on("message", (reply: WorkerReply) => {
      if ("ready" in reply) {
        slot.ready = true;
        return;
      }
      const waiting = slot.pending.get(reply.id);
      if (!waiting) return;
      slot.pending.delete(reply.id);
      if ("error" in reply) waiting.reject(new Error(`search worker: ${reply.error}`));
      else waiting.resolve(reply.answer);
    });
    const fail = (err: Error) => {
      slot.stopped = true;
      for (const w of slot.pending.values()) w.reject(err);
      slot.pending.clear();
      const k = this.slots.indexOf(slot);
      if (k >= 0 && !this.closed) this.slots[k] = this.start();
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`search worker stopped (exit code ${code})`)));
    worker.unref(); // an idle pool never keeps the process alive (after the listeners, which ref it); send() refs a busy one
    return slot;
  }

  /** True when some worker takes tasks. */
  get listening(): boolean {
    return this.slots.some((s) => s.ready && !s.stopped);
  }

  /** Resolves once every worker listens (tests; searches never wait for it). */
  async whenReady(timeoutMs = 30_000): Promise<void> {
    for (let waited = 0; this.slots.length < this.size || !this.slots.every((s) => s.ready && !s.stopped); waited += 20) {
      if (waited > timeoutMs) throw new Error("search workers did not start");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  private pick(key: string): Slot | null {
    const now = Date.now();
    const recent = this.affinity.get(key);
    if (recent && now - recent.at < AFFINITY_MS && !recent.slot.stopped && this.slots.includes(recent.slot)) return recent.slot;
    let best: Slot | null = null;
    for (const s of this.slots) if (s.ready && !s.stopped && (!best || s.pending.size < best.pending.size)) best = s;
    if (!best) return null;
    if (this.affinity.size > 256) for (const [k, v] of this.affinity) if (now - v.at >= AFFINITY_MS) this.affinity.delete(k);
    this.affinity.set(key, { slot: best, at: now });
    return best;
  }

  /** Runs a task over a view in a worker; null when no worker is ready to take it. */
  run(view: StoreView, task: EvalTask): Promise<EvalAnswer> | null {
    const slot = this.pick(`${view.store}\u0000${task.memoKey}`);
    return slot && this.send(slot, view, task);
  }

  private send(slot: Slot, view: StoreView, task: EvalTask): Promise<EvalAnswer> {
    if (slot.stopped) return Promise.reject(new Error("search worker stopped"));
    const id = this.nextId++;
    return new Promise<EvalAnswer>((resolve, reject) => {
      const timer = setTimeout(() => {
        if (!slot.pending.delete(id)) return;
        reject(new Error(`search worker did not answer in ${TASK_TIMEOUT_MS / 1000} s; replaced`));
        void slot.worker.terminate();
      }, TASK_TIMEOUT_MS);
      timer.unref();
      const settle = <T>(fn: (v: T) => void) => (v: T) => {
        clearTimeout(timer);
        if (slot.pending.size === 0) slot.worker.unref();
        fn(v);
      };
      // A worker with a task keeps the process alive (a script awaiting a search must not exit
      // with it unanswered); an idle one does not.
      if (slot.pending.size === 0) slot.worker.ref();
      slot.pending.set(id, { resolve: settle(resolve), reject: settle(reject) });
      const request: WorkerRequest = { id, view, task };
      slot.worker.postMessage(request);
    });
  }

  private closed = false;
  async close() {
    this.closed = true;
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }
}

let configured: number | null = null;
/** The pool's size from the server's settings (SEARCH_WORKERS), before its first search. */
export function configureSearchPool(size: number) {
  configured = size;
}

/** Threads the process's pool has: as the server's settings say (SEARCH_WORKERS), else one per core. */
const poolSize = () => configured ?? os.availableParallelism();

let pool: SearchPool | null | undefined;
/** The process's search pool (started on first use), or null when it has no threads. */
export function searchPool(): SearchPool | null {
  if (pool === undefined) {
    const size = poolSize();
    pool = size > 0 ? new SearchPool(size) : null;
  }
  return pool;
}
