// The import command line's progress: on a terminal one line redrawn in place (a bar, files done,
// rate and time left, at most 10 times a second); anywhere else (CI logs, pipes, files) no
// control codes at all, only a plain line every 30 seconds so a long run shows it is alive.
// The fraction done and the time left are by bytes (files differ in size; one big file moves too).

export interface ProgressOut {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

export interface ProgressState {
  filesDone: number;
  filesTotal: number;
  bytesDone: number;
  bytesTotal: number;
  rows: number;
  /** ms since the run started */
  elapsedMs: number;
}

const TTY_EVERY_MS = 100;
const LOG_EVERY_MS = 30_000;
const count = (n: number) => Math.round(n).toLocaleString("en-IN");

/** 75 s → "1m 15s"; 2 h 5 m → "2h 05m". */
export function duration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, "0")}s`;
  return `${Math.floor(s / 3600)}h ${String(Math.floor((s % 3600) / 60)).padStart(2, "0")}m`;
}

/** Files and files per second for many files, rows and rows per second for one; time left once a second has gone by. */
export function progressText(p: ProgressState): string {
  const fraction = p.bytesTotal > 0 ? Math.min(1, p.bytesDone / p.bytesTotal) : p.filesTotal > 0 ? p.filesDone / p.filesTotal : 1;
  const seconds = p.elapsedMs / 1000;
  const rate = seconds <= 0 ? "" : p.filesTotal > 1 ? `${(p.filesDone / seconds).toFixed(1)} files/s` : `${count(p.rows / seconds)} rows/s`;
  const left = p.elapsedMs >= 1000 && fraction > 0 && fraction < 1 ? `ETA ${duration((p.elapsedMs * (1 - fraction)) / fraction)}` : "";
  // Rows only for one file (its rate is in rows): the line must fit 80 columns with many files.
  const parts = [`${(fraction * 100).toFixed(0).padStart(3)}%`, `${count(p.filesDone)}/${count(p.filesTotal)} files`, p.filesTotal > 1 ? "" : `${count(p.rows)} rows`, rate, left];
  return parts.filter(Boolean).join("  ");
}

export function bar(fraction: number, width = 20): string {
  const n = Math.round(Math.min(1, Math.max(0, fraction)) * width);
  return `[${"#".repeat(n)}${"-".repeat(width - n)}]`;
}

/**
 * Tracks the run from runImport's callbacks: onFile (a file's bytes as it is read: its name
 * changing means the one before is done) and onRun (bytes and rows of the whole run).
 */
export function createProgress(out: ProgressOut, filesTotal: number, clock: () => number = Date.now) {
  const started = clock();
  const state: ProgressState = { filesDone: 0, filesTotal, bytesDone: 0, bytesTotal: 0, rows: 0, elapsedMs: 0 };
  let currentFile = "";
  let current = ""; // its name as shown
  let filesSeen = 0;
  let shownAt = -Infinity;
  let drawn = false;

  const show = (force: boolean) => {
    const now = clock();
    if (!force && now - shownAt < (out.isTTY ? TTY_EVERY_MS : LOG_EVERY_MS)) return;
    shownAt = now;
    state.elapsedMs = now - started;
    const text = progressText(state);
    if (out.isTTY) {
      const fraction = state.bytesTotal > 0 ? state.bytesDone / state.bytesTotal : state.filesDone / Math.max(1, filesTotal);
      // Never wider than the terminal: a wrapped line cannot be redrawn with \r (a terminal of unknown size says 0 columns: 80).
      const line = `${bar(fraction)} ${text}  ${current}`.slice(0, Math.max(20, (out.columns || 80) - 1));
      out.write(`\r${line}\x1b[K`);
      drawn = true;
    } else if (now - started >= LOG_EVERY_MS) {
      out.write(`progress: ${text}\n`);
    }
  };

  return {
    state,
    /** A file's progress (runImport's onProgress). */
    onFile(file: string, done: boolean) {
      if (file !== currentFile) {
        currentFile = file;
        current = file.split("/").pop() ?? file;
        filesSeen += 1;
      }
      state.filesDone = filesSeen - (done ? 0 : 1);
      show(false);
    },
    /** The run's progress (runImport's onRunProgress). */
    onRun(p: { bytesRead: number; bytesTotal: number; rowsRead: number }) {
      Object.assign(state, { bytesDone: p.bytesRead, bytesTotal: p.bytesTotal, rows: p.rowsRead });
      show(false);
    },
    /** The run is over: the terminal line is completed and ended, so the report starts on its own line. */
    end() {
      if (!out.isTTY || !drawn) return;
      state.filesDone = filesTotal;
      state.bytesDone = state.bytesTotal;
      current = "";
      show(true);
      out.write("\n");
    },
  };
}
