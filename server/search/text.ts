// Full-text search in memory: an inverted index of every row's tsvector lexemes, so a common word
// searched for the first time costs a walk of its postings instead of a GIN scan, a heap visit
// and a ts_rank per matching row (about 100k rows for "hospital" at 1M leads).
//
// PostgreSQL stays the authority on language: rows arrive as their stored tsvector's text, and a
// search's words as websearch_to_tsquery's text, so stemming and stop words are PostgreSQL's own.
// Relevance is ts_rank(vector, rank query) where the rank query ORs every distinct word of the
// search (rankQueryText): ts_rank then sums a score per word (calc_rank_or in tsrank.c), which
// depends only on that word's weights in the row, so the index keeps one float per (row, word)
// and sums them here in PostgreSQL's own float arithmetic and order. The SQL path ranks with the
// same rank query, and the two paths give identical orders (tests compare them).
//
// Searches with phrases ("new york" → <->), prefixes or weight restrictions are answered by SQL.
import { decodeInto, encodeSegment, mergeSegments, pairCount, segmentBytes, withoutWords, wordSlot, type Segment } from "./postings.js";
import { addWordScores, andMatches, denseBytes, denseRows, listed, rowCount, type DenseRows, type Match, type Postings, type WordRows } from "./dense-words.js";
import { complement, or } from "./sorted-sets.js";
import { RANK_DIVISOR, weightCode, wordScore } from "./text-rank.js";
import { WordCodes } from "./text-words.js";
import { rankWords, type TsNode } from "./tsquery.js";

/** Segments kept apart before the newest ones are merged (a catch-up adds one). */
const MAX_SEGMENTS = 16;
const MERGE_NEWEST = 8;
/** A word held by this share of the rows or more is kept as a bitmap instead of postings (dense-words.ts). */
export const DENSE_SHARE = 1 / 8;

export class TextIndex {
  private readonly dict = new WordCodes();
  private segments: Segment[] = [];
  /** Distinct word scores (postings.ts): a posting holds a code into this table. */
  private scoreTable: number[] = [];
  private readonly scoreCodeOf = new Map<number, number>();
  // Rows added since the last seal, as (position, word, score code) triples.
  private pendingPos = new Int32Array(1 << 16);
  private pendingWord = new Int32Array(1 << 16);
  private pendingScore = new Int32Array(1 << 16);
  private pending = 0;
  private readonly weights = new Uint8Array(256);
  // The commonest words' rows [0, covered) as bitmaps (by word code); the segments made before
  // them let those rows go. A word's rows after `covered` are in the segments as any word's.
  private dense = new Map<number, DenseRows>();
  /** The dense words made and the segments made before them stripped of those words (or read so from a snapshot). */
  private denseDone = false;

  /** Its words (by code), inverted segments and dense words, as a snapshot keeps them (store-snapshot.ts). */
  parts(): TextParts {
    this.seal();
    return { words: this.dict.words.slice(), scores: Float64Array.from(this.scoreTable), segments: this.segments.slice(), dense: new Map(this.dense) };
  }

  /** A text index from what parts() gave. */
  static fromParts({ words, scores, segments, dense }: TextParts): TextIndex {
    const index = new TextIndex();
    for (const word of words) index.dict.code(word);
    for (const score of scores) index.scoreCode(score);
    index.segments = segments;
    index.dense = dense;
    index.denseDone = dense.size > 0;
    return index;
  }

  /** Whether its commonest words are bitmaps yet, their postings let go (buildDense done). */
  get hasDense(): boolean {
    return this.denseDone;
  }

  /** Bytes of its postings and word tables. */
  heldBytes(): number {
    let bytes = this.pendingPos.byteLength * 3 + this.dict.heldBytes() + this.scoreTable.length * 8;
    for (const s of this.segments) bytes += segmentBytes(s);
    for (const d of this.dense.values()) bytes += denseBytes(d);
    return bytes;
  }

  /** How many (row, word) pairs the index holds. */
  get size() {
    let n = this.pending;
    for (const s of this.segments) n += pairCount(s);
    for (const d of this.dense.values()) n += d.count;
    return n;
  }

  /** Adds a row from its tsvector's text ('word':1A,5 'other':3B …). */
  addRow(pos: number, vector: string | null) {
    if (!vector) return;
    const s = vector;
    const len = s.length;
    let i = 0;
    while (i < len) {
      if (s.charCodeAt(i) !== 39) {
        i++; // the space between entries
        continue;
      }
      // 'lexeme' — quotes and backslashes inside are doubled; hashed while scanned
      let j = i + 1;
      let escaped = false;
      let hash = 2166136261;
      for (;;) {
        const ch = s.charCodeAt(j);
        if (ch === 39) {
          if (s.charCodeAt(j + 1) === 39) {
            escaped = true;
            j += 2;
            continue;
          }
          break;
        }
        if (ch === 92) {
          escaped = true;
          j += 2;
          continue;
        }
        hash = Math.imul(hash ^ ch, 16777619);
        j++;
      }
      const code = escaped ? this.dict.code(s.slice(i + 1, j).replace(/''/g, "'").replace(/\\(.)/g, "$1")) : this.dict.codeAt(s, i + 1, j, hash);
      i = j + 1;
      // :positions with optional weight letters, comma separated
      let count = 0;
      if (s.charCodeAt(i) === 58) {
        i++;
        for (;;) {
          while (i < len && s.charCodeAt(i) >= 48 && s.charCodeAt(i) <= 57) i++;
          const ch = s.charCodeAt(i);
          if (ch >= 65 && ch <= 68) {
            this.weights[count++] = weightCode(ch);
            i++;
          } else this.weights[count++] = 0;
          if (s.charCodeAt(i) !== 44) break;
          i++;
        }
      } else {
        this.weights[count++] = 0; // no positions: one position of weight D (POSNULL)
      }
      this.push(pos, code, wordScore(this.weights, count));
    }
  }

  private scoreCode(score: number): number {
    let c = this.scoreCodeOf.get(score);
    if (c === undefined) {
      c = this.scoreTable.length;
      this.scoreTable.push(score);
      this.scoreCodeOf.set(score, c);
    }
    return c;
  }

  private push(pos: number, word: number, score: number) {
    if (this.pending === this.pendingPos.length) {
      const grow = (a: Int32Array) => {
        const next = new Int32Array(a.length * 2);
        next.set(a);
        return next;
      };
      this.pendingPos = grow(this.pendingPos);
      this.pendingWord = grow(this.pendingWord);
      this.pendingScore = grow(this.pendingScore);
    }
    this.pendingPos[this.pending] = pos;
    this.pendingWord[this.pending] = word;
    this.pendingScore[this.pending++] = this.scoreCode(score);
  }

  /** Inverts the rows added since the last seal into a segment (the store calls it per batch). */
  seal() {
    if (this.pending === 0) return;
    const pairs = { pos: this.pendingPos, word: this.pendingWord, score: this.pendingScore, length: this.pending };
    this.segments.push(encodeSegment(pairs, this.dict.words.length, this.scoreTable.length));
    this.pending = 0;
    if (this.pendingPos.length > 1 << 16) {
      this.pendingPos = new Int32Array(1 << 16);
      this.pendingWord = new Int32Array(1 << 16);
      this.pendingScore = new Int32Array(1 << 16);
    }
    // The newest segments (small: one per catch-up) become one; the large loaded ones stay.
    if (this.segments.length > MAX_SEGMENTS) this.segments.push(mergeSegments(this.segments.splice(this.segments.length - MERGE_NEWEST), this.dict.words.length, this.scoreTable.length));
  }

  /** The words most rows hold, most first (to warm the search code up on). */
  commonestWords(k: number): string[] {
    return this.wordsHeldBy(1, k);
  }

  /** The words at least `min` rows hold (dead ones included), most first, at most k of them. */
  wordsHeldBy(min: number, k: number): string[] {
    const counts = new Int32Array(this.dict.words.length);
    for (const seg of this.segments) for (let j = 0; j < seg.codes.length; j++) counts[seg.codes[j]] += seg.starts[j + 1] - seg.starts[j];
    for (const [c, d] of this.dense) counts[c] += d.count;
    const codes = Array.from(counts.keys()).filter((c) => counts[c] >= min);
    codes.sort((a, b) => counts[b] - counts[a] || a - b);
    return codes.slice(0, k).map((c) => this.dict.words[c]);
  }

  /**
   * A word's postings across segments: positions ascending (segments hold ever later rows), each
   * with its score code; the store's dead rows included.
   */
  private postings(word: string): Postings {
    const c = this.dict.find(word);
    if (c === undefined) return { pos: new Int32Array(0), score: new Int32Array(0) };
    const slots: number[] = [];
    let total = 0;
    for (let i = 0; i < this.segments.length; i++) {
      const s = this.segments[i];
      const k = wordSlot(s, c);
      if (k < 0) continue;
      slots.push(i, k);
      total += s.starts[k + 1] - s.starts[k];
    }
    const pos = new Int32Array(total);
    const score = new Int32Array(total);
    for (let j = 0, at = 0; j < slots.length; j += 2) at += decodeInto(this.segments[slots[j]], slots[j + 1], pos, score, at);
    return inPositionOrder({ pos, score });
  }

  /**
   * Keeps the words held by DENSE_SHARE of the n rows or more as bitmaps (once per index, when its
   * text is whole: a snapshot brings them), then lets the segments made before go of those words'
   * postings — no larger than the bitmaps where they are this common. Yields between words and
   * between segments: a search meanwhile reads a word from its postings until the bitmaps are in,
   * then the rows [0, n) from the bitmaps (a segment not yet stripped: its rows past n only).
   */
  async buildDense(n: number, yieldNow: () => Promise<void>): Promise<void> {
    if (this.dense.size) return;
    this.seal();
    const before = this.segments.slice(); // every row of these is below n (the text is whole)
    const min = Math.max(1, Math.ceil(n * DENSE_SHARE));
    const dense = new Map<number, DenseRows>();
    for (const word of this.wordsHeldBy(min, Infinity)) {
      dense.set(this.dict.find(word)!, denseRows(this.postings(word), n, this.scoreTable.length));
      await yieldNow();
    }
    this.dense = dense;
    for (const s of before) {
      const at = this.segments.indexOf(s); // gone when merged since: its rows stay, read past `covered`
      if (at >= 0) this.segments[at] = withoutWords(s, (c) => dense.has(c));
      await yieldNow();
    }
    this.denseDone = dense.size > 0;
  }

  /** A word's rows: a dense word's bitmap and its postings after those it covers; else its postings. */
  wordRows(word: string): WordRows {
    const c = this.dict.find(word);
    const dense = c === undefined ? undefined : this.dense.get(c);
    if (!dense) return this.postings(word);
    const later = this.postings(word);
    let from = 0;
    while (from < later.pos.length && later.pos[from] < dense.covered) from++;
    return { dense, pos: later.pos.subarray(from), score: later.score.subarray(from) };
  }

  /**
   * The positions (ascending, dead rows included) of the rows matching a query the index can
   * answer: its words' postings combined, never a pass over every row unless the query is a bare
   * `!word`. `seen` shares decoded postings with ranks() for the same search.
   */
  matchPositions(tree: TsNode, n: number, seen = new Map<string, WordRows>()): Int32Array {
    const found = listed(this.matchSet(tree, seen));
    return found.neg ? complement(found.set, n) : found.set;
  }

  private matchSet(tree: TsNode, seen: Map<string, WordRows>): Match {
    switch (tree.op) {
      case "word": {
        const word = this.cachedRows(tree.text, seen);
        return word.dense ? { neg: false, word } : { neg: false, set: word.pos };
      }
      case "not": {
        const arg = this.matchSet(tree.arg, seen);
        return { ...arg, neg: !arg.neg };
      }
      case "and":
        return andMatches(this.matchSet(tree.left, seen), this.matchSet(tree.right, seen));
      case "or":
        return or(listed(this.matchSet(tree.left, seen)), listed(this.matchSet(tree.right, seen)));
      case "phrase":
        throw new Error("phrases are answered by SQL");
    }
  }

  private cachedRows(word: string, seen: Map<string, WordRows>): WordRows {
    let p = seen.get(word);
    if (!p) {
      p = this.wordRows(word);
      seen.set(word, p);
    }
    return p;
  }

  /**
   * ts_rank(vector, rankQueryText(tree)) of each of the positions (ascending): each word's score
   * summed in PostgreSQL's order and float4 rounding, then divided by the number of words. Each
   * word's postings are walked beside the positions once.
   */
  ranks(tree: TsNode, positions: Int32Array, seen = new Map<string, WordRows>()): Float32Array {
    const words = rankWords(tree);
    const m = positions.length;
    const acc = new Float32Array(m); // a Float32Array store rounds like the C float `res`
    const table = Float32Array.from(this.scoreTable);
    for (const w of words) {
      const rows = this.cachedRows(w.text, seen);
      const { pos, score } = rows;
      // The matches are this word's rows (a one-word search, no dead rows): no walk to align them.
      if (rows.dense && tree.op === "word" && m === rowCount(rows)) {
        const { scores, count } = rows.dense;
        for (let k = 0; k < count; k++) acc[k] = table[scores[k]] / RANK_DIVISOR;
        for (let k = count; k < m; k++) acc[k] = table[score[k - count]] / RANK_DIVISOR;
        continue;
      }
      if (!rows.dense && (pos === positions || sameRows(pos, positions))) {
        for (let k = 0; k < m; k++) acc[k] = acc[k] + table[score[k]] / RANK_DIVISOR;
        continue;
      }
      addWordScores(rows, positions, acc, table);
    }
    for (let k = 0; k < m; k++) acc[k] = acc[k] / words.length;
    return acc;
  }
}

/** What a text index holds, as a snapshot keeps it. */
export interface TextParts {
  words: readonly string[];
  scores: Float64Array;
  segments: Segment[];
  /** dense words by code */
  dense: Map<number, DenseRows>;
}

/** Whether two position lists hold the same rows in the same order. */
function sameRows(a: Int32Array, b: Int32Array): boolean {
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return false;
  return true;
}

/** Postings sorted by position, should segments ever hold rows out of order. */
function inPositionOrder(p: Postings): Postings {
  let sorted = true;
  for (let j = 1; j < p.pos.length && sorted; j++) sorted = p.pos[j] > p.pos[j - 1];
  if (sorted) return p;
  const order = Int32Array.from(p.pos, (_, j) => j).sort((a, b) => p.pos[a] - p.pos[b]);
  return { pos: Int32Array.from(order, (j) => p.pos[j]), score: Int32Array.from(order, (j) => p.score[j]) };
}
