// The text index's postings, compressed: for each word, the positions of the rows holding it as
// LEB128 gaps (a common word's rows lie close together: one byte each), and each row's score
// for that word as a code into the index's table of distinct scores (a word's score depends only
// on how often and how heavily it is weighted in the row: a few hundred values, one byte each).
// About 2–3 bytes per (row, word) pair where plain arrays took 8.

/** One batch of rows inverted. */
export interface Segment {
  /** the word codes present, ascending */
  codes: Int32Array;
  /** codes[k]'s postings are [starts[k], starts[k + 1]) (their score codes) */
  starts: Int32Array;
  /** and their positions are the gaps in bytes [byteStarts[k], byteStarts[k + 1]) */
  byteStarts: Int32Array;
  gaps: Uint8Array;
  scores: Uint8Array | Uint16Array;
}

/** (position, word, score code) triples, as rows are added. */
export interface Pairs {
  pos: Int32Array;
  word: Int32Array;
  score: Int32Array;
  length: number;
}

/** Where a word's postings lie in a segment (k, or -1 when absent). */
export function wordSlot(s: Segment, code: number): number {
  let lo = 0;
  let hi = s.codes.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const c = s.codes[mid];
    if (c === code) return mid;
    if (c < code) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

export const pairCount = (s: Segment) => s.starts[s.codes.length];
export const segmentBytes = (s: Segment) => s.codes.byteLength + s.starts.byteLength + s.byteStarts.byteLength + s.gaps.byteLength + s.scores.byteLength;

/**
 * Decodes slot k of a segment into pos and score from index at (both long enough); answers how
 * many postings it has.
 */
export function decodeInto(s: Segment, k: number, pos: Int32Array, score: Int32Array, at: number): number {
  const from = s.starts[k];
  const m = s.starts[k + 1] - from;
  const gaps = s.gaps;
  const scores = s.scores;
  let b8 = s.byteStarts[k];
  let p = -1;
  for (let j = 0; j < m; j++) {
    let b = gaps[b8++];
    let gap = b & 0x7f;
    for (let shift = 7; b & 0x80; shift += 7) {
      b = gaps[b8++];
      gap += (b & 0x7f) * 2 ** shift;
    }
    p += gap + 1;
    pos[at + j] = p;
    score[at + j] = scores[from + j];
  }
  return m;
}

/** Reusable buffers a word's postings are decoded into (merging segments). */
export class Decoded {
  pos = new Int32Array(1024);
  score = new Int32Array(1024);
  /** Decodes slot k of a segment; answers how many postings it has. */
  read(s: Segment, k: number): number {
    const m = s.starts[k + 1] - s.starts[k];
    if (this.pos.length < m) {
      this.pos = new Int32Array(m * 2);
      this.score = new Int32Array(m * 2);
    }
    return decodeInto(s, k, this.pos, this.score, 0);
  }
}

const varintBytes = (v: number) => (v < 0x80 ? 1 : v < 0x4000 ? 2 : v < 0x200000 ? 3 : v < 0x10000000 ? 4 : 5);

/**
 * Inverts pairs into a segment: grouped by word (a counting sort when the batch is large against
 * the dictionary, else a sort of packed keys, so a catch-up of a few rows costs nothing per
 * dictionary word), each word's rows in position order.
 */
export function encodeSegment(pairs: Pairs, wordCount: number, scoreCodes: number): Segment {
  const m = pairs.length;
  const { pos, word, score } = pairs;
  const order = new Int32Array(m);
  if (m * 4 >= wordCount) {
    const counts = new Int32Array(wordCount + 1);
    for (let k = 0; k < m; k++) counts[word[k] + 1]++;
    for (let c = 0; c < wordCount; c++) counts[c + 1] += counts[c];
    for (let k = 0; k < m; k++) order[counts[word[k]]++] = k;
  } else {
    const keys = new Float64Array(m);
    for (let k = 0; k < m; k++) keys[k] = word[k] * 2 ** 24 + k;
    keys.sort();
    for (let k = 0; k < m; k++) order[k] = keys[k] % 2 ** 24;
  }
  // Rows come in position order almost always; a word whose do not is sorted.
  let codeCount = 0;
  for (let j = 0; j < m; ) {
    let e = j + 1;
    let sorted = true;
    while (e < m && word[order[e]] === word[order[j]]) {
      if (pos[order[e]] <= pos[order[e - 1]]) sorted = false;
      e++;
    }
    if (!sorted) order.subarray(j, e).sort((a, b) => pos[a] - pos[b]);
    codeCount++;
    j = e;
  }
  const codes = new Int32Array(codeCount);
  const starts = new Int32Array(codeCount + 1);
  const byteStarts = new Int32Array(codeCount + 1);
  let bytes = 0;
  for (let j = 0, k = -1, prev = -1; j < m; j++) {
    const w = word[order[j]];
    if (k < 0 || codes[k] !== w) {
      codes[++k] = w;
      starts[k] = j;
      byteStarts[k] = bytes;
      prev = -1;
    }
    bytes += varintBytes(pos[order[j]] - prev - 1);
    prev = pos[order[j]];
  }
  starts[codeCount] = m;
  byteStarts[codeCount] = bytes;
  const gaps = new Uint8Array(bytes);
  const scores = scoreCodes <= 256 ? new Uint8Array(m) : new Uint16Array(m);
  let at = 0;
  for (let j = 0, k = 0, prev = -1; j < m; j++) {
    if (j === starts[k]) {
      prev = -1;
      k++;
    }
    const p = pos[order[j]];
    let gap = p - prev - 1;
    prev = p;
    while (gap >= 0x80) {
      gaps[at++] = (gap & 0x7f) | 0x80;
      gap = Math.floor(gap / 128);
    }
    gaps[at++] = gap;
    scores[j] = score[order[j]];
  }
  return { codes, starts, byteStarts, gaps, scores };
}

/** Several segments as one (their pairs decoded and inverted again). */
export function mergeSegments(parts: Segment[], wordCount: number, scoreCodes: number): Segment {
  const total = parts.reduce((n, s) => n + pairCount(s), 0);
  const pairs: Pairs = { pos: new Int32Array(total), word: new Int32Array(total), score: new Int32Array(total), length: total };
  const decoded = new Decoded();
  let at = 0;
  for (const s of parts) {
    for (let k = 0; k < s.codes.length; k++) {
      const m = decoded.read(s, k);
      pairs.pos.set(decoded.pos.subarray(0, m), at);
      pairs.score.set(decoded.score.subarray(0, m), at);
      pairs.word.fill(s.codes[k], at, at + m);
      at += m;
    }
  }
  return encodeSegment(pairs, wordCount, scoreCodes);
}

/** A segment without some words' postings (their rows kept elsewhere: dense-words.ts). */
export function withoutWords(s: Segment, drop: (code: number) => boolean): Segment {
  const keep: number[] = [];
  let pairs = 0;
  let bytes = 0;
  for (let k = 0; k < s.codes.length; k++) {
    if (drop(s.codes[k])) continue;
    keep.push(k);
    pairs += s.starts[k + 1] - s.starts[k];
    bytes += s.byteStarts[k + 1] - s.byteStarts[k];
  }
  if (keep.length === s.codes.length) return s;
  const codes = new Int32Array(keep.length);
  const starts = new Int32Array(keep.length + 1);
  const byteStarts = new Int32Array(keep.length + 1);
  const gaps = new Uint8Array(bytes);
  const scores = s.scores instanceof Uint8Array ? new Uint8Array(pairs) : new Uint16Array(pairs);
  keep.forEach((k, i) => {
    codes[i] = s.codes[k];
    starts[i + 1] = starts[i] + s.starts[k + 1] - s.starts[k];
    byteStarts[i + 1] = byteStarts[i] + s.byteStarts[k + 1] - s.byteStarts[k];
    gaps.set(s.gaps.subarray(s.byteStarts[k], s.byteStarts[k + 1]), byteStarts[i]);
    scores.set(s.scores.subarray(s.starts[k], s.starts[k + 1]), starts[i]);
  });
  return { codes, starts, byteStarts, gaps, scores };
}
