// 'Organisation': type part of a name (typos forgiven by suggester_facet/), pick one, and it is
// added as an org_name_exact filter, like ticking it in the facet list.
import { AutoComplete, Input, Typography } from "antd";
import { useState } from "react";
import type { SuggesterResponse } from "../../../common/tenders";
import { useApiPart } from "../../components/page/useApiPart";
import { useDebounced } from "../../hooks/useDebounced";
import { formatIndianNumber } from "../../lib/format";
import { tenderPaths } from "./api";

/** Wait this long after the last keystroke before asking (one call per pause, not per key). */
const DEBOUNCE_MS = 200;


interface Props {
  /** Add an organisation to the filter (applied to the latest URL state by the page). */
  onAdd: (name: string) => void;
}

export function OrgSuggester({ onAdd }: Props) {
  const [text, setText] = useState("");
  const typed = useDebounced(text.trim(), DEBOUNCE_MS);
  const query = useApiPart<SuggesterResponse>(tenderPaths.suggestOrgs, {
    query: { suggest_query: typed, suggest_field: "org_name_exact" },
    enabled: typed.length >= 2,
    staleTime: 60_000,
  });
  const options = (typed.length >= 2 ? query.data?.suggestions ?? [] : []).map((o) => ({
    value: o.text,
    label: (
      <span className="org-option">
        <span className="org-option-name">{o.text}</span>
        <span className="facet-count">{formatIndianNumber(o.count)}</span>
      </span>
    ),
  }));

  const add = (name: string) => {
    onAdd(name);
    setText("");
  };

  return (
    <div className="org-suggester" role="group" aria-label="Organisation search">
      <div className="facet-title">
        <Typography.Text strong>Find an organisation</Typography.Text>
      </div>
      <AutoComplete
        value={text}
        options={options}
        onChange={setText}
        onSelect={(name: string) => add(name)}
        popupMatchSelectWidth={false}
        notFoundContent={typed.length >= 2 && query.isFetched && !query.isFetching ? "No organisation matches" : null}
        style={{ width: "100%" }}
      >
        <Input.Search aria-label="Organisation name" placeholder="Type 2 letters, e.g. public works" loading={query.isFetching} allowClear />
      </AutoComplete>
      <Typography.Text type="secondary" className="filter-note">
        Adds the organisation to the filter; tick more in the list below.
      </Typography.Text>
    </div>
  );
}
