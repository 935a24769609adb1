// A rupee value as the spec shows it ('₹ 23.5 Cr', '₹ 45 L', '₹ 2.5 Crore'), said in full to screen
// readers ('23.5 crore rupees'): the visible text is aria-hidden and a visually hidden sibling
// carries the long form (an aria-label on a plain span is not read reliably). The visible element
// keeps the page's class (lead-value, tender-value…), so its own text is exactly what it was.
import type { AmountStyle } from "../../lib/format";
import { formatRupees, formatRupeesSpoken, NOT_SPECIFIED } from "../../lib/format";

export interface MoneyProps {
  value: unknown;
  style?: AmountStyle;
  decimals?: number;
  /** The visible element's class. */
  className?: string;
  /** The visible element: inline (span, by default) or a block of its own (div). */
  as?: "span" | "div";
}

export function Money({ value, style = "short", decimals = 2, className, as: Element = "span" }: MoneyProps) {
  const text = formatRupees(value, style, decimals);
  if (text === NOT_SPECIFIED) return <Element className={className}>{text}</Element>;
  return (
    <>
      <Element className={className} aria-hidden="true">
        {text}
      </Element>
      <span className="visually-hidden">{formatRupeesSpoken(value, decimals)}</span>
    </>
  );
}
