// Bar charts where people compare numbers: rupee series on an axis read in lakh and crore
// ('2.5 Cr'), and counts by category (drawn by our own BarChart). Every chart has a text
// alternative (aria-label and a table or list beside it on the page), so the numbers are never only in pixels.
import { BarChart } from "../charts/BarChart";
import { formatAmount, formatIndianNumber, formatRupees, formatShare, toNumber } from "../../lib/format";
import "./companies.css";

export const CHART_COLOURS = ["#1b6fb5", "#2f9e44", "#e8590c", "#7048e8", "#c2255c", "#0c8599", "#e67700", "#495057"];

export interface Series {
  key: string;
  label: string;
  colour?: string;
}

/** Axis ticks in lakh / crore without the rupee sign (the axis title says ₹). */
export const rupeeTick = (value: number) => formatAmount(value, "short", 1);

const FRAME = { className: "chart-box", emptyText: "No figures to chart" };

/** How a series' numbers read: rupees in lakh / crore, plain counts, or 0–1 shares as percentages. */
export type NumberKind = "rupees" | "count" | "share";

const count = (v: number) => formatIndianNumber(v, 0);
const AXIS: Record<NumberKind, (v: number) => string> = {
  rupees: rupeeTick,
  count,
  share: (v) => formatShare(v),
};
const TOOLTIP: Record<NumberKind, (v: number) => string> = {
  rupees: (v) => formatRupees(v, "long"),
  count,
  share: (v) => formatShare(v),
};

interface SeriesBarsProps {
  label: string;
  data: object[];
  /** The category key (fiscal year, company name). */
  category: string;
  series: Series[];
  kind?: NumberKind;
  height?: number;
  /** Bars run left to right (false) or top to bottom (true, for long names). */
  horizontal?: boolean;
}

type Row = Record<string, unknown>;

/** Grouped bars, one group per category (negative values go below the zero line). */
export function SeriesBars({ label, data, category, series, kind = "rupees", height = 280, horizontal = false }: SeriesBarsProps) {
  return (
    <BarChart<Row>
      {...FRAME}
      label={label}
      rows={data as Row[]}
      category={(d) => String(d[category] ?? "")}
      series={series.map((s, i) => ({ key: s.key, label: s.label, colour: s.colour ?? CHART_COLOURS[i % CHART_COLOURS.length], value: (d) => toNumber(d[s.key]) }))}
      height={height}
      horizontal={horizontal}
      tick={AXIS[kind]}
      format={TOOLTIP[kind]}
      integers={kind === "count"}
      axisWidth={horizontal ? 120 : kind === "rupees" ? 64 : 48}
      truncate={horizontal ? 18 : 14}
      margin={{ right: horizontal ? 28 : 12 }}
      maxBarSize={36}
      radius={2}
      zeroLine
      legend={series.length > 1}
    />
  );
}

/** Rupee amounts, axis in lakh / crore. */
export const RupeeBars = (props: Omit<SeriesBarsProps, "kind">) => <SeriesBars {...props} kind="rupees" />;

export interface CountRow {
  text: string;
  count: number;
}

/** Counts by category as horizontal bars, largest first (projects by status, positions L1…). */
export function CountBars({ label, data, height, colour = CHART_COLOURS[0], valueLabel = "Count" }: { label: string; data: CountRow[]; height?: number; colour?: string; valueLabel?: string }) {
  const rows = data.filter((d) => d.count > 0);
  return (
    <BarChart<CountRow>
      {...FRAME}
      label={label}
      rows={rows}
      category={(d) => d.text}
      series={[{ key: "count", label: valueLabel, colour, value: (d) => d.count }]}
      height={height ?? Math.max(120, rows.length * 30 + 40)}
      horizontal
      tick={count}
      format={count}
      integers
      axisWidth={130}
      truncate={20}
      margin={{ top: 4, right: 24 }}
      maxBarSize={22}
      radius={2}
    />
  );
}
