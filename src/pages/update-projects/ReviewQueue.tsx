// The review queue tab (/update-projects, ?tab=review or no tab): leads no staff member has
// reviewed yet, oldest arrived first, from list/review/search/. It is the lead lister (the
// shared search components and the same filters: facets with counts, value, dates, search text,
// sort), keeping its state in the URL, with the category as one more facet since the queue
// holds every kind of lead. A lead leaves the queue when a staff member saves it.
import { Tag, Typography } from "antd";
import { DataTable } from "../../components/page/DataTable";
import { categoryLabel } from "../../../common/constants";
import type { ProjectDetail } from "../../../common/projects";
import { Link } from "react-router";
import { ListerLayout } from "../../components/search/ListerLayout";
import type { ListerConfig } from "../../components/search/config";
import { useLister } from "../../components/search/useLister";
import { useMediaQuery } from "../../hooks/useMediaQuery";
import { formatDate, formatLocation, formatRupees } from "../../lib/format";
import { leadListerConfig } from "../leads/leadSearch";

/** A row of the review queue: the lead's own fields the table shows (common/projects.ts). */
export type ReviewRow = Pick<
  ProjectDetail,
  "id" | "title" | "category" | "project_type" | "sector" | "status" | "stage" | "value" | "state" | "district" | "city" | "owner_name" | "arrived_date"
>;

export const reviewListerConfig: ListerConfig = {
  ...leadListerConfig,
  resource: "update-projects",
  endpoint: "list/review/search/",
  exportEndpoint: undefined,
  noun: "leads to review",
  nounOne: "lead to review",
  searchPlaceholder: "Search the review queue: title, owner, place, keywords",
  facets: [{ field: "category", label: "Category", valueLabel: categoryLabel }, ...leadListerConfig.facets],
  sorts: [
    { value: "", label: "Oldest arrived first" },
    { value: "arrived_date desc", label: "Newest arrived first" },
    { value: "value desc", label: "Value: high to low" },
    { value: "value asc", label: "Value: low to high" },
  ],
  // The queue already includes every lead, rejected or not; nobody's unlocks matter here.
  showUnlocked: false,
  searchAll: undefined,
};

export function ReviewQueue() {
  const lister = useLister<ReviewRow>(reviewListerConfig);
  const narrow = useMediaQuery("(max-width: 575.98px)");
  const rows = lister.rows ?? [];
  return (
    <div className="review-queue">
      <ListerLayout config={reviewListerConfig} lister={lister}>
        <DataTable<ReviewRow>
          className="review-table"
          rows={rows}
          loading={lister.list.isFetching}
          rowKey="id"
          size={narrow ? "small" : "middle"}
          empty={lister.list.isPending ? "Searching…" : "Nothing waiting for review."}
          columns={[
            {
              title: "Project",
              key: "title",
              render: (_, r) => (
                <div>
                  <Link to={`/update-projects/detail/${r.id}`}>{r.title}</Link>
                  <br />
                  <Typography.Text type="secondary">{r.owner_name || "Owner not known"}</Typography.Text>
                  {narrow && (
                    <div>
                      <Typography.Text type="secondary">
                        {[formatLocation(r.city, r.state), formatDate(r.arrived_date)].filter(Boolean).join(" · ")}
                      </Typography.Text>
                    </div>
                  )}
                </div>
              ),
            },
            { title: "Category", dataIndex: "category", key: "category", responsive: ["md"], render: (c: string) => <Tag>{categoryLabel(c)}</Tag> },
            { title: "Status", dataIndex: "status", key: "status", render: (s: string | null) => s ?? "—" },
            { title: "Value", dataIndex: "value", key: "value", responsive: ["sm"], render: (v: number | null) => formatRupees(v) },
            { title: "Location", key: "location", responsive: ["lg"], render: (_, r) => formatLocation(r.city, r.district, r.state) || "—" },
            { title: "Arrived", dataIndex: "arrived_date", key: "arrived", responsive: ["sm"], render: (d: string) => formatDate(d) },
          ]}
        />
      </ListerLayout>
    </div>
  );
}
