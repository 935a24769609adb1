// project_type may arrive as an array, or as a brace-delimited list string such as
// `{Hospital,Residential}` or `{"Residential Building",Hospital}` (PostgreSQL's array text form,
// as some importers and old records carry it). One parser for the server and the web app.

/**
 * A brace list `{A,B}` / `{"A B",C}` → its items (trimmed, unquoted, backslash escapes kept
 * literal). null when malformed (an unclosed quote, text after a closing quote). `strict`
 * (search filters, typed by people) also refuses empty items and stray quotes or braces.
 */
export function parseBraceList(s: string, strict = false): string[] | null {
  const t = s.trim();
  if (!t.startsWith("{") || !t.endsWith("}")) return null;
  const body = t.slice(1, -1);
  if (body.trim() === "") return [];
  const out: string[] = [];
  let i = 0;
  while (i <= body.length) {
    while (body[i] === " ") i++;
    let item = "";
    if (body[i] === '"') {
      i++;
      let closed = false;
      while (i < body.length) {
        const ch = body[i];
        if (ch === "\\" && i + 1 < body.length) {
          item += body[i + 1];
          i += 2;
        } else if (ch === '"') {
          closed = true;
          i++;
          break;
        } else {
          item += ch;
          i++;
        }
      }
      if (!closed) return null;
      while (body[i] === " ") i++;
      if (i < body.length && body[i] !== ",") return null;
    } else {
      const next = body.indexOf(",", i);
      item = (next < 0 ? body.slice(i) : body.slice(i, next)).trim();
      if (strict && /["{}]/.test(item)) return null;
      i = next < 0 ? body.length : next;
    }
    if (strict && item === "") return null;
    out.push(item);
    i++; // past the comma (or past the end)
  }
  return out;
}

/**
 * Any form project_type may take → a clean list: an array (of strings or brace strings), a
 * brace-delimited string, a comma-separated string, or nothing. Empty items, PostgreSQL's NULL
 * and duplicates are dropped; order is kept.
 */
export function parseProjectType(value: unknown): string[] {
  const items: string[] = [];
  const add = (v: unknown) => {
    if (v === null || v === undefined) return;
    if (Array.isArray(v)) return v.forEach(add);
    const s = String(v).trim();
    if (!s) return;
    if (s.startsWith("{") && s.endsWith("}")) {
      const list = parseBraceList(s);
      // A malformed list still yields its words rather than the raw braces.
      (list ?? s.slice(1, -1).split(",")).forEach((x) => {
        const y = x.trim().replace(/^"|"$/g, "");
        if (y && y.toUpperCase() !== "NULL") items.push(y);
      });
      return;
    }
    if (s.includes(",")) return s.split(",").forEach(add);
    items.push(s);
  };
  add(value);
  return [...new Set(items)];
}
