// Runs in a worker thread (started by xlsx-rows.ts, with a bounded heap): reads the first
// worksheet of a workbook that zip-guard.ts has passed and posts its rows back in batches, each
// cell as plain data. A workbook that needs more memory than the worker may use ends this thread
// only; the API's own thread never parses a workbook. Imports nothing of ours: it may run without
// the TypeScript loader's module resolution for the rest of the server.
import { parentPort, workerData } from "node:worker_threads";
import ExcelJS from "exceljs";

export interface XlsxWorkerInput {
  /** Marks this worker's data (a test runner's own worker threads have other data). */
  role: "xlsx-rows";
  file: string;
  /** Rows per message. */
  batchRows: number;
  /** A row wider than this is refused (Excel's own limit is 16,384 columns). */
  maxColumns: number;
}

export interface XlsxRow {
  row: number;
  cells: unknown[];
}

export type XlsxWorkerMessage = { type: "rows"; rows: XlsxRow[] } | { type: "done" } | { type: "error"; message: string };

/** Batches posted and not yet taken by the importer: the reader waits beyond this, so rows never pile up in memory. */
const MAX_IN_FLIGHT = 2;
/** A batch is posted once it holds this many cells, whatever its rows: wide rows make small batches. */
const MAX_BATCH_CELLS = 100_000;

/** An XLSX cell value as plain data: rich text and hyperlinks as text, formulas as their result. */
export function cellValue(v: ExcelJS.CellValue): unknown {
  if (v === null || v === undefined) return null;
  if (v instanceof Date || typeof v !== "object") return v;
  if ("result" in v) return cellValue(v.result as ExcelJS.CellValue);
  if ("richText" in v) return v.richText.map((t) => t.text).join("");
  if ("text" in v) return typeof v.text === "string" ? v.text : cellValue(v.text as ExcelJS.CellValue);
  if ("error" in v) return null;
  return String(v);
}

class TooWide extends Error {}

async function readRows(input: XlsxWorkerInput, send: (rows: XlsxRow[]) => Promise<void>): Promise<void> {
  // The first worksheet, streamed (company master files run to hundreds of thousands of rows).
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input.file, { sharedStrings: "cache", styles: "cache", hyperlinks: "ignore", worksheets: "emit", entries: "ignore" });
  let batch: XlsxRow[] = [];
  let cells = 0;
  let sent = false;
  for await (const sheet of reader) {
    for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
      const values = row.values as ExcelJS.CellValue[]; // 1-based
      if (values.length - 1 > input.maxColumns) {
        throw new TooWide(`row ${row.number} has ${(values.length - 1).toLocaleString("en-IN")} columns; a worksheet has at most ${input.maxColumns.toLocaleString("en-IN")}`);
      }
      batch.push({ row: row.number, cells: values.slice(1).map(cellValue) });
      cells += values.length;
      // The first row goes at once (an upload's check reads only the header), then whole batches.
      if (batch.length >= input.batchRows || cells >= MAX_BATCH_CELLS || !sent) {
        await send(batch);
        batch = [];
        cells = 0;
        sent = true;
      }
    }
    break;
  }
  if (batch.length) await send(batch);
}

function serve(): void {
  const port = parentPort!;
  let inFlight = 0;
  let wake: (() => void) | null = null;
  port.on("message", (m: { type?: string }) => {
    if (m?.type !== "ack") return;
    inFlight -= 1;
    wake?.();
    wake = null;
  });
  const post = (m: XlsxWorkerMessage) => port.postMessage(m);
  const send = async (rows: XlsxRow[]) => {
    post({ type: "rows", rows });
    inFlight += 1;
    while (inFlight >= MAX_IN_FLIGHT) await new Promise<void>((resolve) => (wake = resolve));
  };
  readRows(workerData as XlsxWorkerInput, send).then(
    () => post({ type: "done" }),
    (err: Error) => post({ type: "error", message: err instanceof TooWide ? err.message : `not a readable XLSX workbook (${err.message})` }),
  );
}

if (parentPort && (workerData as Partial<XlsxWorkerInput> | null)?.role === "xlsx-rows") serve();
