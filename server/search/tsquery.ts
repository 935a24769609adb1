// A search's words as PostgreSQL parsed them (websearch_to_tsquery's text), read back into a tree:
// which words a row must hold, and which words relevance sums (ts_rank over the rank query).

/** A parsed tsquery. */
export type TsNode =
  | { op: "word"; text: string; prefix: boolean; weights: string }
  | { op: "not"; arg: TsNode }
  | { op: "and" | "or"; left: TsNode; right: TsNode }
  | { op: "phrase"; left: TsNode; right: TsNode; distance: number };

/** Parses tsqueryout's text ('hospit' & !( 'a' | 'b' ) <-> 'c':*AB). Empty text → null. */
export function parseTsQuery(text: string): TsNode | null {
  let i = 0;
  const skip = () => {
    while (text[i] === " ") i++;
  };
  const fail = (what: string): never => {
    throw new Error(`unexpected tsquery text at ${i} (${what}): ${text}`);
  };
  const word = (): TsNode => {
    if (text[i] !== "'") fail("a quoted word");
    i++;
    let out = "";
    for (;;) {
      if (i >= text.length) fail("an unterminated word");
      const ch = text[i];
      if (ch === "'" && text[i + 1] === "'") {
        out += "'";
        i += 2;
      } else if (ch === "\\" && i + 1 < text.length) {
        out += text[i + 1];
        i += 2;
      } else if (ch === "'") {
        i++;
        break;
      } else {
        out += ch;
        i++;
      }
    }
    let prefix = false;
    let weights = "";
    if (text[i] === ":") {
      i++;
      if (text[i] === "*") {
        prefix = true;
        i++;
      }
      while (/[ABCD]/.test(text[i] ?? "")) weights += text[i++];
    }
    return { op: "word", text: out, prefix, weights };
  };
  const primary = (): TsNode => {
    skip();
    if (text[i] === "!") {
      i++;
      return { op: "not", arg: primary() };
    }
    if (text[i] === "(") {
      i++;
      const inner = or();
      skip();
      if (text[i] !== ")") fail("')'");
      i++;
      return inner;
    }
    return word();
  };
  const phrase = (): TsNode => {
    let left = primary();
    for (;;) {
      skip();
      const m = /^<(-|\d+)>/.exec(text.slice(i, i + 12));
      if (!m) return left;
      i += m[0].length;
      left = { op: "phrase", left, right: primary(), distance: m[1] === "-" ? 1 : Number(m[1]) };
    }
  };
  const and = (): TsNode => {
    let left = phrase();
    for (;;) {
      skip();
      if (text[i] !== "&") return left;
      i++;
      left = { op: "and", left, right: phrase() };
    }
  };
  const or = (): TsNode => {
    let left = and();
    for (;;) {
      skip();
      if (text[i] !== "|") return left;
      i++;
      left = { op: "or", left, right: and() };
    }
  };
  skip();
  if (i >= text.length) return null;
  const tree = or();
  skip();
  if (i < text.length) fail("the end");
  return tree;
}

type Word = Extract<TsNode, { op: "word" }>;

function wordsOf(node: TsNode, out: Word[] = []): Word[] {
  if (node.op === "word") out.push(node);
  else if (node.op === "not") wordsOf(node.arg, out);
  else {
    wordsOf(node.left, out);
    wordsOf(node.right, out);
  }
  return out;
}

/** UTF-8 byte order, as PostgreSQL sorts a query's words (tsCompareString). */
function byteOrder(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

/** The distinct words ts_rank scores a query by, in the order it sums them. */
export function rankWords(tree: TsNode): Word[] {
  const seen = new Map<string, Word>();
  for (const w of wordsOf(tree)) seen.set(`${w.text}\u0000${w.prefix}\u0000${w.weights}`, w);
  return [...seen.values()].sort((a, b) => byteOrder(a.text, b.text) || Number(a.prefix) - Number(b.prefix) || (a.weights < b.weights ? -1 : a.weights > b.weights ? 1 : 0));
}

const quote = (s: string) => `'${s.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;

/** The query relevance is computed against: every distinct word of the search, ORed. */
export function rankQueryText(tree: TsNode): string {
  return rankWords(tree)
    .map((w) => quote(w.text) + (w.prefix || w.weights ? `:${w.prefix ? "*" : ""}${w.weights}` : ""))
    .join(" | ");
}

/** True when the in-memory index can answer the query (plain words with and, or, not). */
export function answerableInMemory(tree: TsNode): boolean {
  if (tree.op === "phrase") return false;
  if (tree.op === "word") return !tree.prefix && !tree.weights;
  if (tree.op === "not") return answerableInMemory(tree.arg);
  return answerableInMemory(tree.left) && answerableInMemory(tree.right);
}
