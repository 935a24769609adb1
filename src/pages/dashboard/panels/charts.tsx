// The dashboard's charts (recharts). Every chart has a text alternative (aria-label, and the
// numbers as links beside or below it), so nothing is only in pixels; bars open the lister
// that lists them.
import { ChartFrame } from "../../../components/charts/ChartFrame";
import type { ReactNode } from "react";
import { Bar, BarChart, CartesianGrid, Cell, LabelList, Legend, Tooltip, XAxis, YAxis } from "recharts";
import { formatIndianNumber } from "../../../lib/format";

export const COLOURS = { construction: "#1b6fb5", industrial: "#e8590c", accent: "#2f9e44", overdue: "#c92a2a", today: "#e67700", upcoming: "#1b6fb5", muted: "#868e96" };

const Frame = (props: { label: string; height: number; empty: boolean; children: ReactNode }) => (
  <ChartFrame {...props} className="dash-chart" emptyText="Nothing to chart yet" />
);

const countTick = (v: number) => formatIndianNumber(v, 0);

export interface SplitRow {
  name: string;
  construction: number;
  industrial: number;
}

/** Stacked construction/industrial bars per row (horizontal: names down the side); a click opens that part's lister. */
interface SplitBarsProps {
  label: string;
  rows: SplitRow[];
  onOpen?: (row: SplitRow, category: "construction" | "industrial") => void;
  height?: number;
  /** Other names and colours for the two parts (default: Construction, Industrial). */
  legend?: { construction: string; industrial: string };
  colours?: { construction: string; industrial: string };
}

export function SplitBars({ label, rows, onOpen, height, legend = { construction: "Construction", industrial: "Industrial" }, colours = COLOURS }: SplitBarsProps) {
  const empty = rows.every((r) => r.construction + r.industrial === 0);
  const h = height ?? Math.max(140, rows.length * 40 + 50);
  return (
    <Frame label={label} height={h} empty={empty}>
      <BarChart data={rows} layout="vertical" margin={{ top: 4, right: 28, bottom: 4, left: 4 }}>
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" allowDecimals={false} tickFormatter={countTick} fontSize={12} />
        <YAxis type="category" dataKey="name" width={126} fontSize={12} tickFormatter={(v: string) => (v.length > 19 ? `${v.slice(0, 18)}…` : v)} />
        <Tooltip formatter={(v) => formatIndianNumber(v, 0)} />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        {(["construction", "industrial"] as const).map((c) => (
          <Bar
            key={c}
            dataKey={c}
            name={legend[c]}
            stackId="category"
            fill={colours[c]}
            maxBarSize={26}
            isAnimationActive={false}
            cursor={onOpen ? "pointer" : undefined}
            onClick={onOpen ? (d: { payload?: SplitRow }) => d.payload && d.payload[c] > 0 && onOpen(d.payload, c) : undefined}
          >
            <LabelList dataKey={c} position="center" fill="#fff" fontSize={11} formatter={(v: unknown) => (Number(v) > 0 ? formatIndianNumber(v, 0) : "")} />
          </Bar>
        ))}
      </BarChart>
    </Frame>
  );
}

export interface CountRow {
  name: string;
  count: number;
  colour?: string;
}

/** One bar per row with its number on it; a click opens the row. */
export function CountBars({ label, rows, onOpen, height = 200, vertical = false }: { label: string; rows: CountRow[]; onOpen?: (row: CountRow) => void; height?: number; vertical?: boolean }) {
  const empty = rows.every((r) => r.count === 0);
  return (
    <Frame label={label} height={height} empty={empty}>
      <BarChart data={rows} layout={vertical ? "vertical" : "horizontal"} margin={{ top: 18, right: 24, bottom: 4, left: 4 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={vertical} horizontal={!vertical} />
        {vertical ? (
          <>
            <XAxis type="number" allowDecimals={false} tickFormatter={countTick} fontSize={12} />
            <YAxis type="category" dataKey="name" width={126} fontSize={12} tickFormatter={(v: string) => (v.length > 19 ? `${v.slice(0, 18)}…` : v)} />
          </>
        ) : (
          <>
            <XAxis dataKey="name" fontSize={12} interval={0} />
            <YAxis allowDecimals={false} tickFormatter={countTick} width={40} fontSize={12} />
          </>
        )}
        <Tooltip formatter={(v) => formatIndianNumber(v, 0)} />
        <Bar
          dataKey="count"
          name="Count"
          maxBarSize={42}
          isAnimationActive={false}
          cursor={onOpen ? "pointer" : undefined}
          onClick={onOpen ? (d: { payload?: CountRow }) => d.payload && onOpen(d.payload) : undefined}
        >
          {rows.map((r) => (
            <Cell key={r.name} fill={r.colour ?? COLOURS.construction} />
          ))}
          <LabelList dataKey="count" position={vertical ? "right" : "top"} fontSize={11} formatter={(v: unknown) => formatIndianNumber(v, 0)} />
        </Bar>
      </BarChart>
    </Frame>
  );
}

/** Leads per day: a column per day ('DD MMM' ticks); a click opens that day. */
export function DayBars({ label, days, onOpen, height = 220 }: { label: string; days: { date: string; count: number }[]; onOpen?: (date: string) => void; height?: number }) {
  const data = days.map((d) => ({ ...d, tick: new Date(`${d.date}T00:00:00Z`).toLocaleDateString("en-IN", { day: "2-digit", month: "short", timeZone: "UTC" }) }));
  return (
    <Frame label={label} height={height} empty={days.every((d) => d.count === 0)}>
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 4, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="tick" fontSize={11} minTickGap={12} />
        <YAxis allowDecimals={false} tickFormatter={countTick} width={40} fontSize={12} />
        <Tooltip formatter={(v) => [formatIndianNumber(v, 0), "Leads"]} />
        <Bar
          dataKey="count"
          name="Leads"
          fill={COLOURS.accent}
          maxBarSize={28}
          isAnimationActive={false}
          cursor={onOpen ? "pointer" : undefined}
          onClick={onOpen ? (d: { payload?: { date: string } }) => d.payload && onOpen(d.payload.date) : undefined}
        />
      </BarChart>
    </Frame>
  );
}
