// /assignments (issue 20): "Assigned to me" — the leads, tenders and companies teammates gave the
// user, and with the scope switch those the user gave (by me) or the whole team's. Filters
// (scope, status, item type, overdue) live in the URL, so a reload or a shared link shows the
// same; the list is read through the data provider (useTable on the "assignments" resource).
// Open ones come soonest due first; due dates are IST. A user in no team is told where teams are.
import { Alert, Button, Checkbox, Flex, Segmented, Select, Tag, Typography } from "antd";
import { useEffect } from "react";
import { Link, useSearchParams } from "react-router";
import { ASSIGNMENT_ITEM_LABELS, ASSIGNMENT_ITEM_TYPES, ASSIGNMENT_PAGE_SIZE, ASSIGNMENT_SCOPES, type Assignment, type AssignmentItemType, type AssignmentScope } from "../../../common/assignments";
import { useAssignmentTable, useRefreshAssignments, useSetAssignmentStatus } from "../../components/assignments/api";
import { notificationLink } from "../../components/notifications/api";
import { DataTable, type DataColumn } from "../../components/page/DataTable";
import { EmptyState, PageShell } from "../../components/page/PageShell";
import { Panel } from "../../components/page/Panel";
import { formatDateTime } from "../../lib/format";
import { toastSuccess } from "../../lib/toast";
import { useTeam } from "../team/teamApi";
import "./assignments.css";

const TITLES: Record<AssignmentScope, string> = { mine: "Assigned to me", by_me: "Assigned by me", team: "Team assignments" };
const SCOPE_LABELS: Record<AssignmentScope, string> = { mine: "To me", by_me: "By me", team: "Whole team" };
const STATUS_OPTIONS = [{ value: "open", label: "Open" }, { value: "done", label: "Done" }, { value: "all", label: "Open and done" }];

/** The URL's filters, anything unknown read as the default. */
export function readFilters(params: URLSearchParams) {
  const scope = (ASSIGNMENT_SCOPES as readonly string[]).includes(params.get("scope") ?? "") ? (params.get("scope") as AssignmentScope) : "mine";
  const status: "open" | "done" | "all" = params.get("status") === "done" || params.get("status") === "all" ? (params.get("status") as "done" | "all") : "open";
  const type: AssignmentItemType | "" = (ASSIGNMENT_ITEM_TYPES as readonly string[]).includes(params.get("type") ?? "") ? (params.get("type") as AssignmentItemType) : "";
  return { scope, status, type, overdue: params.get("overdue") === "true" };
}

function Due({ a }: { a: Assignment }) {
  if (!a.due_at) return <Typography.Text type="secondary">No due date</Typography.Text>;
  return (
    <span className="assignment-due">
      {formatDateTime(a.due_at)}
      {a.overdue && (
        <Tag color="red" className="assignment-overdue">
          Overdue
        </Tag>
      )}
    </span>
  );
}

export default function AssignmentsPage() {
  const [params, setParams] = useSearchParams();
  const f = readFilters(params);
  const { team, none, loading: teamLoading, error: teamError } = useTeam();
  const { result, tableQuery, currentPage, setCurrentPage } = useAssignmentTable(
    { scope: f.scope, status: f.status === "all" ? "" : f.status, item_type: f.type, overdue: f.overdue },
    { enabled: !!team },
  );
  const { setStatus, saving, savingId } = useSetAssignmentStatus();
  const refresh = useRefreshAssignments();
  useEffect(() => setCurrentPage(1), [f.scope, f.status, f.type, f.overdue, setCurrentPage]);

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) if (v === null || v === "") next.delete(k);
        else next.set(k, v);
        return next;
      },
      { replace: true },
    );

  const toggle = async (a: Assignment) => {
    const next = a.status === "open" ? "done" : "open";
    await setStatus(a.id, next);
    toastSuccess(next === "done" ? `Marked done: ${a.item_title}` : `Reopened: ${a.item_title}`);
    await refresh();
  };

  const people = (a: Assignment) =>
    f.scope === "mine" ? `From ${a.assigned_by?.name ?? "a former teammate"}` : f.scope === "by_me" ? `To ${a.assignee.name}` : `${a.assigned_by?.name ?? "Someone"} → ${a.assignee.name}`;

  const columns: DataColumn<Assignment>[] = [
    {
      key: "item",
      title: "Item",
      render: (_, a) => (
        <div className="assignment-item">
          <Tag bordered={false}>{ASSIGNMENT_ITEM_LABELS[a.item_type]}</Tag>
          {a.item_title ? <Link to={notificationLink(a)}>{a.item_title}</Link> : <Typography.Text type="secondary">No longer available</Typography.Text>}
          <div className="assignment-sub">
            <span>{people(a)}</span>
            <span className="assignment-sub-due"><Due a={a} /></span>
          </div>
          {a.note && <div className="assignment-note">{a.note}</div>}
        </div>
      ),
    },
    { key: "due", title: "Due (IST)", width: 200, responsive: ["md"], render: (_, a) => <Due a={a} /> },
    {
      key: "status",
      title: "Status",
      width: 150,
      render: (_, a) => (
        <Flex vertical gap={4} align="flex-start">
          <Tag color={a.status === "open" ? "blue" : "green"}>{a.status === "open" ? "Open" : `Done ${formatDateTime(a.done_at)}`}</Tag>
          <Button size="small" loading={saving && savingId === a.id} onClick={() => void toggle(a).catch(() => undefined)} aria-label={`${a.status === "open" ? "Mark done" : "Reopen"}: ${a.item_title}`}>
            {a.status === "open" ? "Mark done" : "Reopen"}
          </Button>
        </Flex>
      ),
    },
  ];

  const filters = (
    <Flex wrap gap={8} align="center" className="assignment-filters">
      <Segmented aria-label="Whose" value={f.scope} options={ASSIGNMENT_SCOPES.map((s) => ({ value: s, label: SCOPE_LABELS[s] }))} onChange={(v) => update({ scope: v === "mine" ? null : String(v) })} />
      <Select aria-label="Status" value={f.status} options={STATUS_OPTIONS} onChange={(v) => update({ status: v === "open" ? null : v })} style={{ minWidth: 150 }} />
      <Select
        aria-label="Item type"
        value={f.type}
        options={[{ value: "", label: "Leads, tenders, companies" }, ...ASSIGNMENT_ITEM_TYPES.map((t) => ({ value: t, label: `${ASSIGNMENT_ITEM_LABELS[t]}s` }))]}
        onChange={(v) => update({ type: v || null })}
        style={{ minWidth: 200 }}
      />
      <Checkbox checked={f.overdue} onChange={(e) => update({ overdue: e.target.checked ? "true" : null })}>
        Overdue only
      </Checkbox>
    </Flex>
  );

  return (
    <PageShell title={TITLES[f.scope]} subtitle="Leads, tenders and companies given to a teammate, with a note and a due date (times in IST).">
      {teamLoading && <Panel loading />}
      {teamError && <Alert type="error" showIcon message={teamError.message} />}
      {none && <EmptyState title="You are not in a team yet." text={<>Create a team or join one on the <Link to="/team">Team page</Link>; then teammates can assign you work.</>} />}
      {team && (
        <Panel size="small" className="assignments-panel">
          {filters}
          <DataTable<Assignment>
            rows={result.data}
            loading={tableQuery.isFetching}
            rowKey="id"
            label={TITLES[f.scope]}
            className="assignments-table"
            rowClassName={(a) => (a.overdue ? "assignment-row-overdue" : "")}
            columns={columns}
            empty={tableQuery.isError ? "Assignments could not be loaded." : f.scope === "mine" ? "Nothing assigned to you matches." : "No assignments match."}
            pagination={{ current: currentPage, pageSize: ASSIGNMENT_PAGE_SIZE, total: result.total ?? 0, onChange: setCurrentPage, showTotal: (n) => `${n} ${n === 1 ? "assignment" : "assignments"}` }}
          />
        </Panel>
      )}
    </PageShell>
  );
}
