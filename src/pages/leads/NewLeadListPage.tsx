// The new-style lister: the same search and filters, the results as a card list with a preview
// of the selected lead beside it (its key fields, a contacts summary and 'Open'). The selected
// lead is in the URL (selected=<id>) like every other part of the state. On phones the cards
// open the lead's page instead.
import { ArrowRightOutlined, SafetyCertificateFilled } from "@ant-design/icons";
import { Descriptions, Empty, Skeleton, Space, Typography } from "antd";
import { Panel } from "../../components/page/Panel";
import { useEffect } from "react";
import { Link } from "react-router";
import { PageShell } from "../../components/page/PageShell";
import { ListerLayout } from "../../components/search/ListerLayout";
import { useLister } from "../../components/search/useLister";
import { useMediaQuery } from "../../hooks/useMediaQuery";
import { formatDate, formatIndianNumber, formatLocation, formatRupees, formatText } from "../../lib/format";
import { listOf, type LeadContact, type LeadRow } from "./api";
import { isHighQuality, sourceLabel, useQueryContacts } from "./detail/ContactsSection";
import { LeadCard, StatusTag, TypeTags } from "./LeadResults";
import { LEAD_LIST_TITLES, LEAD_PRESETS, leadListerConfig, type LeadListVariant } from "./leadSearch";
import { MarkControl } from "./MarkControl";

function ContactsSummary({ leadId }: { leadId: string }) {
  const query = useQueryContacts(leadId);
  if (query.isPending) return <Skeleton active paragraph={{ rows: 2 }} title={false} />;
  if (query.isError) return <Typography.Text type="secondary">Contacts could not be loaded.</Typography.Text>;
  const contacts = listOf<LeadContact>(query.data);
  if (contacts.length === 0) return <Typography.Text type="secondary">No contacts yet.</Typography.Text>;
  const unlocked = contacts.filter((c) => c.is_unlocked).length;
  const quality = contacts.filter(isHighQuality).length;
  return (
    <div className="preview-contacts">
      <Typography.Text>
        {formatIndianNumber(contacts.length)} contact{contacts.length === 1 ? "" : "s"} · {formatIndianNumber(quality)} high quality · {formatIndianNumber(unlocked)} unlocked
      </Typography.Text>
      <ul>
        {contacts.slice(0, 4).map((c) => (
          <li key={c.id}>
            <Typography.Text strong>{c.name}</Typography.Text>
            {isHighQuality(c) && <SafetyCertificateFilled className="preview-quality" aria-label="High quality" />}
            <Typography.Text type="secondary"> · {formatText(c.seniority)} · {sourceLabel(c)}</Typography.Text>
          </li>
        ))}
      </ul>
    </div>
  );
}

function LeadPreview({ row }: { row: LeadRow }) {
  // Only the row and the contacts: opening work/{id}/ would count as a view of the lead.
  return (
    <Panel
      className="lead-preview"
      title={<span className="lead-preview-title">{row.title}</span>}
      extra={
        <Link to={`/project-detail-new/${row.id}`} className="lead-preview-open">
          Open <ArrowRightOutlined />
        </Link>
      }
    >
      <Space size={[6, 6]} wrap>
        <StatusTag status={row.status} />
        <TypeTags value={row.project_type} max={4} />
        <MarkControl id={row.id} mark={row.mark} />
      </Space>
      <Descriptions
        size="small"
        column={1}
        className="lead-preview-fields"
        items={[
          { key: "value", label: "Value", children: formatRupees(row.value, "long") },
          { key: "owner", label: "Owner", children: formatText(row.owner_name) },
          { key: "where", label: "Location", children: formatLocation(row.city, row.district, row.state) },
          { key: "sector", label: "Sector", children: formatText(row.sector) },
          { key: "stage", label: "Stage", children: formatText(row.stage) },
          { key: "dates", label: "Start – completion", children: `${formatDate(row.start_date)} – ${formatDate(row.completion_date)}` },
          { key: "retrieved", label: "Retrieved", children: formatDate(row.retrieved_on) },
        ]}
      />
      <Typography.Title level={5} className="lead-preview-heading">
        Contacts
      </Typography.Title>
      <ContactsSummary leadId={String(row.id)} />
    </Panel>
  );
}

export function NewLeadListPage({ variant }: { variant: LeadListVariant }) {
  const lister = useLister<LeadRow>(leadListerConfig, LEAD_PRESETS[variant]);
  const { state, update } = lister.search;
  const phone = useMediaQuery("(max-width: 767.98px)");
  const leads = lister.rows;
  const selected = leads?.find((l) => String(l.id) === state.selected) ?? null;

  // Nothing chosen yet (or the choice left the page): preview the first lead.
  useEffect(() => {
    if (phone || !leads?.length || selected || lister.list.isPlaceholderData) return;
    update((s) => ({ selected: String(leads[0].id), page: s.page }), { replace: true });
  }, [phone, leads, selected, update, lister.list.isPlaceholderData]);

  return (
    <PageShell title={LEAD_LIST_TITLES[variant]} subtitle="Private sector leads across India">
      <ListerLayout config={leadListerConfig} lister={lister}>
        {lister.list.isPending ? (
          <Skeleton active />
        ) : !leads?.length ? (
          <Empty description="No leads match this search" />
        ) : (
          <div className={`lead-split ${phone ? "lead-split-phone" : ""}`}>
            <div className="lead-split-list" role="list" aria-label="Leads">
              {leads.map((lead) => (
                <div role="listitem" key={lead.id}>
                  <LeadCard
                    lead={lead}
                    newStyle
                    selected={!phone && selected?.id === lead.id}
                    onSelect={phone ? undefined : () => update((s) => ({ selected: String(lead.id), page: s.page }), { replace: true })}
                  />
                </div>
              ))}
            </div>
            {!phone && <div className="lead-split-preview">{selected ? <LeadPreview key={selected.id} row={selected} /> : <Skeleton active />}</div>}
          </div>
        )}
      </ListerLayout>
    </PageShell>
  );
}

export const ConstructionLeadsNewPage = () => <NewLeadListPage variant="construction" />;
export const IndustrialLeadsNewPage = () => <NewLeadListPage variant="industrial" />;
