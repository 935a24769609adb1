// The search text. Submitted on Enter or the button (not per keystroke); the URL then carries
// q (cleaned: '&' and ' and ' become spaces) and oq (as typed).
import { Input } from "antd";
import { useEffect, useState } from "react";

interface Props {
  value: string;
  onSearch: (text: string) => void;
  placeholder?: string;
  loading?: boolean;
}

export function SearchBox({ value, onSearch, placeholder = "Search", loading }: Props) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    <Input.Search
      className="search-box"
      aria-label="Search text"
      placeholder={placeholder}
      value={text}
      allowClear
      enterButton="Search"
      loading={loading}
      onChange={(e) => {
        setText(e.target.value);
        // The clear icon empties the box: search for everything again.
        if (e.type === "click" && e.target.value === "") onSearch("");
      }}
      onSearch={(v) => onSearch(v.trim() === "" ? "" : v)}
    />
  );
}
