// Bar charts where people compare numbers (recharts): rupee series on an axis read in lakh and
// crore ('2.5 Cr'), and counts by category. Every chart has a text alternative (aria-label and a
// table or list beside it on the page), so the numbers are never only in pixels.
import { Empty } from "antd";
import type { ReactNode } from "react";
import { Bar, BarChart, CartesianGrid, Legend, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
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

function Frame({ label, height, children, empty }: { label: string; height: number; children: ReactNode; empty: boolean }) {
  if (empty) return <Empty className="chart-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description="No figures to chart" />;
  return (
    <div className="chart-box" role="img" aria-label={label} style={{ height }}>
      <ResponsiveContainer width="100%" height="100%" minWidth={0}>
        {children as never}
      </ResponsiveContainer>
    </div>
  );
}

interface RupeeBarsProps {
  label: string;
  data: object[];
  /** The category key (fiscal year, company name). */
  category: string;
  series: Series[];
  height?: number;
  /** Bars run left to right (false) or top to bottom (true, for long names). */
  horizontal?: boolean;
}

/** Grouped bars of rupee amounts (negative profits go below the zero line). */
export function RupeeBars({ label, data, category, series, height = 280, horizontal = false }: RupeeBarsProps) {
  const empty = data.length === 0 || series.every((s) => data.every((d) => (d as Record<string, unknown>)[s.key] === null || (d as Record<string, unknown>)[s.key] === undefined));
  return (
    <Frame label={label} height={height} empty={empty}>
      <BarChart data={data} layout={horizontal ? "vertical" : "horizontal"} margin={{ top: 8, right: 12, bottom: 4, left: 4 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={horizontal} horizontal={!horizontal} />
        {horizontal ? (
          <>
            <XAxis type="number" tickFormatter={rupeeTick} fontSize={12} />
            <YAxis type="category" dataKey={category} width={120} fontSize={12} tickFormatter={(v: string) => (v.length > 18 ? `${v.slice(0, 17)}…` : v)} />
          </>
        ) : (
          <>
            <XAxis dataKey={category} fontSize={12} />
            <YAxis tickFormatter={rupeeTick} width={64} fontSize={12} />
          </>
        )}
        <ReferenceLine {...(horizontal ? { x: 0 } : { y: 0 })} stroke="#adb5bd" />
        <Tooltip formatter={(value) => formatRupees(value, "long")} />
        {series.length > 1 && <Legend wrapperStyle={{ fontSize: 12 }} />}
        {series.map((s, i) => (
          <Bar key={s.key} dataKey={s.key} name={s.label} fill={s.colour ?? CHART_COLOURS[i % CHART_COLOURS.length]} radius={2} maxBarSize={36} isAnimationActive={false} />
        ))}
      </BarChart>
    </Frame>
  );
}

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

/** Percentages (0–1 shares) side by side, e.g. win rate per competitor. */
export function ShareBars({ label, data, category, series, height = 260 }: { label: string; data: object[]; category: string; series: Series[]; height?: number }) {
  const pct = (v: unknown) => (typeof v === "number" ? `${Number((v * 100).toFixed(1))}%` : "—");
  return (
    <Frame label={label} height={height} empty={data.length === 0}>
      <BarChart data={data} margin={{ top: 8, right: 12, bottom: 4, left: 4 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey={category} fontSize={12} interval={0} tickFormatter={(v: string) => (v.length > 14 ? `${v.slice(0, 13)}…` : v)} />
        <YAxis tickFormatter={pct} width={48} fontSize={12} domain={[0, "auto"]} />
        <Tooltip formatter={(value) => pct(value)} />
        {series.length > 1 && <Legend wrapperStyle={{ fontSize: 12 }} />}
        {series.map((s, i) => (
          <Bar key={s.key} dataKey={s.key} name={s.label} fill={s.colour ?? CHART_COLOURS[i % CHART_COLOURS.length]} radius={2} maxBarSize={36} isAnimationActive={false} />
        ))}
      </BarChart>
    </Frame>
  );
}
