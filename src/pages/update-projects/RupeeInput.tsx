// The project's value in rupees, always shown in Indian grouping (1,23,45,678), also while typing:
// commas come and go as digits do, and the caret stays after the same digit. antd's Input, not its
// InputNumber (rc-input-number and its decimal library, ≈ 7 KB gz on the staff editor's first open).
import { Input, type InputProps, type InputRef } from "antd";
import { useLayoutEffect, useRef, useState, type ChangeEvent } from "react";
import { formatIndianNumber, groupTyped } from "../../lib/format";

interface Props extends Omit<InputProps, "value" | "onChange"> {
  value?: number | null;
  onChange?: (value: number | null) => void;
}

/** What can be typed: digits with at most one decimal point (no sign: values are never negative). */
const TYPABLE = /^\d*\.?\d*$/;

/** The position in `text` after its first `count` characters that are not commas. */
function afterCharacters(text: string, count: number): number {
  let seen = 0;
  for (let i = 0; i < text.length; i++) {
    if (seen === count) return i;
    if (text[i] !== ",") seen++;
  }
  return text.length;
}

export function RupeeInput({ value, onChange, ...input }: Props) {
  // The text being typed (plain digits), until the field is left; else the value, formatted.
  const [typed, setTyped] = useState<string | null>(null);
  const shown = typed !== null ? groupTyped(typed) : value === null || value === undefined ? "" : formatIndianNumber(value, 2);
  // The field itself (antd hands onChange a copy of it, detached, whose caret says nothing).
  const ref = useRef<InputRef>(null);
  // How many characters (commas aside) were before the caret when the text changed.
  const caret = useRef<number | null>(null);
  useLayoutEffect(() => {
    const field = ref.current?.input;
    const characters = caret.current;
    caret.current = null;
    if (!field || characters === null || document.activeElement !== field) return;
    const at = afterCharacters(field.value, characters);
    field.setSelectionRange(at, at);
  }, [shown]);

  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const plain = event.target.value.replace(/,/g, "").trim();
    if (!TYPABLE.test(plain)) return; // a letter or a second point is not taken
    const field = ref.current?.input;
    if (field) caret.current = field.value.slice(0, field.selectionStart ?? field.value.length).replace(/,/g, "").length;
    setTyped(plain);
    onChange?.(plain === "" || plain === "." ? null : Number(plain));
  };
  return <Input {...input} ref={ref} inputMode="decimal" value={shown} onChange={change} onBlur={() => setTyped(null)} />;
}
