// A small seeded pseudo-random generator (mulberry32) with the helpers the demo data needs.
// Never Math.random: the same seed must give the same rows.

export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A derived generator for one stream (e.g. 'projects'), so streams do not shift each other. */
  static derive(seed: number, stream: string): Rng {
    let h = (seed ^ 0x9e3779b9) >>> 0;
    for (let i = 0; i < stream.length; i++) h = Math.imul(h ^ stream.charCodeAt(i), 0x85ebca6b) >>> 0;
    h ^= h >>> 13;
    return new Rng(h);
  }

  /** Uniform in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max] inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** Picks by weight: [[item, weight], ...]. */
  weighted<T>(pairs: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, w] of pairs) total += w;
    let r = this.next() * total;
    for (const [item, w] of pairs) {
      r -= w;
      if (r < 0) return item;
    }
    return pairs[pairs.length - 1][0];
  }

  /** k distinct items (k capped at the list length), in pick order. */
  sample<T>(items: readonly T[], k: number): T[] {
    const n = Math.min(k, items.length);
    const taken = new Set<number>();
    const out: T[] = [];
    while (out.length < n) {
      const i = Math.floor(this.next() * items.length);
      if (taken.has(i)) continue;
      taken.add(i);
      out.push(items[i]);
    }
    return out;
  }

  /** Log-uniform between min and max, with an optional skew (>1 pulls towards min). */
  logUniform(min: number, max: number, skew = 1): number {
    const u = Math.pow(this.next(), skew);
    return Math.exp(Math.log(min) + u * (Math.log(max) - Math.log(min)));
  }

  /** A string of n decimal digits (leading zeros allowed). */
  digits(n: number): string {
    let s = "";
    for (let i = 0; i < n; i++) s += String(Math.floor(this.next() * 10));
    return s;
  }
}
