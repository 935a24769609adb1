// The sign-in pages' forms without antd's Form (and the input, button and grid it brings, ≈ 65 KB
// gzipped that /login would download before a visitor can type): the values, the rules each field
// must meet, and the message under each field, as antd shows them — checked on submit, then again
// as the visitor edits a field that has been checked.
import { useRef, useState, type ChangeEvent, type FormEvent } from "react";

export type Rule<V> =
  | { required: true; message: string }
  | { min: number; message: string }
  | { email: true; message: string }
  | { sameAs: keyof V & string; message: string };

export type Rules<V> = Partial<Record<keyof V & string, Rule<V>[]>>;

// The browser's own check for type=email (WHATWG), so a visitor meets one idea of a valid address.
const EMAIL = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

function broken<V extends { [K in keyof V]: string }>(rule: Rule<V>, value: string, values: V): boolean {
  if ("required" in rule) return !value.trim();
  if (!value) return false; // only 'required' speaks for an empty field
  if ("min" in rule) return value.length < rule.min;
  if ("email" in rule) return !EMAIL.test(value.trim());
  return value !== values[rule.sameAs];
}

/** The first rule's message the field breaks, or undefined. */
export function checkField<V extends { [K in keyof V]: string }>(rules: Rules<V>, name: keyof V & string, values: V): string | undefined {
  return rules[name]?.find((rule) => broken(rule, values[name] ?? "", values))?.message;
}

export interface FieldProps {
  name: string;
  value: string;
  error: string | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

export function useAuthForm<V extends { [K in keyof V]: string }>(initial: V, rules: Rules<V>) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof V & string, string>>>({});
  const form = useRef<HTMLFormElement>(null);
  const names = Object.keys(initial) as (keyof V & string)[];

  const field = (name: keyof V & string): FieldProps => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event) => {
      const next = { ...values, [name]: event.target.value } as V;
      setValues(next);
      // A field already checked (and those that depend on it) are checked again as they change.
      setErrors((shown) => {
        const again = { ...shown };
        for (const other of names) if (other in shown) again[other] = checkField(rules, other, next);
        return again;
      });
    },
  });

  /**
   * The form's onSubmit: check every field; if all pass, hand the values on, else focus the first
   * wrong one. While `busy` (the last submit is being sent), a submit — Enter in a field, a second
   * click — sends nothing.
   */
  const onSubmit = (onValid: (values: V) => void, busy = false) => (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = Object.fromEntries(names.map((name) => [name, checkField(rules, name, values)])) as Partial<Record<keyof V & string, string>>;
    setErrors(found);
    const first = names.find((name) => found[name]);
    if (first) form.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
    else onValid(values);
  };

  /** Show the server's word on fields it names (a signup's 'e-mail already registered'). */
  const showErrors = (byField: Record<string, string[] | string> | undefined) => {
    if (!byField) return;
    const known = names.filter((name) => Object.hasOwn(byField, name));
    setErrors((shown) => ({ ...shown, ...Object.fromEntries(known.map((name) => [name, [byField[name]].flat()[0]])) }));
  };

  return { values, field, onSubmit, showErrors, formRef: form };
}
