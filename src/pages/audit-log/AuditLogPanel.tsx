// The audit log for staff (/update-projects?tab=audit): who did what, as whom, newest first,
// 50 a page, read through the data provider (resource 'audit-log' → GET audit-log/). Filters:
// a user (as actor, as the account acted on, or the user a staff change was about), a kind (the
// options are the kinds the API answers) and IST days. The filters live in the URL, so Back and
// a shared link keep them. Times are shown in IST whatever the browser's zone.
import { useTable, type CrudFilter } from "@refinedev/core";
import { Button, DatePicker, Flex, Select, Typography } from "antd";
import { DataTable, type DataColumn } from "../../components/page/DataTable";
import dayjs from "dayjs";
import { useEffect, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { fullName, useUsers } from "../update-projects/usersApi";
import { formatIst, istDayEnd, istDayStart } from "../../lib/format";
import { actionLabel, describeDetails } from "./auditFormat";
import type { AuditPerson, AuditRow } from "../../../common/audit";


export const AUDIT_PAGE_SIZE = 50;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The URL's filters → the data provider's filters (user:ID, action:KIND, created_at:[FROM TO TO]). */
export function auditFilters(user: string, action: string, from: string, to: string): CrudFilter[] {
  const filters: CrudFilter[] = [];
  if (/^\d+$/.test(user)) filters.push({ field: "user", operator: "eq", value: user });
  if (action) filters.push({ field: "action", operator: "eq", value: action });
  if (DAY.test(from) || DAY.test(to)) {
    filters.push({ field: "created_at", operator: "between", value: [DAY.test(from) ? istDayStart(from) : undefined, DAY.test(to) ? istDayEnd(to) : undefined] });
  }
  return filters;
}

function UserSelect({ value, label, onChange }: { value: string; label?: string; onChange: (id: string, label?: string) => void }) {
  const [search, setSearch] = useState("");
  const { result: found, query: finding } = useUsers({ q: search }, { enabled: search.trim().length > 1 });
  const options = found.data.map((u) => ({ value: String(u.id), label: `${fullName(u) || u.username || u.email} (${u.email})` }));
  if (value && !options.some((o) => o.value === value)) options.unshift({ value, label: label ?? `User #${value}` });
  return (
    <Select
      showSearch
      allowClear
      aria-label="User"
      placeholder="Any user (search name or e-mail)"
      filterOption={false}
      onSearch={setSearch}
      value={value || undefined}
      options={options}
      notFoundContent={search.trim().length > 1 ? (finding.isFetching ? "Searching…" : "No users match") : "Type a name or e-mail"}
      onChange={(id, option) => onChange(id ?? "", (option as { label?: string } | undefined)?.label)}
      style={{ minWidth: 280, maxWidth: "100%" }}
      className="audit-user-filter"
    />
  );
}

export function AuditLogPanel() {
  const [params, setParams] = useSearchParams();
  const user = params.get("user") ?? "";
  const action = params.get("action") ?? "";
  const from = params.get("from") ?? "";
  const to = params.get("to") ?? "";
  const [userLabel, setUserLabel] = useState<string | undefined>();

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set("tab", "audit");
        for (const [k, v] of Object.entries(changes)) {
          if (v === null || v === "") next.delete(k);
          else next.set(k, v);
        }
        return next;
      },
      { replace: true },
    );

  const permanent = useMemo(() => auditFilters(user, action, from, to), [user, action, from, to]);
  const { result, tableQuery, currentPage, setCurrentPage } = useTable<AuditRow>({
    resource: "audit-log",
    syncWithLocation: false,
    pagination: { pageSize: AUDIT_PAGE_SIZE },
    sorters: { mode: "off" },
    filters: { permanent },
  });
  useEffect(() => setCurrentPage(1), [permanent, setCurrentPage]);
  const kinds = ((tableQuery.data as { actions?: string[] } | undefined)?.actions ?? []).map((k) => ({ value: k, label: actionLabel(k) }));

  const person = (p: AuditPerson | null) =>
    p ? (
      <Button
        type="link"
        size="small"
        className="audit-person"
        title={`Show only ${p.email}`}
        onClick={() => {
          setUserLabel(`${p.name || p.email} (${p.email})`);
          update({ user: String(p.id) });
        }}
        style={{ padding: 0, height: "auto", textAlign: "start", whiteSpace: "normal" }}
      >
        <span>
          {p.name || p.email}
          <br />
          <Typography.Text type="secondary">{p.email}</Typography.Text>
        </span>
      </Button>
    ) : (
      "—"
    );

  const columns: DataColumn<AuditRow>[] = [
    { title: "When (IST)", dataIndex: "created_at", key: "when", render: (v: string) => <span style={{ whiteSpace: "nowrap" }}>{formatIst(v)}</span> },
    { title: "Actor", key: "actor", render: (_, r) => person(r.actor) },
    { title: "As user", key: "as_user", render: (_, r) => (r.as_user && r.actor && r.as_user.id === r.actor.id ? <Typography.Text type="secondary">self</Typography.Text> : person(r.as_user)) },
    { title: "Action", dataIndex: "action", key: "action", render: (v: string) => <span className="audit-action">{actionLabel(v)}</span> },
    { title: "Item", key: "item", responsive: ["md"], render: (_, r) => (r.item_type ? `${r.item_type}${r.item_id !== null ? ` #${r.item_id}` : ""}` : "—") },
    { title: "IP", dataIndex: "ip", key: "ip", responsive: ["lg"], render: (v: string | null) => v ?? "—" },
    {
      title: "Details",
      key: "details",
      render: (_, r) => (
        <div className="audit-details">
          {describeDetails(r.details).map((line, i) => (
            <div key={i}>{line}</div>
          ))}
        </div>
      ),
    },
  ];

  return (
    <div className="audit-log">
      <Flex gap={12} wrap align="center" style={{ marginBottom: 12 }}>
        <UserSelect
          value={user}
          label={userLabel}
          onChange={(id, label) => {
            setUserLabel(label);
            update({ user: id || null });
          }}
        />
        <Select
          allowClear
          showSearch
          aria-label="Kind"
          placeholder="Any kind"
          value={action || undefined}
          options={kinds}
          onChange={(v) => update({ action: v ?? null })}
          style={{ minWidth: 220 }}
          className="audit-kind-filter"
        />
        <DatePicker.RangePicker
          aria-label="Dates (IST)"
          allowEmpty={[true, true]}
          value={[from ? dayjs(from) : null, to ? dayjs(to) : null]}
          onChange={(range) => update({ from: range?.[0]?.format("YYYY-MM-DD") ?? null, to: range?.[1]?.format("YYYY-MM-DD") ?? null })}
          placeholder={["From (IST)", "To (IST)"]}
        />
        {(user || action || from || to) && (
          <Button type="link" onClick={() => update({ user: null, action: null, from: null, to: null })}>
            Clear filters
          </Button>
        )}
      </Flex>
      <DataTable<AuditRow>
        rows={result.data}
        loading={tableQuery.isFetching}
        rowKey="id"
        size="middle"
        className="audit-table"
        minWidth={960} // narrow screens scroll the table sideways rather than squeezing the e-mails
        columns={columns}
        empty={tableQuery.isError ? "The audit log could not be loaded." : "No entries match."}
        pagination={{ current: currentPage, pageSize: AUDIT_PAGE_SIZE, total: result.total ?? 0, onChange: setCurrentPage, showTotal: (total) => `${total} ${total === 1 ? "entry" : "entries"}` }}
      />
    </div>
  );
}
