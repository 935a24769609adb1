// /unlocked-companies: the companies this user unlocked (company/unlocked_static_data/, newest
// first, with when and for how many credits) and, on the second tab, the ones not unlocked yet
// (company/static_data/) with how many contacts an unlock would show. Tab, search and page are
// in the URL.
import { useList } from "@refinedev/core";
import { Alert, Empty, Input, Pagination, Typography } from "antd";
import { TabSet } from "../../components/page/TabSet";
import { Panel } from "../../components/page/Panel";
import { DataTable, type DataColumn } from "../../components/page/DataTable";
import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { CompanyStaticRow, UnlockedCompanyRow } from "../../../common/companies";
import { builderContactsPath, builderDetailPath, NOT_UNLOCKED_COMPANIES, UNLOCKED_COMPANIES } from "../../components/companies/api";
import { credits } from "../../components/companies/CompanyUnlockButton";
import { PageShell } from "../../components/page/PageShell";
import { useMediaQuery } from "../../hooks/useMediaQuery";
import { countOf, formatDate, formatIndianNumber, formatLocation } from "../../lib/format";
import "./builders.css";
import { pagerItemRender } from "../../components/search/pager";

type Tab = "unlocked" | "locked";


function nameColumn<T extends CompanyStaticRow>(): DataColumn<T> {
  return {
    title: "Company",
    key: "name",
    render: (_, c) => (
      <div className="builder-name-cell">
        <Link to={builderDetailPath(c.id)} className="builder-name">
          {c.name}
        </Link>
        <Typography.Text type="secondary" className="builder-cin">
          {c.cin ?? "No CIN"}
        </Typography.Text>
      </div>
    ),
  };
}

const commonColumns: DataColumn<CompanyStaticRow>[] = [
  { title: "Type", key: "type", width: 140, render: (_, c) => [c.company_type, c.industry].filter((v, i, a) => v && a.indexOf(v) === i).join(" · ") || "—" },
  { title: "Location", key: "place", width: 170, render: (_, c) => formatLocation(c.city, c.state) },
  {
    title: "Contacts",
    key: "contacts",
    width: 150,
    render: (_, c) => (
      <Link to={builderContactsPath(c.id)}>
        {formatIndianNumber(c.contact_count, 0)} ({formatIndianNumber(c.high_quality_contact_count, 0)} high quality)
      </Link>
    ),
  },
];

const unlockedColumns: DataColumn<UnlockedCompanyRow>[] = [
  nameColumn<UnlockedCompanyRow>(),
  ...(commonColumns as DataColumn<UnlockedCompanyRow>[]),
  {
    title: "Unlocked",
    key: "unlocked",
    width: 140,
    render: (_, c) => (
      <>
        <div>{formatDate(c.unlocked_at)}</div>
        <Typography.Text type="secondary" className="builder-sub">
          {credits(c.credits)}
        </Typography.Text>
      </>
    ),
  },
];
const lockedColumns: DataColumn<CompanyStaticRow>[] = [nameColumn<CompanyStaticRow>(), ...commonColumns];

function CompanyCards<T extends CompanyStaticRow>({ rows, unlocked }: { rows: T[]; unlocked: boolean }) {
  return (
    <div className="builder-cards">
      {rows.map((c) => (
        <Panel size="small" className="builder-card" key={c.id} data-company-id={c.id}>
          <Link to={builderDetailPath(c.id)} className="builder-name">
            {c.name}
          </Link>
          <Typography.Text type="secondary" className="builder-cin">
            {c.cin ?? "No CIN"}
          </Typography.Text>
          <div className="builder-card-meta">
            <span>{formatLocation(c.city, c.state)}</span>
            <Link to={builderContactsPath(c.id)}>
              {countOf(c.contact_count, "contact")} ({formatIndianNumber(c.high_quality_contact_count, 0)} high quality)
            </Link>
            {unlocked && <span>Unlocked {formatDate((c as unknown as UnlockedCompanyRow).unlocked_at)}</span>}
          </div>
        </Panel>
      ))}
    </div>
  );
}

function CompanyList({ tab, page, q, onPage }: { tab: Tab; page: number; q: string; onPage: (page: number) => void }) {
  const narrow = useMediaQuery("(max-width: 767.98px)");
  const { result, query } = useList<UnlockedCompanyRow>({
    resource: tab === "unlocked" ? UNLOCKED_COMPANIES : NOT_UNLOCKED_COMPANIES,
    dataProviderName: "rest",
    // The server pages these lists itself (page, q).
    meta: { query: { page, q: q.trim() || undefined } },
    errorNotification: false,
    queryOptions: { placeholderData: (previous) => previous },
  });
  const rows = result.data;
  const pageSize = (query.data as { page_size?: number } | undefined)?.page_size ?? 0;
  const total = result.total ?? 0;
  const empty =
    tab === "unlocked" ? (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          q ? (
            "No unlocked company matches this search"
          ) : (
            <>
              No companies unlocked yet. Find one on <Link to="/builders">Builders</Link> and unlock it to see its contacts.
            </>
          )
        }
      />
    ) : (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={q ? "No company matches this search" : "You have unlocked every company"} />
    );
  return (
    <div className="company-list" aria-busy={query.isFetching} data-tab={tab}>
      <Typography.Text type="secondary" className="company-list-summary" aria-live="polite">
        {query.isPending ? "Loading…" : countOf(query.data?.total, "company", "companies")}
      </Typography.Text>
      {query.isError && <Alert type="warning" showIcon message="Could not be loaded" description={query.error.message} />}
      {narrow ? (
        rows.length ? <CompanyCards rows={rows} unlocked={tab === "unlocked"} /> : !query.isPending && empty
      ) : tab === "unlocked" ? (
        <DataTable<UnlockedCompanyRow> rowKey="id" className="builder-table" columns={unlockedColumns} rows={rows} loading={query.isFetching} minWidth={760} empty={empty} />
      ) : (
        <DataTable<CompanyStaticRow> rowKey="id" className="builder-table" columns={lockedColumns} rows={rows} loading={query.isFetching} minWidth={680} empty={empty} />
      )}
      {total > pageSize && pageSize > 0 && (
        <Pagination itemRender={pagerItemRender} className="contacts-pager" current={page} pageSize={pageSize} total={total} showSizeChanger={false} simple={narrow} onChange={onPage} />
      )}
    </div>
  );
}

export default function UnlockedCompaniesPage() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get("tab") === "locked" ? "locked" : "unlocked";
  const q = params.get("q") ?? "";
  const pageNumber = Number(params.get("page"));
  const page = Number.isInteger(pageNumber) && pageNumber > 0 ? pageNumber : 1;
  const [text, setText] = useState(q);
  useEffect(() => setText(q), [q]);

  const go = (next: { tab?: Tab; q?: string; page?: number }) => {
    const p = new URLSearchParams();
    const t = next.tab ?? tab;
    const text = (next.q ?? q).trim();
    if (t === "locked") p.set("tab", "locked");
    if (text) p.set("q", text);
    if ((next.page ?? 1) > 1) p.set("page", String(next.page));
    setParams(p);
  };

  const list = <CompanyList tab={tab} page={page} q={q} onPage={(n) => go({ page: n })} />;
  return (
    <PageShell title="Unlocked Companies" subtitle="Companies whose contacts you can see in full">
      <Panel size="small">
        <Input.Search
          className="unlocked-search"
          aria-label="Search companies"
          placeholder="Company name or CIN"
          allowClear
          value={text}
          onChange={(e) => setText(e.target.value)}
          onSearch={(v) => go({ q: v })}
          style={{ maxWidth: 360, marginBottom: 8 }}
        />
        <TabSet
          activeKey={tab}
          onChange={(key) => go({ tab: key as Tab, q })}
          items={[
            { key: "unlocked", label: "Unlocked", children: tab === "unlocked" ? list : null },
            { key: "locked", label: "Not unlocked yet", children: tab === "locked" ? list : null },
          ]}
        />
      </Panel>
    </PageShell>
  );
}
