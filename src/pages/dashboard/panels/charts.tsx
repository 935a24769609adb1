// The dashboard's charts (drawn by our own BarChart). Every chart has a text alternative
// (aria-label, and the numbers as links beside or below it), so nothing is only in pixels; bars
// open the lister that lists them (they are buttons: Tab to one, Enter opens).
import { BarChart } from "../../../components/charts/BarChart";
import { formatDate, formatDayMonth, formatIndianNumber } from "../../../lib/format";

export const COLOURS = { construction: "#1b6fb5", industrial: "#e8590c", accent: "#2f9e44", overdue: "#c92a2a", today: "#e67700", upcoming: "#1b6fb5", muted: "#868e96" };

const FRAME = { className: "dash-chart", emptyText: "Nothing to chart yet" };

const count = (v: number) => formatIndianNumber(v, 0);

/** Counts as stacked bars with the names down the side, as the dashboard draws them (SplitBars, the team pipeline). */
export const STACKED_COUNT_BARS = {
  ...FRAME,
  horizontal: true,
  stacked: true,
  tick: count,
  format: count,
  integers: true,
  axisWidth: 126,
  truncate: 19,
  margin: { top: 4, right: 28 },
  maxBarSize: 26,
  labels: "inside" as const,
  legend: true,
};
/** The height that fits `rows` such bars. */
export const stackedHeight = (rows: number) => Math.max(140, rows * 40 + 50);

export interface SplitRow {
  name: string;
  construction: number;
  industrial: number;
}

type Part = "construction" | "industrial";

/** Stacked construction/industrial bars per row (horizontal: names down the side); a click opens that part's lister. */
interface SplitBarsProps {
  label: string;
  rows: SplitRow[];
  onOpen?: (row: SplitRow, category: Part) => void;
  /** Whether a row's part opens anything (default: every part with leads). */
  opens?: (row: SplitRow, category: Part) => boolean;
  height?: number;
  /** Other names and colours for the two parts (default: Construction, Industrial). */
  legend?: { construction: string; industrial: string };
  colours?: { construction: string; industrial: string };
}

export function SplitBars({ label, rows, onOpen, opens, height, legend = { construction: "Construction", industrial: "Industrial" }, colours = COLOURS }: SplitBarsProps) {
  return (
    <BarChart<SplitRow>
      {...STACKED_COUNT_BARS}
      label={label}
      rows={rows}
      category={(r) => r.name}
      series={(["construction", "industrial"] as const).map((c) => ({ key: c, label: legend[c], colour: colours[c], value: (r: SplitRow) => r[c] }))}
      height={height ?? stackedHeight(rows.length)}
      onOpen={onOpen && ((row, key) => onOpen(row, key as Part))}
      opens={opens && ((row, key) => opens(row, key as Part))}
    />
  );
}

export interface CountRow {
  name: string;
  count: number;
  colour?: string;
}

/** One bar per row with its number on it; a click opens the row. */
export function CountBars({ label, rows, onOpen, height = 200, vertical = false }: { label: string; rows: CountRow[]; onOpen?: (row: CountRow) => void; height?: number; vertical?: boolean }) {
  return (
    <BarChart<CountRow>
      {...FRAME}
      label={label}
      rows={rows}
      category={(r) => r.name}
      series={[{ key: "count", label: "Count", colour: COLOURS.construction, colourOf: (r) => r.colour, value: (r) => r.count }]}
      height={height}
      horizontal={vertical}
      tick={count}
      format={count}
      integers
      axisWidth={vertical ? 126 : 40}
      truncate={19}
      margin={{ top: 18, right: 24 }}
      maxBarSize={42}
      labels="end"
      onOpen={onOpen && ((row) => onOpen(row))}
    />
  );
}

interface Day {
  date: string;
  count: number;
}

/** Leads per day: a column per day ('DD MMM' ticks, left out in turn where they would crowd); a click opens that day. */
export function DayBars({ label, days, onOpen, height = 220 }: { label: string; days: Day[]; onOpen?: (date: string) => void; height?: number }) {
  return (
    <BarChart<Day>
      {...FRAME}
      label={label}
      rows={days}
      category={(d) => formatDayMonth(d.date)}
      title={(d) => formatDate(d.date)}
      series={[{ key: "count", label: "Leads", colour: COLOURS.accent, value: (d) => d.count }]}
      height={height}
      tick={count}
      format={count}
      integers
      axisWidth={40}
      tickFont={11}
      minTickGap={12}
      margin={{ top: 8, right: 8, left: 0 }}
      maxBarSize={28}
      onOpen={onOpen && ((d) => onOpen(d.date))}
    />
  );
}
