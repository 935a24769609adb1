// Reads a file only as far as its first item, writing nothing: an upload that is not the kind it
// claims (no 'Tender ID' column, not JSON, an empty file) is refused when it arrives instead of
// failing later in the background. The importer itself decides, so the reasons are its own.
import type { ImportLimits } from "../../config.js";
import { FileError } from "./json.js";
import type { ImportKind } from "./model.js";
import { importerFor } from "./run.js";

/** Why the file cannot be imported as this kind ('cannot read NAME: …'), or null when it starts well. */
export async function unreadableReason(kind: ImportKind, file: string, name: string, limits?: ImportLimits): Promise<string | null> {
  const items = importerFor(kind, {
    file,
    source: null,
    fx: {},
    state: null,
    now: new Date(),
    onBytes: () => undefined,
    onRead: () => undefined,
    warn: () => undefined,
    limits,
  });
  try {
    await items.next();
    return null;
  } catch (err) {
    if (err instanceof FileError) return `cannot read ${name}: ${err.message}`;
    // Anything else (a value the importer rejects row by row, an odd workbook) is the run's to report.
    return null;
  } finally {
    await items.return(undefined).catch(() => undefined);
  }
}
