// Looking up an index's fields and sorts by a name that came from a request. The definitions
// are plain objects, so `def.fields[name]` answers Object.prototype's members for names like
// `__proto__`, `constructor` or `toString`: every lookup by request text goes through here,
// which admits a definition's own keys only.
import { cap, fieldErrors } from "../http/errors.js";
import type { FieldDef, IndexDefinition, SortDef } from "./types.js";

/** The field of that name, or undefined (never an inherited member). */
export const fieldDef = (def: IndexDefinition, name: string): FieldDef | undefined =>
  Object.hasOwn(def.fields, name) ? def.fields[name] : undefined;

/** The sort of that key, or undefined (never an inherited member). */
export const sortDef = (def: IndexDefinition, key: string): SortDef | undefined =>
  Object.hasOwn(def.sorts, key) ? def.sorts[key] : undefined;

/** The field of that name; a name the definition lacks is a programming error (a 500). */
export function fieldOf(def: IndexDefinition, name: string): FieldDef {
  const f = fieldDef(def, name);
  if (!f) throw new Error(`index ${def.name} has no field ${name}`);
  return f;
}

/**
 * A 400 on `field` that says what was wrong and lists every allowed name: one message when it
 * fits the message cap, else the refusal first and the names after it, split across messages
 * so none is cut short (the tenders index has more filter fields than one message holds).
 */
export function refusalWithChoices(field: string, refusal: string, names: readonly string[]): Error {
  const one = `${refusal} Use one of: ${names.join(", ")}.`;
  if (cap(one) === one) return fieldErrors(field, [one]);
  const messages = [refusal];
  let line = "Use one of:";
  names.forEach((name, i) => {
    const item = ` ${name}${i === names.length - 1 ? "." : ","}`;
    if (cap(line + item) !== line + item) {
      messages.push(line);
      line = "Also:";
    }
    line += item;
  });
  messages.push(line);
  return fieldErrors(field, messages);
}
