// The one company-name normaliser: two spellings of one company give one key, stored in
// companies.normalized_name and used to de-duplicate and link winners and bidders.
//
//   "M/s. Sahyadri Buildcon Pvt. Ltd."      → "sahyadri buildcon"
//   "SAHYADRI BUILDCON PRIVATE LIMITED"      → "sahyadri buildcon"
//   "Messrs N.K. Builders & Co."             → "nk builders"
//   "Patel and Sons Infra LLP"               → "patel & sons infra"
//
// Rules, in order:
//   1. Unicode NFKC, lower case, curly quotes and apostrophes dropped ("Sharma's" → "sharmas").
//   2. A leading courtesy prefix: M/S, M/s., M.S., "M S", Messrs, Messers (with any punctuation).
//   3. Every other character that is not a letter, digit or '&' becomes a space; "and" → "&".
//   4. Runs of single letters join: "N K Builders" and "NK Builders" are one name.
//   5. Trailing legal forms are dropped, repeatedly: Private Limited, Pvt Ltd, (P) Ltd, Ltd,
//      Limited, LLP, OPC, Pvt, Private, & Co, Co, Company, Inc — so "XYZ Co. Pvt. Ltd." → "xyz".
//      Only at the end: "Limited Edition Interiors" keeps its first word.
//   6. If nothing is left (a company literally named "Limited"), the words of step 4 are kept.
// Letters (with their combining marks) of any script are kept (Devanagari names normalise to themselves, lower-cased).

const PREFIX = /^\s*(?:m\s*[/\\.]\s*s\b\.?|m\s+s\b\.?|m\/s|messrs\b\.?|messers\b\.?)[\s.:,-]*/iu;
const TRAILING = new Set(["ltd", "limited", "pvt", "private", "p", "llp", "opc", "co", "company", "inc", "&"]);

export function normalizeCompanyName(name: string | null | undefined): string {
  if (!name) return "";
  let s = name.normalize("NFKC").toLowerCase().replace(/[’'`´‘]/g, "");
  s = s.replace(PREFIX, "");
  s = s.replace(/&/g, " & ").replace(/[^\p{L}\p{M}\p{N}&]+/gu, " ");
  const words = s.split(" ").filter(Boolean).map((w) => (w === "and" ? "&" : w));
  // Join runs of single letters (initials written with dots or spaces): "n k builders" → "nk builders".
  const joined: string[] = [];
  let run = "";
  for (const w of words) {
    if ([...w].length === 1 && /\p{L}/u.test(w)) {
      run += w;
      continue;
    }
    if (run) joined.push(run);
    run = "";
    joined.push(w);
  }
  if (run) joined.push(run);
  const out = [...joined];
  while (out.length > 0 && TRAILING.has(out[out.length - 1])) out.pop();
  return (out.length ? out : joined).join(" ");
}
