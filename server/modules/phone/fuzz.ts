// Name matching for contact verification: a token-set ratio 0–100, the measure fuzzywuzzy and
// rapidfuzz call token_set_ratio. Word order, repeated words and extra words on one side do not
// lower the score: 'Kumar Ravi' vs 'Ravi Kumar' is 100, 'Ravi Kumar' vs 'Mr Ravi Kumar Sharma'
// is 100 (one name's words all appear in the other), 'Ravi Kumar' vs 'Ravi Kumaar' is high.

/** Lower case, letters and digits only, split into words (any script). */
export function tokens(s: string): string[] {
  return s
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Length of the longest common subsequence. */
function lcs(a: string, b: string): number {
  if (!a.length || !b.length) return 0;
  let prev = new Array<number>(b.length + 1).fill(0);
  let cur = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) cur[j] = a[i - 1] === b[j - 1] ? prev[j - 1] + 1 : Math.max(prev[j], cur[j - 1]);
    [prev, cur] = [cur, prev];
  }
  return prev[b.length];
}

/** Similarity of two strings 0–100: 2·LCS / (|a| + |b|) (the normalised Indel similarity). */
export function ratio(a: string, b: string): number {
  const total = a.length + b.length;
  if (total === 0) return 0;
  return (200 * lcs(a, b)) / total;
}

/**
 * Token-set ratio: compares the sorted shared words with each side's sorted shared + own words
 * and takes the best match. 0 when either side has no words. Rounded to a whole number.
 */
export function tokenSetRatio(a: string, b: string): number {
  const ta = new Set(tokens(a));
  const tb = new Set(tokens(b));
  if (ta.size === 0 || tb.size === 0) return 0;
  const inter = [...ta].filter((t) => tb.has(t)).sort();
  const onlyA = [...ta].filter((t) => !tb.has(t)).sort();
  const onlyB = [...tb].filter((t) => !ta.has(t)).sort();
  const sect = inter.join(" ");
  const ab = [sect, onlyA.join(" ")].filter(Boolean).join(" ");
  const ba = [sect, onlyB.join(" ")].filter(Boolean).join(" ");
  // All of one name's words are in the other: a full match.
  if (inter.length && (!onlyA.length || !onlyB.length)) return 100;
  const scores = [ratio(ab, ba)];
  if (sect) scores.push(ratio(sect, ab), ratio(sect, ba));
  return Math.round(Math.max(...scores));
}
