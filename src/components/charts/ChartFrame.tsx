// The box every chart sits in (recharts): a sized, responsive container read by screen readers as
// one image with a label — the numbers themselves are always on the page beside the chart — or a
// quiet 'nothing to chart' when there are no figures.
import { Empty } from "antd";
import type { ReactNode } from "react";
import { ResponsiveContainer } from "recharts";

interface Props {
  label: string;
  height: number;
  empty: boolean;
  emptyText: string;
  /** The box's class (the empty state's is `${className}-empty`). */
  className: string;
  children: ReactNode;
}

export function ChartFrame({ label, height, empty, emptyText, className, children }: Props) {
  if (empty) return <Empty className={`${className}-empty`} image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />;
  return (
    <div className={className} role="img" aria-label={label} style={{ height }}>
      <ResponsiveContainer width="100%" height="100%" minWidth={0}>
        {children as never}
      </ResponsiveContainer>
    </div>
  );
}
