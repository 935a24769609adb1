// Bar charts where people compare numbers (recharts): rupee series on an axis read in lakh and
// crore ('2.5 Cr'), and counts by category. Every chart has a text alternative (aria-label and a
// table or list beside it on the page), so the numbers are never only in pixels.
import { ChartFrame } from "../charts/ChartFrame";
import type { ReactNode } from "react";
import { Bar, BarChart, CartesianGrid, Legend, ReferenceLine, Tooltip, XAxis, YAxis } from "recharts";
import { formatAmount, formatIndianNumber, formatRupees } from "../../lib/format";
import "./companies.css";

export const CHART_COLOURS = ["#1b6fb5", "#2f9e44", "#e8590c", "#7048e8", "#c2255c", "#0c8599", "#e67700", "#495057"];

export interface Series {
  key: string;
  label: string;
  colour?: string;
}

/** Axis ticks in lakh / crore without the rupee sign (the axis title says ₹). */
export const rupeeTick = (value: number) => formatAmount(value, "short", 1);

const Frame = (props: { label: string; height: number; empty: boolean; children: ReactNode }) => (
  <ChartFrame {...props} className="chart-box" emptyText="No figures to chart" />
);

/** How a series' numbers read: rupees in lakh / crore, plain counts, or 0–1 shares as percentages. */
export type NumberKind = "rupees" | "count" | "share";

const AXIS: Record<NumberKind, (v: number) => string> = {
  rupees: rupeeTick,
  count: (v) => formatIndianNumber(v, 0),
  share: (v) => `${Number((v * 100).toFixed(1))}%`,
};
const TOOLTIP: Record<NumberKind, (v: unknown) => string> = {
  rupees: (v) => formatRupees(v, "long"),
  count: (v) => formatIndianNumber(v, 0),
  share: (v) => (typeof v === "number" ? `${Number((v * 100).toFixed(1))}%` : "—"),
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

const shorten = (max: number) => (v: string) => (typeof v === "string" && v.length > max ? `${v.slice(0, max - 1)}…` : v);

/** Grouped bars, one group per category (negative values go below the zero line). */
export function SeriesBars({ label, data, category, series, kind = "rupees", height = 280, horizontal = false }: SeriesBarsProps) {
  const empty = data.length === 0 || series.every((s) => data.every((d) => (d as Record<string, unknown>)[s.key] === null || (d as Record<string, unknown>)[s.key] === undefined));
  return (
    <Frame label={label} height={height} empty={empty}>
      <BarChart data={data} layout={horizontal ? "vertical" : "horizontal"} margin={{ top: 8, right: horizontal ? 28 : 12, bottom: 4, left: 4 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={horizontal} horizontal={!horizontal} />
        {horizontal ? (
          <>
            <XAxis type="number" tickFormatter={AXIS[kind]} fontSize={12} allowDecimals={kind !== "count"} />
            <YAxis type="category" dataKey={category} width={120} fontSize={12} tickFormatter={shorten(18)} />
          </>
        ) : (
          <>
            <XAxis dataKey={category} fontSize={12} interval={0} tickFormatter={shorten(14)} />
            <YAxis tickFormatter={AXIS[kind]} width={kind === "rupees" ? 64 : 48} fontSize={12} allowDecimals={kind !== "count"} />
          </>
        )}
        <ReferenceLine {...(horizontal ? { x: 0 } : { y: 0 })} stroke="#adb5bd" />
        <Tooltip formatter={(value) => TOOLTIP[kind](value)} />
        {series.length > 1 && <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={null} />}
        {series.map((s, i) => (
          <Bar key={s.key} dataKey={s.key} name={s.label} fill={s.colour ?? CHART_COLOURS[i % CHART_COLOURS.length]} radius={2} maxBarSize={36} isAnimationActive={false} />
        ))}
      </BarChart>
    </Frame>
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
  const h = height ?? Math.max(120, rows.length * 30 + 40);
  return (
    <Frame label={label} height={h} empty={rows.length === 0}>
      <BarChart data={rows} layout="vertical" margin={{ top: 4, right: 24, bottom: 4, left: 4 }}>
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" allowDecimals={false} fontSize={12} />
        <YAxis type="category" dataKey="text" width={130} fontSize={12} tickFormatter={(v: string) => (v.length > 20 ? `${v.slice(0, 19)}…` : v)} />
        <Tooltip formatter={(value) => formatIndianNumber(value, 0)} />
        <Bar dataKey="count" name={valueLabel} fill={colour} radius={2} maxBarSize={22} isAnimationActive={false} />
      </BarChart>
    </Frame>
  );
}
