// A company picker for staff forms: type two letters, pick from list/company/search/; the
// current company stays an option even before anything is typed.
import { useQuery } from "@tanstack/react-query";
import { Select } from "antd";
import { useMemo, useState } from "react";
import { http } from "../../providers/http";

export function CompanySelect({ value, onChange, current, placeholder }: {
  value?: number | null;
  onChange?: (v: number | null) => void;
  current: { id: number; name: string } | null;
  placeholder: string;
}) {
  const [q, setQ] = useState("");
  const found = useQuery({
    queryKey: ["infrascout", "company-pick", q],
    queryFn: ({ signal }) => http.get<{ results: { id: number; name: string }[] }>("list/company/search/", { query: { q, page: 1 }, signal, toast: false }),
    enabled: q.trim().length >= 2,
    staleTime: 60_000,
  });
  const options = useMemo(() => {
    const list = (found.data?.results ?? []).map((c) => ({ value: c.id, label: c.name }));
    if (current && !list.some((o) => o.value === current.id)) list.unshift({ value: current.id, label: current.name });
    return list;
  }, [found.data, current]);
  return (
    <Select
      showSearch
      allowClear
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      onSearch={setQ}
      filterOption={false}
      options={options}
      placeholder={placeholder}
      notFoundContent={q.trim().length < 2 ? "Type two letters of the company's name" : found.isFetching ? "Searching…" : "No company found"}
    />
  );
}
