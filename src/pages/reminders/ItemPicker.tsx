// Choose what a new reminder is about: a lead, tender, tender result or company found by name
// through its lister's search (list/search/, list/tenders/search/, list/results/search/,
// list/company/search/).
import { useList } from "@refinedev/core";
import { AutoComplete, Input, Select, Space } from "antd";
import { useEffect, useState } from "react";
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
  // The text being searched: what was typed, once typing has paused for 250 ms.
  const [query, setQuery] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), 250);
    return () => clearTimeout(timer);
  }, [text]);
  const chosen = !!value && value.title === text;
  const settled = query === text.trim();
  // The lister's own search as it is sent (q and oq both the typed text), on the REST provider:
  // the search provider would rewrite q. A failed lookup just finds nothing: no toast.
  const { result, query: search } = useList<Row>({
    resource: SEARCH[type].endpoint,
    dataProviderName: "rest",
    meta: { query: { q: query, oq: query, page: 1, filter: SEARCH[type].filter }, toast: false },
    errorNotification: false,
    queryOptions: { enabled: settled && query.length >= 2 && !chosen, placeholderData: (previous) => previous },
  });
  const options = text.trim().length >= 2 ? result.data.slice(0, 10) : [];
  const searching = search.isFetching;

  return (
    <Space.Compact style={{ width: "100%" }}>
      <Select
        aria-label="Reminder on"
        value={type}
        style={{ width: 120 }}
        onChange={(t) => {
          setType(t);
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
