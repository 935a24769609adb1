// The box every chart sits in: a box of the given height whose width is measured (and followed as
// it changes), so the chart draws its SVG at exactly that width; or a quiet 'nothing to chart' when
// there are no figures. Screen readers read a chart without clickable bars as one image with a
// label; a chart whose bars open something is a labelled figure (an image must not hold buttons).
// The numbers themselves are always on the page beside the chart.
import { Empty } from "antd";
import { useLayoutEffect, useRef, useState, type ReactNode } from "react";

interface Props {
  label: string;
  height: number;
  empty: boolean;
  emptyText: string;
  /** The box's class (the empty state's is `${className}-empty`). */
  className: string;
  /** Bars that open something are buttons in it (role figure, not img). */
  interactive?: boolean;
  /** The chart, drawn at the box's width in pixels. */
  children: (width: number) => ReactNode;
}

/** Drawn at this width until the box has one (a box not laid out yet, or a test's simulated DOM). */
const UNMEASURED_WIDTH = 600;

export function ChartFrame({ label, height, empty, emptyText, className, interactive = false, children }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = (w: number) => setWidth((old) => (Math.abs(old - w) >= 1 ? Math.floor(w) : old));
    measure(el.getBoundingClientRect().width);
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver((entries) => measure(entries[0]?.contentRect.width ?? 0));
    observer.observe(el);
    return () => observer.disconnect();
  }, [empty]);
  if (empty) return <Empty className={`${className}-empty`} image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />;
  return (
    <div ref={box} className={`${className} chart-frame`} role={interactive ? "figure" : "img"} aria-label={label} style={{ height }}>
      {children(width || UNMEASURED_WIDTH)}
    </div>
  );
}
