// Choose what a new reminder is about: a lead, tender or company found by name through its
// lister's search (list/search/, list/tenders/search/, list/company/search/).
import { AutoComplete, Input, Select, Space } from "antd";
import { useEffect, useState } from "react";
import { http } from "../../providers/http";
import { ITEM_TYPE_LABELS, type ReminderItemType } from "./api";

export interface PickedItem {
  type: ReminderItemType;
  id: number;
  title: string;
}

const SEARCH: Record<ReminderItemType, string> = {
  project: "list/search/",
  tender: "list/tenders/search/",
  company: "list/company/search/",
};

interface Row {
  id: number;
  title?: string;
  name?: string;
}

export function ItemPicker({ value, onChange }: { value?: PickedItem | null; onChange?: (item: PickedItem | null) => void }) {
  const [type, setType] = useState<ReminderItemType>(value?.type ?? "project");
  const [text, setText] = useState(value?.title ?? "");
  const [options, setOptions] = useState<Row[]>([]);
  const [searching, setSearching] = useState(false);

  useEffect(() => {
    const q = text.trim();
    if (q.length < 2 || (value && value.title === text)) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setSearching(true);
      http
        .get<{ results: Row[] }>(SEARCH[type], { query: { q, oq: q, page: 1 }, signal: controller.signal, toast: false })
        .then((res) => setOptions(res.results.slice(0, 10)))
        .catch(() => setOptions([]))
        .finally(() => setSearching(false));
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, type, value]);

  return (
    <Space.Compact style={{ width: "100%" }}>
      <Select
        aria-label="Reminder on"
        value={type}
        style={{ width: 120 }}
        onChange={(t) => {
          setType(t);
          setOptions([]);
          setText("");
          onChange?.(null);
        }}
        options={(Object.keys(ITEM_TYPE_LABELS) as ReminderItemType[]).map((t) => ({ value: t, label: ITEM_TYPE_LABELS[t] }))}
      />
      <AutoComplete
        value={text}
        style={{ flex: 1, minWidth: 0 }}
        options={options.map((r) => ({ value: String(r.id), label: r.title ?? r.name ?? `#${r.id}` }))}
        onSearch={(t) => {
          setText(t);
          if (value) onChange?.(null);
        }}
        onSelect={(id: string, option) => {
          const title = String(option.label);
          setText(title);
          onChange?.({ type, id: Number(id), title });
        }}
        notFoundContent={searching ? "Searching…" : text.trim().length >= 2 ? "No matches" : null}
      >
        <Input.Search placeholder={`Find a ${ITEM_TYPE_LABELS[type].toLowerCase()} by name`} loading={searching} aria-label="Find the item" />
      </AutoComplete>
    </Space.Compact>
  );
}
