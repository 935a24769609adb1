// A small glob for the import command line: a pattern the user quoted, so the shell did not
// expand it (thousands of paths would not fit through `npm run`, see import-files.ts). Node 20
// has no fs.glob. Shell rules: `*` any characters within one path segment, `?` one character,
// `[abc]` / `[a-z]` / `[!abc]` one of (or none of), `{a,b}` either, `**` as a whole segment any
// number of folders (none included). `*`, `?` and `[...]` never match a leading dot (hidden
// files), as in a shell. Answers files and folders that match, sorted; symlinked folders are
// not followed by `**` (a link to a parent would loop).
import fs from "node:fs";
import path from "node:path";

const MAGIC = /[*?[{]/;

/** Whether the text holds glob syntax (a path that exists as written is taken literally by the caller). */
export const hasGlobSyntax = (text: string) => MAGIC.test(text);

/** `{a,b}` expanded into separate patterns (nested braces too); a brace without a comma stays literal. */
export function expandBraces(pattern: string): string[] {
  let depth = 0;
  let open = -1;
  const commas: number[] = [];
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === "\\") i++;
    else if (c === "{" && depth++ === 0) open = i;
    else if (c === "," && depth === 1) commas.push(i);
    else if (c === "}" && depth > 0 && --depth === 0) {
      if (commas.length === 0) {
        // `{x}`: literal; expand what follows it
        return expandBraces(pattern.slice(i + 1)).map((rest) => pattern.slice(0, i + 1) + rest);
      }
      const head = pattern.slice(0, open);
      const tail = pattern.slice(i + 1);
      const cuts = [open, ...commas, i];
      const options = cuts.slice(1).map((cut, k) => pattern.slice(cuts[k] + 1, cut));
      return options.flatMap((o) => expandBraces(head + o + tail));
    }
  }
  return [pattern];
}

/** One path segment's pattern (no `/`, braces already expanded) as an anchored regular expression. */
export function segmentRegExp(segment: string): RegExp {
  let re = "";
  for (let i = 0; i < segment.length; i++) {
    const c = segment[i];
    if (c === "\\" && i + 1 < segment.length) re += escape(segment[++i]);
    else if (c === "*") re += "[^/]*";
    else if (c === "?") re += "[^/]";
    else if (c === "[") {
      const close = segment.indexOf("]", i + 2);
      if (close === -1) {
        re += "\\[";
        continue;
      }
      let body = segment.slice(i + 1, close);
      const negate = body[0] === "!" || body[0] === "^";
      if (negate) body = body.slice(1);
      re += `[${negate ? "^" : ""}${body.replace(/[\\\]^]/g, "\\$&")}]`;
      i = close;
    } else re += escape(c);
  }
  // A leading dot must be written: `*`, `?` and `[...]` do not match it.
  const hidden = segment.startsWith(".") ? "" : "(?!\\.)";
  return new RegExp(`^${hidden}${re}$`);
}

const escape = (c: string) => c.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/** Paths matching the pattern, relative patterns from cwd; answered as the pattern spells them (relative stays relative). */
export function globSync(pattern: string, cwd = process.cwd()): string[] {
  const found = new Set<string>();
  for (const one of expandBraces(pattern)) {
    const absolute = path.isAbsolute(one);
    const segments = one.split("/").filter((s, i) => s !== "" || i === 0);
    const start = absolute ? "/" : "";
    walk(absolute ? segments.slice(1) : segments, start, cwd, found);
  }
  return [...found].sort(comparePaths);
}

/** Matches the remaining segments below `prefix` (the path as the user will see it). */
function walk(segments: string[], prefix: string, cwd: string, found: Set<string>): void {
  const real = (p: string) => path.resolve(cwd, p || ".");
  if (segments.length === 0) {
    if (prefix && fs.existsSync(real(prefix))) found.add(prefix);
    return;
  }
  const [segment, ...rest] = segments;
  const join = (name: string) => (prefix === "" ? name : prefix.endsWith("/") ? prefix + name : `${prefix}/${name}`);
  if (segment === "**") {
    walk(rest, prefix, cwd, found); // no folder at all
    for (const entry of list(real(prefix))) {
      if (entry.isDirectory() && !entry.name.startsWith(".")) walk(segments, join(entry.name), cwd, found);
    }
    return;
  }
  if (!hasGlobSyntax(segment.replace(/\\./g, ""))) {
    // A literal segment: no need to list the folder (it may not even be readable).
    walk(rest, join(segment.replace(/\\(.)/g, "$1")), cwd, found);
    return;
  }
  const re = segmentRegExp(segment);
  for (const entry of list(real(prefix))) {
    if (!re.test(entry.name)) continue;
    if (rest.length === 0) found.add(join(entry.name));
    else if (entry.isDirectory() || (entry.isSymbolicLink() && isDir(real(join(entry.name))))) walk(rest, join(entry.name), cwd, found);
  }
}

function list(dir: string): fs.Dirent[] {
  try {
    return fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return []; // not a folder, or not readable: nothing matches below it
  }
}

const isDir = (p: string) => fs.statSync(p, { throwIfNoEntry: false })?.isDirectory() ?? false;

const collator = new Intl.Collator("en", { numeric: true });
/** Paths in the order a person expects (file_2 before file_10). */
export const comparePaths = (a: string, b: string) => collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
