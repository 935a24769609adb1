// The frame every lister shares: search box, sort and export above; the filter panel beside
// the results on wide screens and in a drawer ('Filters') on narrow ones; active filter tags;
// the results (given by the page: a table, cards, a list with a preview) and the pager.
import { FilterOutlined } from "@ant-design/icons";
import type { BaseRecord } from "@refinedev/core";
import { Alert, Badge, Button, Drawer, Pagination, Typography } from "antd";
import { Panel } from "../page/Panel";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useMediaQuery } from "../../hooks/useMediaQuery";
import { countOf } from "../../lib/format";
import { activeFilterCount } from "../../lib/searchUrl";
import { ActiveFilters } from "./ActiveFilters";
import type { ListerConfig } from "./config";
import { ExportButtons } from "./ExportButtons";
import { SaveSearchButton } from "./SaveSearchButton";
import { SearchBox } from "./SearchBox";
import { SearchFilters } from "./SearchFilters";
import { cleanSearchText } from "../../lib/searchText";
import { SortSelect } from "./SortSelect";
import "./search.css";
import type { Lister } from "./useLister";
import { pagerItemRender } from "./pager";

/** Filters go into a drawer below this width. */
export const FILTER_DRAWER_QUERY = "(max-width: 991.98px)";

interface Props<T extends BaseRecord> {
  config: ListerConfig;
  lister: Lister<T>;
  children: ReactNode;
  /** Replaces the count line ('1,234 leads'). */
  summary?: ReactNode;
  /** The lister's own filters, shown in the filter panel above the facets. */
  extraFilters?: ReactNode;
}

/**
 * A page past the end (an old link, a bookmark after the results shrank) moves to the last page
 * in place (replacing the history entry), instead of a count above "no leads" with the last
 * page highlighted in the pager.
 */
function usePageWithinResults(search: Lister<BaseRecord>["search"], count: number, pageSize: number, answered: boolean) {
  const { state, update } = search;
  const lastPage = Math.max(1, Math.ceil(count / pageSize));
  const past = answered && count > 0 && state.page > lastPage;
  useEffect(() => {
    if (past) update({ page: lastPage }, { replace: true });
  }, [past, lastPage, update]);
}

export function ListerLayout<T extends BaseRecord>({ config, lister, children, summary, extraFilters }: Props<T>) {
  const { search, apiQuery, list, facets, total: count } = lister;
  const { state, update } = search;
  const narrow = useMediaQuery(FILTER_DRAWER_QUERY);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const filterCount = activeFilterCount(state);
  const pageSize = Number(list.data?.page_size) || 20;
  usePageWithinResults(search, count, pageSize, list.isSuccess && !list.isPlaceholderData);

  const resultsId = useId();
  const results = useRef<HTMLDivElement>(null);
  // Past the facets (≈ 50 checkboxes) to the results in one step: the first Tab stop of the body.
  const skipToResults = (e: React.MouseEvent) => {
    e.preventDefault();
    results.current?.focus();
    results.current?.scrollIntoView({ block: "start" });
  };

  const filters = <SearchFilters config={config} search={search} facets={facets} extra={extraFilters} />;

  return (
    <div className={`lister ${narrow ? "lister-narrow" : ""}`}>
      <div className="lister-toolbar">
        <SearchBox value={state.text} onSearch={(text) => update({ text })} placeholder={config.searchPlaceholder} loading={list.isFetching && !!state.text} />
        <div className="lister-toolbar-row">
          {narrow && (
            <Badge count={filterCount} size="small">
              <Button icon={<FilterOutlined />} onClick={() => setDrawerOpen(true)}>
                Filters
              </Button>
            </Badge>
          )}
          <SortSelect options={config.sorts} orderWithoutSearch={config.orderWithoutSearch} value={state.sort} searching={cleanSearchText(state.text) !== ""} onChange={(sort) => update({ sort })} />
          {config.savable !== false && <SaveSearchButton suggestedName={state.text} size={narrow ? "small" : "middle"} />}
          {config.exportEndpoint && <ExportButtons endpoint={config.exportEndpoint} query={apiQuery} noun={config.noun} size={narrow ? "small" : "middle"} />}
        </div>
      </div>

      <ActiveFilters config={config} search={search} />

      <div className="lister-body">
        {!narrow && (
          <a href={`#${resultsId}`} className="lister-skip-link" onClick={skipToResults}>
            Skip to results
          </a>
        )}
        {!narrow && (
          <aside className="lister-filters" aria-label="Filters">
            <Panel size="small">{filters}</Panel>
          </aside>
        )}
        <div className="lister-results" id={resultsId} ref={results} tabIndex={-1} aria-label="Results" role="region" aria-busy={list.isFetching} data-query={search.key}>
          <div className="lister-summary" aria-live="polite">
            {summary ?? (
              <Typography.Text type="secondary">
                {list.isPending ? "Searching…" : countOf(count, config.nounOne, config.noun)}
                {list.isFetching && !list.isPending ? " · updating…" : ""}
              </Typography.Text>
            )}
          </div>
          {list.isError && <Alert type="error" showIcon message={list.error instanceof Error ? list.error.message : "Something went wrong!"} className="lister-error" />}
          {children}
          {count > 0 && list.data && (
            <Pagination
              itemRender={pagerItemRender}
              className="lister-pager"
              current={state.page}
              pageSize={pageSize}
              total={count}
              showSizeChanger={false}
              size={narrow ? "small" : "default"}
              simple={narrow}
              onChange={(page) => {
                update({ page });
                window.scrollTo({ top: 0 });
              }}
            />
          )}
        </div>
      </div>

      {narrow && (
        <Drawer
          title="Filters"
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          width={Math.min(360, typeof window !== "undefined" ? window.innerWidth - 24 : 360)}
          footer={
            <Button type="primary" block onClick={() => setDrawerOpen(false)}>
              Show {countOf(count, config.nounOne, config.noun)}
            </Button>
          }
        >
          {filters}
        </Drawer>
      )}
    </div>
  );
}
