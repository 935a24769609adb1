// Tabs: a row of tabs over one panel, antd's Tabs' look and its simple API (items of key, label,
// children; activeKey/onChange when the page keeps the tab, e.g. in the URL), without rc-tabs and
// its overflow menu and animations (≈ 11 KB gz on each page with tabs). The WAI-ARIA tabs pattern:
// a tablist of tabs, each tied to its panel; one tab in the Tab order, arrow keys, Home and End
// move between tabs and open them (automatic activation). Only the open tab's panel is rendered.
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import "./tab-set.css";

export interface TabItem {
  key: string;
  label: ReactNode;
  children: ReactNode;
}

export interface TabSetProps {
  items: TabItem[];
  /** The open tab when the page keeps it (else the TabSet keeps it, starting with the first). */
  activeKey?: string;
  onChange?: (key: string) => void;
  size?: "middle" | "small";
  className?: string;
}

const MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_, n) => n - 1,
};

export function TabSet({ items, activeKey, onChange, size = "middle", className = "" }: TabSetProps) {
  const [ownKey, setOwnKey] = useState(items[0]?.key);
  const open = activeKey ?? ownKey;
  const id = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const choose = (key: string) => {
    if (activeKey === undefined) setOwnKey(key);
    if (key !== open) onChange?.(key);
  };
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const move = MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    const next = move(index, items.length);
    tabs.current[next]?.focus();
    choose(items[next].key);
  };
  const current = items.find((item) => item.key === open) ?? items[0];
  return (
    <div className={`tab-set tab-set-${size} ${className}`.trim()}>
      <div role="tablist" className="tab-set-list">
        {items.map((item, index) => {
          const selected = item.key === current?.key;
          return (
            <button
              key={item.key}
              ref={(el) => void (tabs.current[index] = el)}
              type="button"
              role="tab"
              id={`${id}-tab-${index}`}
              aria-selected={selected}
              aria-controls={selected ? `${id}-panel` : undefined}
              tabIndex={selected ? 0 : -1}
              className={`tab-set-tab${selected ? " tab-set-tab-active" : ""}`}
              onClick={() => choose(item.key)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {current && (
        <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${items.indexOf(current)}`} className="tab-set-panel" tabIndex={0}>
          {current.children}
        </div>
      )}
    </div>
  );
}
