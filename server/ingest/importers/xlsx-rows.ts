// The rows of a workbook's first worksheet, for an importer (mca.ts), parsed off the API's thread:
// the file is checked first (zip-guard.ts: size, entries, declared and actual inflated size,
// ratio), then read by a worker thread (xlsx-worker.ts) whose heap is bounded by
// limits.workerHeapMb. A workbook that exhausts it, or breaks the worker any other way, fails
// this file with a reason (FileError) while the API goes on answering. The worker posts rows in
// batches and waits for each to be taken, so at most a few batches are held here; the database
// writes stay on this thread (the worker cannot share its connection).
//
// The worker's scratch files (exceljs spills worksheets it meets before the shared strings to
// temporary files) go to a folder of its own under limits.tempDir, removed when reading ends
// however it ends: done, refused, worker crash, or the importer stopping early.
import fs from "node:fs";
import path from "node:path";
import type { Worker } from "node:worker_threads";
import type { ImportLimits } from "../../config.js";
import { FileError } from "./json.js";
import type { XlsxRow, XlsxWorkerInput, XlsxWorkerMessage } from "./xlsx-worker.js";
import { checkZip } from "./zip-guard.js";
import { prepareWorker, startWorker } from "../../workers/start.js";

const BATCH_ROWS = 500;
/** Excel's widest worksheet. */
const MAX_COLUMNS = 16_384;

/** Why the worker stopped, as the import's report says it. */
function workerFailure(err: Error & { code?: string }, limits: ImportLimits): FileError {
  if (err.code === "ERR_WORKER_OUT_OF_MEMORY") {
    return new FileError(`the workbook needs more memory than an import may use (${limits.workerHeapMb} MB); save it as CSV or split it, and import that`);
  }
  return new FileError(`the workbook reader stopped (${err.message})`);
}

/** Messages from the worker, one at a time; its crash or exit ends them with a FileError. */
function inbox(worker: Worker, limits: ImportLimits): () => Promise<XlsxWorkerMessage> {
  const queue: XlsxWorkerMessage[] = [];
  let failure: FileError | null = null;
  let waiting: { resolve: (m: XlsxWorkerMessage) => void; reject: (e: Error) => void } | null = null;
  const settle = () => {
    if (!waiting) return;
    const w = waiting;
    if (queue.length) w.resolve(queue.shift()!);
    else if (failure) w.reject(failure);
    else return;
    waiting = null;
  };
  worker.on("message", (m: XlsxWorkerMessage) => {
    queue.push(m);
    settle();
  });
  worker.on("error", (err) => {
    failure ??= workerFailure(err, limits);
    settle();
  });
  worker.on("exit", (code) => {
    failure ??= new FileError(`the workbook reader stopped (exit code ${code})`);
    settle();
  });
  return () =>
    new Promise((resolve, reject) => {
      waiting = { resolve, reject };
      settle();
    });
}

/** The first worksheet's rows (cells as plain data, 0-based), checked and parsed in a bounded worker. */
export async function* readXlsxRows(file: string, limits: ImportLimits): AsyncGenerator<XlsxRow> {
  await checkZip(file, limits);
  fs.mkdirSync(limits.tempDir, { recursive: true });
  const scratch = fs.mkdtempSync(path.join(limits.tempDir, "infrascout-xlsx-"));
  await prepareWorker(import.meta.url, "xlsx-worker"); // bundled off the event loop (start.ts)
  const input: XlsxWorkerInput = { role: "xlsx-rows", file: path.resolve(file), batchRows: BATCH_ROWS, maxColumns: MAX_COLUMNS };
  const worker = startWorker(import.meta.url, "xlsx-worker", {
    workerData: input,
    resourceLimits: { maxOldGenerationSizeMb: limits.workerHeapMb },
    env: { ...process.env, TMPDIR: scratch, TMP: scratch, TEMP: scratch },
  });
  const next = inbox(worker, limits);
  try {
    for (;;) {
      const m = await next();
      if (m.type === "done") return;
      if (m.type === "error") throw new FileError(m.message);
      yield* m.rows;
      worker.postMessage({ type: "ack" });
    }
  } finally {
    await worker.terminate();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}
