// A titled box inside a page: the frame of every block of content (a page's sections, a lister's
// cards, a form's group). Looks like antd's Card did, without it: Card imports antd's Tabs (for a
// tab list we never show), ≈ 18 KB gz on every page with a card and no tabs of its own.
// With a title it is a region named by its heading (h2: under the page's h1, above the titles
// inside; styled as the head's text). Any other attribute (id, data-*, aria-*, role, onClick…) goes on the <section>.
import { useId, type HTMLAttributes, type ReactNode } from "react";
import "./panel.css";

export interface PanelProps extends Omit<HTMLAttributes<HTMLElement>, "title"> {
  title?: ReactNode;
  /** Shown on the right of the head (a link, a count, a button). */
  extra?: ReactNode;
  /** Tighter head and body: antd's size="small". */
  size?: "default" | "small";
  /** Grey bars in place of the content, and aria-busy, until it is there. */
  loading?: boolean;
  children?: ReactNode;
}

/** Four grey bars, the last shorter, as antd's Card showed while loading; no antd Skeleton. */
export function PanelPlaceholder() {
  return (
    <div className="panel-placeholder" aria-hidden="true">
      <span />
      <span />
      <span />
      <span />
    </div>
  );
}

export function Panel({ title, extra, size = "default", loading = false, className, children, ...rest }: PanelProps) {
  const headingId = useId();
  const hasHead = title !== undefined && title !== null && title !== false;
  const classes = ["panel", size === "small" && "panel-small", loading && "panel-loading", className].filter(Boolean).join(" ");
  return (
    <section
      aria-labelledby={hasHead ? headingId : undefined}
      {...(loading ? { "aria-busy": true } : {})}
      {...rest}
      className={classes}
    >
      {(hasHead || extra) && (
        <div className="panel-head">
          {hasHead && (
            <h2 className="panel-title" id={headingId}>
              {title}
            </h2>
          )}
          {extra && <div className="panel-extra">{extra}</div>}
        </div>
      )}
      <div className="panel-body">{loading ? <PanelPlaceholder /> : children}</div>
    </section>
  );
}
