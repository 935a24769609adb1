// A small streaming RFC 4180 CSV reader. We write our own (about 80 lines) instead of pulling in
// csv-parse because the importers need exactly this and a little more: the spreadsheet row number
// of each record (header = row 1) for reject reports, the bytes read for the progress bar, a
// UTF-8 byte-order mark dropped, CRLF / LF / CR line ends, quoted fields with commas, quotes ("")
// and line breaks, and constant memory however large the file (one record at a time).
import fs from "node:fs";

export interface CsvRecord {
  /** 1-based row number as a spreadsheet counts records (the header is row 1). */
  row: number;
  fields: string[];
}

export class CsvParser {
  private field = "";
  private fields: string[] = [];
  private quoted = false;
  private inQuotes = false;
  private quotePending = false; // saw a quote inside a quoted field: either "" or the end
  private lastWasCR = false;
  private row = 0;
  private started = false;
  private readonly out: CsvRecord[] = [];

  /** Feeds decoded text; returns the records completed by it. */
  push(chunk: string): CsvRecord[] {
    let s = chunk;
    if (!this.started && s.length > 0) {
      this.started = true;
      if (s.charCodeAt(0) === 0xfeff) s = s.slice(1);
    }
    for (let i = 0; i < s.length; i++) {
      const c = s[i];
      if (this.inQuotes) {
        if (this.quotePending) {
          this.quotePending = false;
          if (c === '"') {
            this.field += '"';
            continue;
          }
          this.inQuotes = false; // the quote closed the field; handle c below as unquoted
        } else if (c === '"') {
          this.quotePending = true;
          continue;
        } else {
          this.field += c;
          continue;
        }
      }
      if (c === "\n" && this.lastWasCR) {
        this.lastWasCR = false;
        continue;
      }
      this.lastWasCR = false;
      if (c === ",") {
        this.endField();
      } else if (c === "\n" || c === "\r") {
        this.lastWasCR = c === "\r";
        this.endRecord();
      } else if (c === '"' && this.field === "" && !this.quoted) {
        this.inQuotes = true;
        this.quoted = true;
      } else {
        this.field += c; // a stray quote inside an unquoted field is kept as text
      }
    }
    return this.out.splice(0);
  }

  /** Ends the input: the last record, even without a final line break. */
  end(): CsvRecord[] {
    if (this.quotePending) {
      this.quotePending = false;
      this.inQuotes = false;
    }
    if (this.inQuotes) throw new Error(`row ${this.row + 1}: a quoted field is not closed before the end of the file`);
    if (this.field !== "" || this.fields.length > 0 || this.quoted) this.endRecord();
    return this.out.splice(0);
  }

  private endField(): void {
    this.fields.push(this.field);
    this.field = "";
    this.quoted = false;
  }

  private endRecord(): void {
    this.endField();
    this.row += 1;
    const fields = this.fields;
    this.fields = [];
    // A blank line is no record (but still a row, as a spreadsheet counts it).
    if (fields.length === 1 && fields[0] === "") return;
    this.out.push({ row: this.row, fields });
  }
}

/** Reads a CSV file record by record; onBytes reports progress (bytes read so far). */
export async function* readCsv(file: string, onBytes?: (bytes: number) => void): AsyncGenerator<CsvRecord> {
  const parser = new CsvParser();
  const decoder = new TextDecoder("utf-8");
  let bytes = 0;
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 256 * 1024 })) {
    bytes += (chunk as Buffer).length;
    onBytes?.(bytes);
    for (const rec of parser.push(decoder.decode(chunk as Buffer, { stream: true }))) yield rec;
  }
  for (const rec of parser.push(decoder.decode())) yield rec;
  for (const rec of parser.end()) yield rec;
}

/** Parses a whole CSV string (tests, small inputs). */
export function parseCsv(text: string): CsvRecord[] {
  const p = new CsvParser();
  return [...p.push(text), ...p.end()];
}
