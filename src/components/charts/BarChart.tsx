// InfraScout's one chart: bars, drawn as plain SVG at the width of their box (ChartFrame). Grouped
// or stacked, columns (categories along the bottom) or bars (categories down the side), negative
// values below the zero line, dashed grid lines at "nice" ticks (d3-array; d3-scale's bands), long names cut with "…"
// (the full name in a <title> and the tooltip), a legend for more than one series, value labels
// inside or at the end of a bar. The tooltip opens on hover, and on keyboard focus of a bar that
// opens something (such bars are buttons: Enter or Space opens). No animation.
import { nice, ticks as tickValues } from "d3-array";
import { scaleBand } from "d3-scale";
import { useId, useState, type KeyboardEvent, type SVGProps } from "react";
import { ChartFrame } from "./ChartFrame";
import "./charts.css";

export interface BarSeries<T> {
  key: string;
  label: string;
  colour: string;
  value: (row: T) => number | null | undefined;
  /** One bar's own colour (else the series'). */
  colourOf?: (row: T) => string | undefined;
}

interface Margin {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export interface BarChartProps<T> {
  /** What the chart shows, for screen readers (the frame's label). */
  label: string;
  rows: T[];
  /** A row's category (its tick on the axis). */
  category: (row: T) => string;
  /** The tooltip's heading for a row (default: the category). */
  title?: (row: T) => string;
  series: BarSeries<T>[];
  height: number;
  /** Bars run left to right with the categories down the side (true), or stand as columns (false). */
  horizontal?: boolean;
  /** One bar per row, the series on top of each other (else side by side). */
  stacked?: boolean;
  /** A value-axis tick ('2.5 Cr') and a value in full (tooltip, labels, aria-label). */
  tick: (value: number) => string;
  format: (value: number) => string;
  /** Ticks only at whole numbers (counts). */
  integers?: boolean;
  /** Width of the axis down the left: the names (horizontal) or the value ticks (columns). */
  axisWidth?: number;
  /** Names longer than this are cut with "…". */
  truncate?: number;
  /** Least room between two category ticks along the bottom; ticks that would be closer are left out. */
  minTickGap?: number;
  tickFont?: number;
  maxBarSize: number;
  radius?: number;
  /** Each bar's value written inside it (white) or just past its end. */
  labels?: "inside" | "end";
  /** A line at zero (where negative values start). */
  zeroLine?: boolean;
  legend?: boolean;
  margin?: Partial<Margin>;
  /** A bar was clicked (or Enter / Space on it): its row and series key. */
  onOpen?: (row: T, key: string) => void;
  /** Whether a bar opens anything (default: every bar with a value other than 0). */
  opens?: (row: T, key: string) => boolean;
  /** The frame's class and the text shown when there is nothing to chart. */
  className: string;
  emptyText: string;
  empty?: boolean;
}

const AXIS_HEIGHT = 24;
const LEGEND_HEIGHT = 26;
const BAR_GAP = 4;
const CHAR_WIDTH = 0.6; // of the font size: a rough width of a character, to fit text without measuring it
const GRID = "#ccc";
const AXIS = "#666";

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, Math.max(1, max - 1)).trimEnd()}…` : text);
const textWidth = (text: string, font: number) => text.length * font * CHAR_WIDTH;

interface Active {
  index: number;
  /** The focused bar's id (its tooltip describes it), when the keyboard opened the tooltip. */
  bar?: string;
}

export function BarChart<T>(props: BarChartProps<T>) {
  const { label, rows, series, height, className, emptyText, onOpen } = props;
  const values = rows.map((row) => series.map((s) => {
    const v = s.value(row);
    return typeof v === "number" && Number.isFinite(v) ? v : null;
  }));
  const empty = props.empty ?? values.every((vs) => vs.every((v) => v === null || v === 0));
  const opens = (i: number, j: number) => !!onOpen && values[i][j] !== null && values[i][j] !== 0 && (props.opens?.(rows[i], series[j].key) ?? true);
  const interactive = !empty && values.some((vs, i) => vs.some((_, j) => opens(i, j)));
  return (
    <ChartFrame label={label} height={height} empty={empty} emptyText={emptyText} className={className} interactive={interactive}>
      {(width) => <Drawing {...props} width={width} values={values} opens={opens} />}
    </ChartFrame>
  );
}

type DrawingProps<T> = Omit<BarChartProps<T>, "opens"> & { width: number; values: (number | null)[][]; opens: (i: number, j: number) => boolean };

function Drawing<T>({
  rows, category, title = category, series, height, horizontal = false, stacked = false, tick, format, integers = false, axisWidth = 60, truncate = 16,
  minTickGap = 4, tickFont = 12, maxBarSize, radius = 0, labels, zeroLine = false, legend = false, margin, onOpen, width, values, opens,
}: DrawingProps<T>) {
  const [active, setActive] = useState<Active | null>(null);
  const id = useId();
  const m: Margin = { top: 8, right: 12, bottom: 4, left: 4, ...margin };
  const svgHeight = Math.max(60, height - (legend ? LEGEND_HEIGHT : 0));
  const plot = {
    left: m.left + axisWidth,
    right: Math.max(m.left + axisWidth + 20, width - m.right),
    top: m.top,
    bottom: Math.max(m.top + 20, svgHeight - m.bottom - AXIS_HEIGHT),
  };

  // The value scale: from below zero (if anything is) to the largest bar (a stack's sum when stacked), made nice.
  let lo = 0;
  let hi = 0;
  for (const vs of values) {
    if (stacked) {
      hi = Math.max(hi, vs.reduce<number>((sum, v) => sum + Math.max(0, v ?? 0), 0));
      lo = Math.min(lo, vs.reduce<number>((sum, v) => sum + Math.min(0, v ?? 0), 0));
    } else for (const v of vs) if (v !== null) [lo, hi] = [Math.min(lo, v), Math.max(hi, v)];
  }
  if (lo === hi) hi = 1;
  const valueLength = horizontal ? plot.right - plot.left : plot.bottom - plot.top;
  // About as many ticks as fit: up the side 40 px apart; along the bottom at least 40 px and as far apart as the widest label needs.
  // (d3-array's nice and ticks, not d3-scale's scaleLinear: that brings d3-format, d3-interpolate and
  // d3-color's colour names along, 8 KB gzipped of the 12 the chart weighed with it, for a straight line.)
  const niceTicks = (count: number) => {
    const [d0, d1] = nice(lo, hi, count);
    return { d0, d1, ticks: tickValues(d0, d1, count).filter((t) => !integers || Number.isInteger(t)) };
  };
  let axis = niceTicks(Math.max(2, Math.min(5, Math.floor(valueLength / 40))));
  if (horizontal) {
    for (let count = 5; count >= 2; count--) {
      axis = niceTicks(count);
      const widest = Math.max(...axis.ticks.map((t) => textWidth(tick(t), 12)));
      if (valueLength / Math.max(1, axis.ticks.length - 1) >= Math.max(40, widest + 12)) break;
    }
  }
  const { d0, d1, ticks } = axis;
  const [r0, r1] = horizontal ? [plot.left, plot.right] : [plot.bottom, plot.top];
  const value = (v: number) => r0 + ((v - d0) / (d1 - d0)) * (r1 - r0);

  // The category bands, and in each the bars side by side (or one stack), centred, at most maxBarSize thick.
  const band = scaleBand<number>()
    .domain(rows.map((_, i) => i))
    .range(horizontal ? [plot.top, plot.bottom] : [plot.left, plot.right]);
  const step = band.step();
  const perBand = stacked ? 1 : series.length;
  const thickness = Math.max(1, Math.min(maxBarSize, (step * 0.8 - BAR_GAP * (perBand - 1)) / perBand));
  const groupSize = perBand * thickness + (perBand - 1) * BAR_GAP;

  // Category ticks: cut to the room they have; along the bottom, left out in turn where they would still overlap.
  const names = rows.map(category);
  const maxChars = horizontal ? truncate : Math.min(truncate, Math.max(6, Math.floor((step - minTickGap) / (tickFont * CHAR_WIDTH))));
  const shown = names.map((n) => cut(n, maxChars));
  const longest = Math.max(0, ...shown.map((s) => (horizontal ? tickFont + 2 : textWidth(s, tickFont))));
  const every = Math.max(1, Math.ceil((longest + minTickGap) / step));

  const zero = value(0);
  const bars = values.map((vs, i) => {
    const start = band(i)! + (step - groupSize) / 2;
    let up = 0;
    let down = 0;
    return vs.map((v, j) => {
      if (v === null) return null;
      const base = stacked ? (v >= 0 ? up : down) : 0;
      if (stacked) v >= 0 ? (up += v) : (down += v);
      const a = value(base);
      const b = value(base + v);
      const across = start + (stacked ? 0 : j * (thickness + BAR_GAP));
      return horizontal
        ? { x: Math.min(a, b), y: across, w: Math.abs(b - a), h: thickness, v, j }
        : { x: across, y: Math.min(a, b), w: thickness, h: Math.abs(b - a), v, j };
    });
  });

  const barId = (i: number, j: number) => `${id}-${i}-${j}`;
  const tooltipId = `${id}-tooltip`;
  const aria = (i: number, j: number) => `${names[i]}${series.length > 1 ? `, ${series[j].label}` : ""}: ${format(values[i][j] ?? 0)}`;
  const open = (i: number, j: number) => onOpen?.(rows[i], series[j].key);
  const keyDown = (i: number, j: number) => (e: KeyboardEvent) => {
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      open(i, j);
    } else if (e.key === "Escape") setActive(null);
  };

  return (
    <>
      <svg className="chart-svg" width={width} height={svgHeight} viewBox={`0 0 ${width} ${svgHeight}`}>
        <g className="chart-grid" aria-hidden="true">
          {ticks.map((t) =>
            horizontal ? (
              <line key={t} x1={value(t)} x2={value(t)} y1={plot.top} y2={plot.bottom} stroke={GRID} strokeDasharray="3 3" />
            ) : (
              <line key={t} x1={plot.left} x2={plot.right} y1={value(t)} y2={value(t)} stroke={GRID} strokeDasharray="3 3" />
            ),
          )}
        </g>
        <g className="chart-axis chart-value-axis" aria-hidden="true" fontSize={12} fill={AXIS}>
          {horizontal ? <line x1={plot.left} x2={plot.right} y1={plot.bottom} y2={plot.bottom} stroke={AXIS} /> : <line x1={plot.left} x2={plot.left} y1={plot.top} y2={plot.bottom} stroke={AXIS} />}
          {ticks.map((t) =>
            horizontal ? (
              <text key={t} x={value(t)} y={plot.bottom + 8} dy="0.71em" textAnchor="middle">
                {tick(t)}
              </text>
            ) : (
              <text key={t} x={plot.left - 6} y={value(t)} dy="0.32em" textAnchor="end">
                {tick(t)}
              </text>
            ),
          )}
        </g>
        <g className="chart-axis chart-category-axis" aria-hidden="true" fontSize={tickFont} fill={AXIS}>
          {horizontal ? <line x1={plot.left} x2={plot.left} y1={plot.top} y2={plot.bottom} stroke={AXIS} /> : <line x1={plot.left} x2={plot.right} y1={plot.bottom} y2={plot.bottom} stroke={AXIS} />}
          {shown.map((text, i) =>
            i % every !== 0 ? null : (
              <text
                key={i}
                className="chart-tick"
                {...(horizontal ? { x: plot.left - 6, y: band(i)! + step / 2, dy: "0.32em", textAnchor: "end" } : { x: band(i)! + step / 2, y: plot.bottom + 8, dy: "0.71em", textAnchor: "middle" })}
              >
                {text !== names[i] && <title>{names[i]}</title>}
                {text}
              </text>
            ),
          )}
        </g>
        {rows.map((_, i) => (
          <g
            key={i}
            className={`chart-category${active?.index === i ? " chart-category-active" : ""}`}
            onMouseEnter={() => setActive({ index: i })}
            onMouseLeave={() => setActive((a) => (a?.bar ? a : null))}
          >
            <rect
              className="chart-band"
              {...(horizontal ? { x: plot.left, y: band(i)!, width: plot.right - plot.left, height: step } : { x: band(i)!, y: plot.top, width: step, height: plot.bottom - plot.top })}
            />
            {bars[i].map((bar, j) => {
              if (!bar) return null;
              const clickable = opens(i, j);
              const fill = series[j].colourOf?.(rows[i]) ?? series[j].colour;
              return (
                <rect
                  key={j}
                  id={barId(i, j)}
                  className={`chart-bar${clickable ? " chart-bar-open" : ""}`}
                  x={bar.x}
                  y={bar.y}
                  width={bar.w}
                  height={bar.h}
                  rx={Math.min(radius, bar.w / 2, bar.h / 2)}
                  fill={fill}
                  data-series={series[j].key}
                  {...(clickable && {
                    tabIndex: 0,
                    role: "button",
                    "aria-label": aria(i, j),
                    "aria-describedby": active?.bar === barId(i, j) ? tooltipId : undefined,
                    onClick: () => open(i, j),
                    onKeyDown: keyDown(i, j),
                    onFocus: () => setActive({ index: i, bar: barId(i, j) }),
                    onBlur: () => setActive(null),
                  })}
                />
              );
            })}
            {labels &&
              bars[i].map((bar, j) => {
                if (!bar) return null;
                const text = format(bar.v);
                const along = horizontal ? bar.w : bar.h;
                if (labels === "inside" && (bar.v <= 0 || textWidth(text, 11) + 6 > along || (horizontal ? bar.h : bar.w) < 12)) return null;
                const at: SVGProps<SVGTextElement> =
                  labels === "inside"
                    ? { x: bar.x + bar.w / 2, y: bar.y + bar.h / 2, dy: "0.32em", textAnchor: "middle", fill: "#fff" }
                    : horizontal
                      ? { x: bar.x + bar.w + 5, y: bar.y + bar.h / 2, dy: "0.32em", textAnchor: "start", fill: "#4a5668" }
                      : { x: bar.x + bar.w / 2, y: bar.y - 5, textAnchor: "middle", fill: "#4a5668" };
                return (
                  <text key={`l${j}`} className="chart-label" aria-hidden="true" fontSize={11} {...at}>
                    {text}
                  </text>
                );
              })}
          </g>
        ))}
        {zeroLine && (horizontal ? <line className="chart-zero" x1={zero} x2={zero} y1={plot.top} y2={plot.bottom} stroke="#adb5bd" /> : <line className="chart-zero" x1={plot.left} x2={plot.right} y1={zero} y2={zero} stroke="#adb5bd" />)}
      </svg>
      {legend && (
        <ul className="chart-legend">
          {series.map((s) => (
            <li key={s.key}>
              <span className="chart-swatch" style={{ background: s.colour }} />
              {s.label}
            </li>
          ))}
        </ul>
      )}
      {active && <Tooltip id={tooltipId} index={active.index} {...{ rows, title, series, values, format, horizontal, band, step, plot, width }} />}
    </>
  );
}

interface TooltipProps<T> {
  id: string;
  index: number;
  rows: T[];
  title: (row: T) => string;
  series: BarSeries<T>[];
  values: (number | null)[][];
  format: (value: number) => string;
  horizontal: boolean;
  band: (i: number) => number | undefined;
  step: number;
  plot: { left: number; right: number; top: number; bottom: number };
  width: number;
}

/** A category's figures beside its band (on the side with more room). */
function Tooltip<T>({ id, index, rows, title, series, values, format, horizontal, band, step, plot, width }: TooltipProps<T>) {
  const start = band(index) ?? 0;
  const place = horizontal
    ? { left: plot.left + 8, top: start + step }
    : start + step / 2 > width / 2
      ? { right: width - start + 4, top: plot.top }
      : { left: start + step + 4, top: plot.top };
  return (
    <div id={id} role="tooltip" className="chart-tooltip" style={place}>
      <div className="chart-tooltip-title">{title(rows[index])}</div>
      {series.map((s, j) =>
        values[index][j] === null ? null : (
          <div key={s.key} className="chart-tooltip-row">
            <span className="chart-swatch" style={{ background: s.colourOf?.(rows[index]) ?? s.colour }} />
            {s.label}: <strong>{format(values[index][j]!)}</strong>
          </div>
        ),
      )}
    </div>
  );
}
