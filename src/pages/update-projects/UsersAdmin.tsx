// The users admin tab (/update-projects?tab=users): search by name, e-mail, username or
// company, filter by status, 25 users a page; a row opens the user's drawer. The search,
// status, page and open user live in the URL, so Back and a shared link keep them.
import { Button, Flex, Input, Segmented, Select, Tag, Typography } from "antd";
import { DataTable, type DataColumn } from "../../components/page/DataTable";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { useMediaQuery } from "../../hooks/useMediaQuery";
import { formatDate } from "../../lib/format";
import { StatusTag, UserDrawer } from "./UserDrawer";
import {
  USER_STATUSES,
  USER_STATUS_LABELS,
  USERS_PAGE_SIZE,
  fullName,
  useUsers,
  type AdminUser,
  type UserStatus,
} from "./usersApi";

const statusOptions = [{ label: "All statuses", value: "" }, ...USER_STATUSES.map((s) => ({ label: USER_STATUS_LABELS[s], value: s as string }))];

/** The table's columns; the user's name is the button that opens their drawer (a click anywhere on
 * the row does too). */
const columnsFor = (open: (u: AdminUser) => void): DataColumn<AdminUser>[] => [
  {
    title: "User",
    key: "user",
    render: (_, u) => (
      <div className="user-cell">
        <Button
          type="link"
          className="user-open"
          onClick={() => open(u)}
          aria-label={fullName(u) || u.username ? undefined : `User ${u.email}`}
          style={{ padding: 0, height: "auto", fontWeight: 600, whiteSpace: "normal", textAlign: "start" }}
        >
          {fullName(u) || u.username || "—"}
        </Button>
        {u.is_staff && (
          <Tag color="purple" className="staff-tag" style={{ marginInlineStart: 8 }}>
            Staff
          </Tag>
        )}
        <br />
        <Typography.Text type="secondary">{u.email}</Typography.Text>
      </div>
    ),
  },
  { title: "Company", dataIndex: "company", key: "company", responsive: ["lg"], render: (v: string | null) => v || "—" },
  { title: "Status", dataIndex: "status", key: "status", render: (s: UserStatus) => <StatusTag status={s} /> },
  { title: "Subscription ends", dataIndex: "end_date", key: "end_date", responsive: ["md"], render: (d: string | null) => (d ? formatDate(d) : "—") },
  {
    title: "Credits",
    key: "credits",
    render: (_, u) => (
      <span className="credits-cell" style={{ whiteSpace: "nowrap" }}>
        {Math.max(0, u.remaining_credits)} <Typography.Text type="secondary">/ {u.total_credits}</Typography.Text>
      </span>
    ),
  },
  { title: "Last seen", dataIndex: "last_seen_at", key: "last_seen_at", responsive: ["lg"], render: (d: string | null) => (d ? formatDate(d) : "Never") },
];

export function UsersAdmin() {
  const [params, setParams] = useSearchParams();
  const q = params.get("q") ?? "";
  const status = (USER_STATUSES as readonly string[]).includes(params.get("status") ?? "") ? (params.get("status") as UserStatus) : "";
  const page = Math.max(1, Number(params.get("page")) || 1);
  const openId = Number(params.get("user")) || null;
  const [text, setText] = useState(q);
  const narrow = useMediaQuery("(max-width: 640px)");
  useEffect(() => setText(q), [q]);

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set("tab", "users");
        for (const [k, v] of Object.entries(changes)) {
          if (v === null || v === "") next.delete(k);
          else next.set(k, v);
        }
        return next;
      },
      { replace: true },
    );

  const { result: list, query: listQuery } = useUsers({ q, status, page }, { keepPrevious: true });

  return (
    <div className="users-admin">
      <Flex gap={12} wrap align="center" className="users-toolbar">
        <Input.Search
          placeholder="Search name, e-mail, username or company"
          aria-label="Search users"
          allowClear
          value={text}
          onChange={(e) => setText(e.target.value)}
          onSearch={(value) => update({ q: value.trim() || null, page: null })}
          className="users-search"
          style={{ maxWidth: narrow ? undefined : 420 }}
        />
        {narrow ? (
          <Select
            aria-label="Status"
            value={status}
            onChange={(value) => update({ status: value || null, page: null })}
            options={statusOptions}
            style={{ width: "100%" }}
          />
        ) : (
          <Segmented aria-label="Status" value={status} onChange={(value) => update({ status: String(value) || null, page: null })} options={statusOptions} />
        )}
      </Flex>
      <DataTable<AdminUser>
        rowKey="id"
        size="middle"
        className="users-table"
        columns={columnsFor((u) => update({ user: String(u.id) }))}
        rows={list.data}
        loading={listQuery.isFetching}
        empty={listQuery.isError ? "The users could not be loaded." : "No users match."}
        onRowClick={(u) => update({ user: String(u.id) })}
        pagination={{
          current: page,
          pageSize: USERS_PAGE_SIZE,
          total: list.total ?? 0,
          showTotal: (total) => `${total} users`,
          onChange: (p) => update({ page: p > 1 ? String(p) : null }),
        }}
      />
      {listQuery.isSuccess && list.total === 0 && (q || status) && (
        <Button type="link" onClick={() => update({ q: null, status: null, page: null })}>
          Clear search
        </Button>
      )}
      <UserDrawer userId={openId} onClose={() => update({ user: null })} />
    </div>
  );
}
