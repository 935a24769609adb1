// "More like this" on a detail page: a part of its own (loading, failure and empty states of its
// own, so the page around it shows at once), each item drawn by the page.
import { Alert, Empty, List, Skeleton } from "antd";
import type { ReactNode } from "react";
import { useApiPart } from "./useApiPart";

export interface SimilarListProps<T> {
  /** The API path of the similar items ({results}). */
  url: string;
  /** What the items are, for the empty state: "No similar {noun}". */
  noun: string;
  className: string;
  renderItem: (item: T) => ReactNode;
}

export function SimilarList<T extends { id: number }>({ url, noun, className, renderItem }: SimilarListProps<T>) {
  const query = useApiPart<{ results: T[] }>(url);
  if (query.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (query.isError) return <Alert type="warning" showIcon message="Could not be loaded" description={(query.error as Error).message} />;
  const items = query.data?.results ?? [];
  if (items.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`No similar ${noun}`} />;
  return (
    <List
      size="small"
      className={className}
      dataSource={items}
      renderItem={(item) => (
        <List.Item>
          <div className="similar-item">{renderItem(item)}</div>
        </List.Item>
      )}
    />
  );
}
