// The text index's words: a code each, in the order first seen. Words seen while loading are
// found by a hash of their characters in the row text, so a known word (nearly every one) costs
// no new string.
import { ownString } from "./shared.js";

export class WordCodes {
  private readonly codeOf = new Map<string, number>();
  /** Each code's word. */
  readonly words: string[] = [];

  /** The code of a word, or undefined if the index never saw it. */
  find(word: string): number | undefined {
    return this.codeOf.get(word);
  }

  /** Bytes of the hash tables (the words themselves are strings). */
  heldBytes(): number {
    return this.slots.byteLength + this.wordHashes.byteLength;
  }

  // Open addressing over word codes.
  private slots = new Int32Array(1 << 12).fill(-1);
  private wordHashes = new Int32Array(1 << 11);

  /** The code of the word s[from, to) whose FNV-1a hash is `hash` (no new string when known). */
  codeAt(s: string, from: number, to: number, hash: number): number {
    const mask = this.slots.length - 1;
    const length = to - from;
    for (let k = hash & mask; ; k = (k + 1) & mask) {
      const c = this.slots[k];
      if (c === -1) break;
      if (this.wordHashes[c] !== hash) continue;
      const w = this.words[c];
      if (w.length !== length) continue;
      let same = true;
      for (let x = 0; x < length && same; x++) same = w.charCodeAt(x) === s.charCodeAt(from + x);
      if (same) return c;
    }
    return this.code(s.slice(from, to));
  }

  /** A word's code, given one if new. */
  code(word: string): number {
    let c = this.codeOf.get(word);
    if (c === undefined) {
      c = this.words.length;
      word = ownString(word); // not a slice of a chunk's text, which it would keep alive
      this.words.push(word);
      this.codeOf.set(word, c);
      this.remember(c, word);
    }
    return c;
  }

  private remember(c: number, word: string) {
    let hash = 2166136261;
    for (let x = 0; x < word.length; x++) hash = Math.imul(hash ^ word.charCodeAt(x), 16777619);
    if (c >= this.wordHashes.length) {
      const next = new Int32Array(this.wordHashes.length * 2);
      next.set(this.wordHashes);
      this.wordHashes = next;
    }
    this.wordHashes[c] = hash;
    if (this.words.length * 2 > this.slots.length) {
      this.slots = new Int32Array(this.slots.length * 2).fill(-1);
      for (let k = 0; k < this.words.length; k++) this.place(k);
    } else this.place(c);
  }

  private place(c: number) {
    const mask = this.slots.length - 1;
    let k = this.wordHashes[c] & mask;
    while (this.slots[k] !== -1) k = (k + 1) & mask;
    this.slots[k] = c;
  }

}
