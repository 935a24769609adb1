// A lister's page of rows, the one frame every lister shows them in: a table on wide screens,
// cards on phones, grey bars before the first answer and the same 'no match' words in both.
import { Empty, Skeleton } from "antd";
import { Fragment, type ReactNode } from "react";
import { DataTable, type DataColumn } from "../page/DataTable";

export interface ListerResultsProps<Row extends { id: number | string }> {
  rows: Row[] | undefined;
  loading: boolean;
  /** Phone width: cards instead of the table. */
  cards: boolean;
  /** What an empty page says ('No tenders match this search'). */
  emptyText: string;
  table: { className: string; columns: DataColumn<Row>[]; minWidth: number };
  cardsClassName: string;
  card: (row: Row) => ReactNode;
}

export function ListerResults<Row extends { id: number | string }>({ rows, loading, cards, emptyText, table, cardsClassName, card }: ListerResultsProps<Row>) {
  const empty = <Empty description={emptyText} />;
  if (!cards) {
    return <DataTable<Row> className={table.className} rowKey="id" columns={table.columns} rows={rows} loading={loading} minWidth={table.minWidth} empty={empty} />;
  }
  if (loading && !rows) return <Skeleton active />;
  if (!rows?.length) return empty;
  return (
    <div className={cardsClassName}>
      {rows.map((row) => (
        <Fragment key={row.id}>{card(row)}</Fragment>
      ))}
    </div>
  );
}
