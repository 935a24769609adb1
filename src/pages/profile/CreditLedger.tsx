// The credit ledger (credits/ledger/): every grant, unlock, refund and adjustment of the credits
// the user spends — their team's pool, with the member behind each row, and their own — newest
// first, with the balance above it.
import { useList } from "@refinedev/core";
import { Tag, Typography } from "antd";
import { DataTable } from "../../components/page/DataTable";
import { Panel } from "../../components/page/Panel";
import { useState } from "react";
import { displayCredits, formatDateTime, formatIndianNumber } from "../../lib/format";

interface LedgerRow {
  id: number;
  delta: number;
  kind: string;
  note: string | null;
  unlock_id: number | null;
  contact_id: number | null;
  created_at: string;
  /** A row of the team's pool, and the member who spent, was refunded or brought the credits. */
  team: boolean;
  by: string | null;
}
/** Beside the page of rows, the ledger answers the page size and the balance. */
interface LedgerExtras {
  page_size: number;
  remaining_credits: number;
  total_credits: number;
}

const KINDS: Record<string, { label: string; color: string }> = {
  grant: { label: "Grant", color: "green" },
  unlock: { label: "Unlock", color: "blue" },
  refund: { label: "Refund", color: "gold" },
  adjustment: { label: "Adjustment", color: "default" },
};

function describe(r: LedgerRow): string {
  if (r.note) return r.note;
  if (r.kind === "unlock") return r.contact_id ? `Contact #${r.contact_id} unlocked` : "Unlocked";
  if (r.kind === "refund") return "Credit returned";
  if (r.kind === "grant") return "Credits added to your subscription";
  return "";
}

export function CreditLedger() {
  const [page, setPage] = useState(1);
  const { query: ledger } = useList<LedgerRow>({
    resource: "credits-ledger",
    meta: { endpoint: "credits/ledger/" },
    pagination: { currentPage: page },
    // The HTTP layer shows failures already.
    errorNotification: false,
    // The page shown stays while the next one loads.
    queryOptions: { placeholderData: (previous) => previous },
  });
  const data = ledger.data as (typeof ledger.data & LedgerExtras) | undefined;
  return (
    <Panel
      title="Credit history"
      data-card="ledger"
      extra={data && <Typography.Text type="secondary">{`${formatIndianNumber(displayCredits(data.remaining_credits), 0)} of ${formatIndianNumber(data.total_credits, 0)} left`}</Typography.Text>}
    >
      <DataTable<LedgerRow>
        size="small"
        rowKey="id"
        loading={ledger.isFetching}
        rows={data?.data ?? []}
        empty="No credit changes yet"
        pagination={data && { current: page, pageSize: data.page_size, total: data.total, onChange: setPage }}
        columns={[
          { title: "Date", key: "date", width: 120, render: (_, r) => <span className="ledger-date">{formatDateTime(r.created_at)}</span> },
          {
            title: "What",
            key: "what",
            render: (_, r) => (
              <>
                <Tag color={KINDS[r.kind]?.color ?? "default"}>{KINDS[r.kind]?.label ?? r.kind}</Tag>
                <Typography.Text className="ledger-note">{describe(r)}</Typography.Text>
                {r.team && (
                  <Typography.Text type="secondary" className="ledger-by">
                    {" "}· team pool{r.by && `, ${r.by}`}
                  </Typography.Text>
                )}
              </>
            ),
          },
          {
            title: "Credits",
            key: "delta",
            align: "right",
            width: 80,
            render: (_, r) => (
              <Typography.Text type={r.delta < 0 ? "danger" : "success"} strong>
                {r.delta > 0 ? `+${r.delta}` : r.delta}
              </Typography.Text>
            ),
          },
        ]}
      />
    </Panel>
  );
}
