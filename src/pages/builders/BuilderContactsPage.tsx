// /builder/contacts/{id}: the company's people (company/details/{id}/contacts/) — searched by
// name or designation, narrowed by where the contact was found (source_q: Telephone Call, Found
// on the Internet, Official Government Website) and by seniority, with the 'High quality' badge
// (contact_fuzz_score above 70). Phone and e-mail stay masked until the company is unlocked;
// the unlock button is on the page. Below, the history of changes to these contacts. Page,
// text and filters live in the URL, so a reload or a shared link shows the same list.
import { ClockCircleOutlined, LockOutlined } from "@ant-design/icons";
import { Alert, Empty, Input, Pagination, Select, Skeleton, Tag, Typography } from "antd";
import { DataTable, type DataColumn } from "../../components/page/DataTable";
import { Panel } from "../../components/page/Panel";
import { useEffect, useMemo, useState } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { type CompanyContact, type CompanyContactHistoryRow, type CompanyContactsPage, type CompanyDetails } from "../../../common/companies";
import { CONTACT_SOURCE_LABELS, CONTACT_SOURCES, SENIORITY_LEVELS } from "../../../common/constants";
import { builderDetailPath, companyKeys, companyPaths, contactsQueryParams, type ContactsQuery } from "../../components/companies/api";
import { useApiPart } from "../../components/page/useApiPart";
import { CompanyUnlockButton, credits } from "../../components/companies/CompanyUnlockButton";
import { useMediaQuery } from "../../hooks/useMediaQuery";
import { countOf, formatDate, formatIndianNumber, formatText } from "../../lib/format";
import { QualityBadge } from "../leads/detail/ContactsSection";
import { HistoryList } from "../leads/detail/LeadSections";
import { CompanyPageFrame } from "./CompanyPageFrame";
import { pagerItemRender } from "../../components/search/pager";
import "../leads/leads.css"; // the contact styles (masked values, cards) the lead contacts use

/** The URL's query → the contacts query (unknown sources and seniorities are dropped). */
export function readContactsQuery(params: URLSearchParams): ContactsQuery {
  const page = Number(params.get("page"));
  const sources = (params.get("source_q") ?? "").split(",").filter((s) => (CONTACT_SOURCES as readonly string[]).includes(s));
  const seniority = params.getAll("seniority").filter((s) => (SENIORITY_LEVELS as readonly string[]).includes(s));
  return { page: Number.isInteger(page) && page > 0 ? page : 1, query: params.get("query") ?? "", sources, seniority };
}

function writeContactsQuery(q: ContactsQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (q.query?.trim()) params.set("query", q.query.trim());
  if (q.sources?.length) params.set("source_q", q.sources.join(","));
  for (const s of q.seniority ?? []) params.append("seniority", s);
  if (q.page > 1) params.set("page", String(q.page));
  return params;
}

function Reach({ value, unlocked }: { value: string | null; unlocked: boolean }) {
  if (!value) return <Typography.Text type="secondary">—</Typography.Text>;
  return unlocked ? (
    <Typography.Text copyable className="contact-value">
      {value}
    </Typography.Text>
  ) : (
    <span className="contact-masked" title="Unlock the company to see">
      <LockOutlined /> {value}
    </span>
  );
}

const columns: DataColumn<CompanyContact>[] = [
  {
    title: "Name",
    key: "name",
    render: (_, c) => (
      <div>
        <Typography.Text strong>{c.name}</Typography.Text> <QualityBadge contact={c} />
        {c.is_wrong && <Tag color="red">Reported wrong</Tag>}
        <div>
          <Typography.Text type="secondary">{formatText(c.designation)}</Typography.Text>
        </div>
      </div>
    ),
  },
  { title: "Seniority", key: "seniority", width: 200, render: (_, c) => formatText(c.seniority) },
  {
    title: "Source",
    key: "source",
    width: 190,
    render: (_, c) => (
      <>
        <div>{c.source_label || CONTACT_SOURCE_LABELS[c.source]}</div>
        {c.verified_at && (
          <Typography.Text type="secondary" className="builder-sub">
            Verified {formatDate(c.verified_at)}
          </Typography.Text>
        )}
      </>
    ),
  },
  {
    title: "Phone / E-mail",
    key: "reach",
    width: 260,
    render: (_, c) => (
      <div className="contact-reach">
        <Reach value={c.phone} unlocked={c.is_unlocked} />
        <Reach value={c.email} unlocked={c.is_unlocked} />
      </div>
    ),
  },
];

function ContactCard({ c }: { c: CompanyContact }) {
  return (
    <div className="contact-card" data-contact-id={c.id}>
      <div>
        <Typography.Text strong>{c.name}</Typography.Text> <QualityBadge contact={c} />
      </div>
      <Typography.Text type="secondary">{[c.designation, c.seniority].filter(Boolean).join(" · ") || formatText(null)}</Typography.Text>
      <div className="contact-card-source">
        {c.source_label || CONTACT_SOURCE_LABELS[c.source]}
        {c.verified_at ? ` · verified ${formatDate(c.verified_at)}` : ""}
      </div>
      <Reach value={c.phone} unlocked={c.is_unlocked} />
      <Reach value={c.email} unlocked={c.is_unlocked} />
    </div>
  );
}

/** What makes antd's checkable tag (a span) a toggle button: Tab reaches it, Enter or Space switches it. */
const toggleButton = (pressed: boolean, toggle: () => void): object => ({
  role: "button",
  tabIndex: 0,
  "aria-pressed": pressed,
  onKeyDown: (e: React.KeyboardEvent) => {
    if (e.key !== "Enter" && e.key !== " ") return;
    e.preventDefault();
    toggle();
  },
});

function SourceFilter({ page, value, onChange }: { page: CompanyContactsPage | undefined; value: string[]; onChange: (v: string[]) => void }) {
  return (
    <div className="source-filter" role="group" aria-label="Source">
      {CONTACT_SOURCES.map((s) => {
        const count = page?.sources.find((x) => x.value === s)?.count;
        const on = value.includes(s);
        return (
          // A toggle button (antd's tag is a plain span): reached by Tab, switched by Enter or Space.
          <Tag.CheckableTag
            key={s}
            checked={on}
            onChange={(checked) => onChange(checked ? [...value, s] : value.filter((v) => v !== s))}
            {...toggleButton(on, () => onChange(on ? value.filter((v) => v !== s) : [...value, s]))}
          >
            {CONTACT_SOURCE_LABELS[s]}
            {count === undefined ? "" : ` (${formatIndianNumber(count, 0)})`}
          </Tag.CheckableTag>
        );
      })}
    </div>
  );
}

function ContactsCard({ company }: { company: CompanyDetails }) {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the string is the identity of the params
  const q = useMemo(() => readContactsQuery(params), [key]);
  const [text, setText] = useState(q.query ?? "");
  useEffect(() => setText(q.query ?? ""), [q.query]);
  const narrow = useMediaQuery("(max-width: 767.98px)");
  const update = (patch: Partial<ContactsQuery>) => setParams(writeContactsQuery({ ...q, page: 1, ...patch }));

  const query = useApiPart<CompanyContactsPage>(companyPaths.contacts(company.id), {
    query: contactsQueryParams(q),
    queryKey: companyKeys.contacts(company.id, q),
    toast: true,
    keepPrevious: true,
  });
  const data = query.data;
  const contacts = data?.results ?? [];
  const filtered = !!(q.query || q.sources?.length || q.seniority?.length);

  return (
    <Panel size="small" title="Contacts" className="builder-section" data-query={key} aria-busy={query.isFetching}>
      {data && !data.company_unlocked && (
        <Alert
          className="contacts-unlock-banner"
          type="info"
          showIcon
          icon={<LockOutlined />}
          message={`Phone numbers and e-mail addresses are hidden until you unlock ${company.name}.`}
          description={`Unlocking costs ${credits(company.unlock_cost || 0)} once and shows every contact of the company in full.`}
          action={<CompanyUnlockButton companyId={company.id} companyName={company.name} unlockedAt={company.unlocked_at} cost={company.unlock_cost || undefined} size="small" />}
        />
      )}
      <div className="contacts-toolbar">
        <Input.Search
          className="contacts-search"
          aria-label="Search contacts"
          placeholder="Name or designation"
          allowClear
          value={text}
          onChange={(e) => setText(e.target.value)}
          onSearch={(v) => update({ query: v })}
        />
        <SourceFilter page={data} value={q.sources ?? []} onChange={(sources) => update({ sources })} />
        <Select
          className="contacts-seniority"
          mode="multiple"
          allowClear
          aria-label="Seniority"
          placeholder="Any seniority"
          value={q.seniority}
          onChange={(seniority: string[]) => update({ seniority })}
          options={SENIORITY_LEVELS.map((s) => {
            const count = data?.seniorities.find((x) => x.value === s)?.count;
            return { value: s, label: count === undefined ? s : `${s} (${formatIndianNumber(count, 0)})` };
          })}
          maxTagCount="responsive"
        />
      </div>
      <Typography.Text type="secondary" className="contacts-summary" aria-live="polite">
        {query.isPending ? "Loading contacts…" : `${countOf(data?.count, "contact")}${filtered ? (data?.count === 1 ? " matches" : " match") : ""}`}
      </Typography.Text>
      {query.isError && <Alert type="warning" showIcon message="Contacts could not be loaded" description={(query.error as Error).message} />}
      {query.isPending ? (
        <Skeleton active />
      ) : contacts.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filtered ? "No contacts match these filters" : "No contacts for this company yet"} />
      ) : narrow ? (
        <div className="contact-cards" style={{ marginTop: 8 }}>
          {contacts.map((c) => (
            <ContactCard key={c.id} c={c} />
          ))}
        </div>
      ) : (
        <DataTable<CompanyContact> className="company-contacts-table" rowKey="id" size="small" columns={columns} rows={contacts} loading={query.isFetching} minWidth={820} style={{ marginTop: 8 }} />
      )}
      {data && data.count > data.page_size && (
        <Pagination
          itemRender={pagerItemRender}
          className="contacts-pager"
          current={q.page}
          pageSize={data.page_size}
          total={data.count}
          showSizeChanger={false}
          simple={narrow}
          size={narrow ? "small" : "default"}
          onChange={(page) => setParams(writeContactsQuery({ ...q, page }))}
        />
      )}
    </Panel>
  );
}

function HistoryCard({ companyId }: { companyId: number }) {
  const query = useApiPart<{ results: CompanyContactHistoryRow[] }>(companyPaths.contactsHistory(companyId), { queryKey: companyKeys.contactsHistory(companyId) });
  const items = query.data?.results ?? [];
  return (
    <Panel size="small" title={<span><ClockCircleOutlined /> Contacts history</span>} className="builder-section">
      {query.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : query.isError ? (
        <Alert type="warning" showIcon message="History could not be loaded" description={(query.error as Error).message} />
      ) : items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No changes to these contacts recorded" />
      ) : (
        <HistoryList items={items} showContact />
      )}
    </Panel>
  );
}

export default function BuilderContactsPage() {
  const { id = "" } = useParams();
  return (
    <CompanyPageFrame
      id={id}
      title="Builder Contacts"
      titleOf={(c) => `Contacts at ${c.name}`}
      subtitleOf={(c) => (
        <>
          {countOf(c.contact_count, "contact")}, {formatIndianNumber(c.high_quality_contact_count, 0)} high quality ·{" "}
          <Link to={builderDetailPath(c.id)}>Company details</Link>
        </>
      )}
      back={{ to: builderDetailPath(id), label: "Builder details" }}
    >
      {(company) => (
        <>
          <ContactsCard company={company} />
          <HistoryCard companyId={company.id} />
        </>
      )}
    </CompanyPageFrame>
  );
}
