// 'Shared links' on the profile page: the user's live links (share-links/, newest first) —
// what each opens, when it was made and when it stops working — with 'Stop sharing' per link
// (DELETE share-links/{id}/). Expired and revoked links are not listed: they open nothing.
import { useDelete, useList } from "@refinedev/core";
import { Button, Tag, Typography } from "antd";
import { DataTable } from "../../components/page/DataTable";
import { Panel } from "../../components/page/Panel";
import { useState } from "react";
import { Link } from "react-router";
import type { ShareLinkRow } from "../../../common/tenders";
import { formatDateTime } from "../../lib/format";

export const SHARE_LINKS_PAGE_SIZE = 20;
export const LINK_STOPPED_MESSAGE = "The link no longer works";
const RESOURCE = "share-links";
const META = { endpoint: "share-links/" };

const TYPES: Record<ShareLinkRow["item_type"], { label: string; color: string }> = {
  tender: { label: "Tender", color: "blue" },
  result: { label: "Result", color: "purple" },
};

export function SharedLinksCard() {
  const [page, setPage] = useState(1);
  const { result, query } = useList<ShareLinkRow>({
    resource: RESOURCE,
    meta: META,
    pagination: { currentPage: page, pageSize: SHARE_LINKS_PAGE_SIZE },
    // The HTTP layer shows failures already.
    errorNotification: false,
  });
  const { mutate: stop, mutation } = useDelete();
  const stopping = mutation.isPending ? mutation.variables?.id : undefined;

  const stopSharing = (row: ShareLinkRow) =>
    stop(
      {
        resource: RESOURCE,
        id: row.id,
        meta: META,
        successNotification: () => ({ type: "success", message: LINK_STOPPED_MESSAGE }),
        errorNotification: false,
      },
      {
        // The last link of a later page gone: show the page before it.
        onSuccess: () => result.data.length === 1 && page > 1 && setPage(page - 1),
      },
    );

  const total = result.total ?? 0;
  return (
    <Panel
      title="Shared links"
      data-card="shared-links"
      extra={<Typography.Text type="secondary">{total === 1 ? "1 link works" : `${total} links work`}</Typography.Text>}
    >
      <Typography.Paragraph type="secondary">
        Anyone with one of these links can read that tender or result without signing in, until it expires. 'Stop sharing' turns that link off now.
      </Typography.Paragraph>
      <DataTable<ShareLinkRow>
        size="small"
        rowKey="id"
        loading={query.isFetching}
        rows={result.data}
        empty="You have no live shared links"
        pagination={{ current: page, pageSize: SHARE_LINKS_PAGE_SIZE, total, onChange: setPage }}
        columns={[
          {
            title: "Item",
            key: "item",
            render: (_, r) =>
              r.title === null ? (
                <Typography.Text type="secondary">No longer available</Typography.Text>
              ) : (
                <Link to={`/${r.item_type}/detail/${r.item_id}`}>{r.title}</Link>
              ),
          },
          { title: "Type", key: "type", width: 90, render: (_, r) => <Tag color={TYPES[r.item_type].color}>{TYPES[r.item_type].label}</Tag> },
          { title: "Created", key: "created", width: 150, render: (_, r) => formatDateTime(r.created_at) },
          { title: "Expires", key: "expires", width: 150, render: (_, r) => formatDateTime(r.expires_at) },
          {
            title: "",
            key: "stop",
            width: 130,
            align: "right",
            render: (_, r) => (
              <Button size="small" danger loading={stopping === r.id} disabled={stopping !== undefined && stopping !== r.id} onClick={() => stopSharing(r)}>
                Stop sharing
              </Button>
            ),
          },
        ]}
      />
    </Panel>
  );
}
