// The review queue tab (/update-projects, ?tab=review): leads no staff member has reviewed yet,
// oldest arrived first, from list/review/search/ (the same search language as the lead lister:
// text search here; the lister's facet panel can replace this plain table when it is shared).
import { useTable } from "@refinedev/antd";
import { Input, Table, Tag, Typography } from "antd";
import { Link } from "react-router";
import { formatDate, formatLocation, formatRupees } from "../../lib/format";

export interface ReviewRow {
  id: number;
  title: string;
  category: string;
  project_type: string[];
  sector: string | null;
  status: string | null;
  stage: string | null;
  value: number | null;
  state: string | null;
  district: string | null;
  city: string | null;
  owner_name: string | null;
  arrived_date: string;
}

export function ReviewQueue() {
  const { tableProps, setFilters } = useTable<ReviewRow>({
    resource: "update-projects",
    meta: { endpoint: "list/review/search/" },
    syncWithLocation: false,
    pagination: { pageSize: 20 },
    sorters: { mode: "off" },
  });

  return (
    <div className="review-queue">
      <Input.Search
        className="review-search"
        placeholder="Search the review queue: title, owner, place, sector"
        aria-label="Search the review queue"
        allowClear
        onSearch={(value) => setFilters([{ field: "q", operator: "eq", value: value.trim() }], "replace")}
      />
      <Table<ReviewRow>
        {...tableProps}
        rowKey="id"
        size="middle"
        pagination={{ ...tableProps.pagination, showSizeChanger: false, showTotal: (total: number) => `${total} leads to review` }}
        locale={{ emptyText: "Nothing waiting for review." }}
        columns={[
          {
            title: "Project",
            key: "title",
            render: (_, r) => (
              <div>
                <Link to={`/update-projects/detail/${r.id}`}>{r.title}</Link>
                <br />
                <Typography.Text type="secondary">{r.owner_name || "Owner not known"}</Typography.Text>
              </div>
            ),
          },
          { title: "Category", dataIndex: "category", key: "category", responsive: ["md"], render: (c: string) => <Tag>{c}</Tag> },
          { title: "Status", dataIndex: "status", key: "status", render: (s: string | null) => s ?? "—" },
          { title: "Value", dataIndex: "value", key: "value", responsive: ["sm"], render: (v: number | null) => formatRupees(v) },
          { title: "Location", key: "location", responsive: ["lg"], render: (_, r) => formatLocation(r.city, r.district, r.state) || "—" },
          { title: "Arrived", dataIndex: "arrived_date", key: "arrived", responsive: ["md"], render: (d: string) => formatDate(d) },
        ]}
      />
    </div>
  );
}
