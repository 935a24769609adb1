// Choose what a new reminder is about: a lead, tender, tender result or company found by name
// through its lister's search (list/search/, list/tenders/search/, list/results/search/,
// list/company/search/).
import { AutoComplete, Input, Select, Space } from "antd";
import { useEffect, useState } from "react";
import { http } from "../../providers/http";
import { REMINDER_ITEM_LABELS, REMINDER_ITEM_NOUNS, REMINDER_ITEM_TYPES, type ReminderItemType } from "../../../common/reminders";
import { RESULT_PRESET } from "../tenders/tenderSearch";

export interface PickedItem {
  type: ReminderItemType;
  id: number;
  title: string;
}

/** Each item type's lister search, with the filters that lister always sends. */
const SEARCH: Record<ReminderItemType, { endpoint: string; filter?: string[] }> = {
  project: { endpoint: "list/search/" },
  tender: { endpoint: "list/tenders/search/" },
  result: { endpoint: "list/results/search/", filter: RESULT_PRESET },
  company: { endpoint: "list/company/search/" },
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
        .get<{ results: Row[] }>(SEARCH[type].endpoint, { query: { q, oq: q, page: 1, filter: SEARCH[type].filter }, signal: controller.signal, toast: false })
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
        options={REMINDER_ITEM_TYPES.map((t) => ({ value: t, label: REMINDER_ITEM_LABELS[t] }))}
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
        <Input.Search placeholder={`Find a ${REMINDER_ITEM_NOUNS[type]} by name`} loading={searching} aria-label="Find the item" />
      </AutoComplete>
    </Space.Compact>
  );
}
