// OCDS 1.1 merging: the releases of one ocid, oldest first, folded into one compiled release.
//   - objects merge field by field, recursively; a field a release omits keeps its older value;
//   - a field set to null in a newer release is emptied (OCDS 1.1 "emptying fields");
//   - arrays of objects that all carry an `id` merge by id (an object with a known id merges into
//     it, a new id is appended); any other array (strings, objects without ids) is replaced whole;
//   - release-level id, date and tag are not merged: the compiled release takes the newest date
//     and the tag 'compiled'.
// Releases with equal dates keep their input order (a stable sort).

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
export type Release = { [k: string]: Json };

const isObject = (v: unknown): v is { [k: string]: Json } => typeof v === "object" && v !== null && !Array.isArray(v);

function idArray(v: Json[]): boolean {
  return v.length > 0 && v.every((x) => isObject(x) && (typeof x.id === "string" || typeof x.id === "number"));
}

function mergeValue(older: Json | undefined, newer: Json): Json {
  if (isObject(newer)) return mergeObject(isObject(older) ? older : {}, newer);
  if (Array.isArray(newer)) {
    if (idArray(newer)) {
      const out: Json[] = Array.isArray(older) && idArray(older) ? older.map((x) => structuredClone(x)) : [];
      for (const item of newer as { [k: string]: Json }[]) {
        const at = out.findIndex((o) => String((o as { id: Json }).id) === String(item.id));
        if (at === -1) out.push(mergeObject({}, item));
        else out[at] = mergeObject(out[at] as { [k: string]: Json }, item);
      }
      return out;
    }
    return structuredClone(newer);
  }
  return newer;
}

function mergeObject(older: { [k: string]: Json }, newer: { [k: string]: Json }): { [k: string]: Json } {
  const out: { [k: string]: Json } = { ...older };
  for (const [k, v] of Object.entries(newer)) {
    // A file's "__proto__" key would replace the merged object's prototype; no OCDS field has that name.
    if (k === "__proto__") continue;
    if (v === null) delete out[k];
    else out[k] = mergeValue(Object.hasOwn(out, k) ? out[k] : undefined, v);
  }
  return out;
}

const releaseTime = (r: Release) => {
  const t = typeof r.date === "string" ? Date.parse(r.date) : NaN;
  return Number.isNaN(t) ? -Infinity : t;
};

/** The compiled release of one ocid's releases. */
export function compile(releases: Release[]): Release {
  const sorted = releases.map((r, i) => ({ r, i })).sort((a, b) => releaseTime(a.r) - releaseTime(b.r) || a.i - b.i).map((x) => x.r);
  let out: { [k: string]: Json } = {};
  for (const r of sorted) {
    const { id: _id, date: _date, tag: _tag, ...rest } = r;
    out = mergeObject(out, rest);
  }
  const last = sorted[sorted.length - 1];
  return { ...out, ocid: last?.ocid ?? null, id: `${String(last?.ocid)}-compiled`, date: last?.date ?? null, tag: ["compiled"] };
}
