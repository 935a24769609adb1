// A search's conditions as the evaluation reads them (evaluate.ts): the steps of one fused pass
// when each reads one column, else one tight loop per condition moving each row's state; and the
// code tables saying which dictionary codes satisfy a condition on a keyword field.
import { fieldOf } from "./fields.js";
import { globMatcher } from "./parse.js";
import { MAX_FUSED_STEPS, type FusedStep } from "./fused.js";
import type { Dictionary } from "./columns.js";
import type { EvalStore, ExternalSets } from "./evaluate.js";
import type { Condition, FilterGroup } from "./types.js";
import { passScalar16, passScalar8, passScalar32, passRange, applyPass, applyScalar16, applyScalar8, applyScalar32, applyRange } from "./kernels.js";

/** A condition's key in ExternalSets (its SQL result, its code table). */
export const conditionKey = (c: Condition) => JSON.stringify(c);

/** The conditions as the steps of one fused pass (fused.ts), or null when one of them needs a pass of its own. */
export function fusedSteps(store: EvalStore, base: Condition[], groups: FilterGroup[], ext: ExternalSets): FusedStep[] | null {
  if (base.length + groups.length > MAX_FUSED_STEPS) return null;
  const steps: FusedStep[] = [];
  const add = (conditions: Condition[], group: number | null) => {
    if (conditions.length !== 1) return false;
    const c = conditions[0];
    const col = store.columns.get(c.field);
    if (col?.kind === "keyword") steps.push({ kind: "codes", codes: col.codes, lut: lutOf(ext, c), group });
    else if (col?.kind === "number" && c.kind === "range") steps.push({ kind: "range", values: col.values, min: c.min ?? -Infinity, max: c.max ?? Infinity, group });
    else return false;
    return true;
  };
  for (const c of base) if (!add([c], null)) return null;
  for (let g = 0; g < groups.length; g++) if (!add(groups[g].conditions, g + 1)) return null;
  return steps;
}

export interface Rows {
  lo: number;
  hi: number;
}

/** Applies the verdict of conditions (OR) to every row's state. */
export function apply(store: EvalStore, conditions: Condition[], state: Uint8Array, t: Uint8Array, pass: Uint8Array, ext: ExternalSets, { lo, hi }: Rows) {
  if (conditions.length === 1) {
    // The common case, straight into the state without a pass array.
    const c = conditions[0];
    const col = store.columns.get(c.field);
    if (col?.kind === "keyword") {
      const lut = lutOf(ext, c);
      if (col.codes instanceof Uint8Array) applyScalar8(col.codes, lut, state, t, lo, hi);
      else if (col.codes instanceof Uint16Array) applyScalar16(col.codes, lut, state, t, lo, hi);
      else applyScalar32(col.codes, lut, state, t, lo, hi);
      return;
    }
    if (col?.kind === "number" && c.kind === "range") {
      applyRange(col.values, c.min ?? -Infinity, c.max ?? Infinity, state, t, lo, hi);
      return;
    }
  }
  conditionPass(store, conditions[0], pass, ext, { lo, hi });
  for (let k = 1; k < conditions.length; k++) conditionPass(store, conditions[k], pass, ext, { lo, hi }, true);
  applyPass(pass, state, t, lo, hi);
}

/** pass[i] = condition holds for row i (or, with `or`, pass[i] |= it), for rows [lo, hi). */
function conditionPass(store: EvalStore, c: Condition, pass: Uint8Array, ext: ExternalSets, { lo, hi }: Rows, or = false) {
  if (!or) pass.fill(0, lo, hi);
  const f = fieldOf(store.def, c.field);
  if (f.kind === "text") {
    const set = ext.conditionSets?.get(conditionKey(c));
    if (!set) throw new Error(`no SQL result for ${c.field}`);
    for (let i = lo; i < hi; i++) pass[i] |= set[i];
    return;
  }
  const col = store.columns.get(c.field)!;
  if (col.kind === "number") {
    const v = col.values;
    if (c.kind === "present") {
      if (c.present) for (let i = lo; i < hi; i++) { if (v[i] === v[i]) pass[i] = 1; }
      else for (let i = lo; i < hi; i++) { if (v[i] !== v[i]) pass[i] = 1; }
      return;
    }
    if (c.kind !== "range") throw new Error(`${c.kind} on a number field`);
    passRange(v, c.min ?? -Infinity, c.max ?? Infinity, pass, lo, hi);
    return;
  }
  const lut = lutOf(ext, c);
  if (col.kind === "keyword") {
    if (col.codes instanceof Uint8Array) passScalar8(col.codes, lut, pass, lo, hi);
    else if (col.codes instanceof Uint16Array) passScalar16(col.codes, lut, pass, lo, hi);
    else passScalar32(col.codes, lut, pass, lo, hi);
    return;
  }
  const { offsets, data } = col;
  if (c.kind === "present" && !c.present) {
    for (let i = lo; i < hi; i++) if (offsets[i + 1] === offsets[i]) pass[i] = 1;
    return;
  }
  for (let i = lo; i < hi; i++) {
    for (let k = offsets[i], e = offsets[i + 1]; k < e; k++) {
      if (lut[data[k]]) {
        pass[i] = 1;
        break;
      }
    }
  }
}

function lutOf(ext: ExternalSets, c: Condition): Uint8Array {
  const lut = ext.luts?.get(conditionKey(c));
  if (!lut) throw new Error(`no code table for ${c.field}`);
  return lut;
}

/** Code tables of every condition on a keyword/boolean/keywords field, from the store's dictionaries. */
export function conditionLuts(dictOf: (field: string) => Dictionary | null, conditions: Condition[]): Map<string, Uint8Array> {
  const out = new Map<string, Uint8Array>();
  for (const c of conditions) {
    const dict = dictOf(c.field);
    if (dict) out.set(conditionKey(c), lookupTable(dict, c));
  }
  return out;
}

/** Which dictionary codes satisfy a condition on a keyword/boolean/keywords column. */
function lookupTable(dict: Dictionary, c: Condition): Uint8Array {
  const texts = dict.texts;
  const lut = new Uint8Array(texts.length);
  if (c.kind === "values") {
    for (const v of c.values) {
      const code = dict.codeOf.get(v);
      if (code !== undefined) lut[code] = 1;
    }
  } else if (c.kind === "wildcard") {
    const match = globMatcher(c.pattern);
    for (let k = 1; k < texts.length; k++) if (match(texts[k] as string)) lut[k] = 1;
  } else if (c.kind === "present") {
    if (c.present) lut.fill(1, 1);
    else lut[0] = 1; // keywords' "absent" is handled by the caller
  } else throw new Error(`range on ${c.field}`);
  return lut;
}
