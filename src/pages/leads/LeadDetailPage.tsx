// A lead's detail: header (title, status, value, place, mark), every field, contacts with
// unlocking, documents, keywords, status updates, histories, images, similar leads and 'Ask
// about this lead'. The classic routes stack the sections; /project-detail-new/{id} puts the
// summary beside tabs.
import "./leads.css";
import { SafetyOutlined } from "@ant-design/icons";
import { Col, Descriptions, Row, Space, Tag, Typography } from "antd";
import { TabSet } from "../../components/page/TabSet";
import { Panel } from "../../components/page/Panel";
import type { DescriptionsProps } from "antd";
import { lazy, Suspense, type ReactNode } from "react";
import { Link, useLocation, useParams } from "react-router";
import { DetailShell } from "../../components/page/DetailShell";
import { ChangesTimeline } from "../../components/changes/ChangesTimeline";
import { TeamItemActions } from "../../components/teams/TeamItemActions";
import { ReminderButton } from "../../components/reminders/ReminderButton";
import { SafeLink } from "../../components/SafeLink";
import { useAppAbility } from "../../access/ability";
import { formatDate, formatIndianNumber, formatLocation, formatRupees, formatText, NOT_SPECIFIED } from "../../lib/format";
import { projectTypes, type CompanyRef, type LeadDetail } from "./api";
import { ContactsSection } from "./detail/ContactsSection";
import { ImagesSection } from "./detail/LeadImages";
import { DocumentsSection, HistorySection, KeywordsSection, SimilarSection, StatusUpdatesSection } from "./detail/LeadSections";
import { useLead } from "./detail/useLead";
import { StatusTag, TypeTags } from "./LeadResults";
import { TeamMarks } from "./detail/TeamMarks";
import { MarkControl } from "./MarkControl";
import { Money } from "../../components/format/Money";

// "Ask about this lead" (its answers and their sources in antd's Collapse) is fetched after the
// page has drawn: it is far down the page and kept the detail page's first open over budget.
const AskSection = lazy(() => import("./detail/AskSection").then((m) => ({ default: m.AskSection })));

/** Where 'back' goes from each detail route. */
function backLink(pathname: string, lead?: LeadDetail): { to: string; label: string } {
  if (pathname.startsWith("/private-industrial-leads")) return { to: "/private-industrial-leads", label: "Industrial Projects" };
  if (pathname.startsWith("/private-construction-leads")) return { to: "/private-construction-leads", label: "Construction Projects" };
  if (pathname.startsWith("/project-detail-new")) {
    return lead?.category === "industrial"
      ? { to: "/private-industrial-leads-new", label: "Industrial Projects" }
      : { to: "/private-construction-leads-new", label: "Construction Projects" };
  }
  if (lead?.is_ai) return { to: "/ai-leads", label: "AI Leads" };
  return lead?.category === "industrial"
    ? { to: "/private-industrial-leads", label: "Industrial Projects" }
    : { to: "/private-construction-leads", label: "Construction Projects" };
}

function Company({ company, name }: { company?: CompanyRef | null; name?: string | null }) {
  if (company) return <Link to={`/builder/detail/${company.id}`}>{company.name || name}</Link>;
  return <>{formatText(name)}</>;
}

export function leadFields(lead: LeadDetail): DescriptionsProps["items"] {
  const value = lead.value === null || lead.value === undefined ? NOT_SPECIFIED : `${formatRupees(lead.value, "long")} (₹ ${formatIndianNumber(lead.value)})`;
  const types = projectTypes(lead.project_type);
  return [
    { key: "owner", label: "Owner", children: <Company company={lead.owner_company} name={lead.owner_name} /> },
    { key: "architect", label: "Architect", children: <Company company={lead.architect_company} /> },
    { key: "contractor", label: "Contractor", children: <Company company={lead.contractor_company} /> },
    { key: "category", label: "Category", children: <span className="capitalize">{formatText(lead.category)}{lead.is_ai ? " · AI lead" : ""}</span> },
    { key: "project_type", label: "Project type", children: types.length ? <TypeTags value={types} max={10} /> : NOT_SPECIFIED },
    { key: "sector", label: "Sector", children: formatText(lead.sector) },
    { key: "ownership", label: "Ownership", children: <span className="capitalize">{formatText(lead.ownership)}</span> },
    { key: "status", label: "Status", children: <StatusTag status={lead.status} /> },
    { key: "stage", label: "Stage", children: formatText(lead.stage) },
    { key: "value", label: "Value", children: value },
    { key: "area", label: "Area", children: lead.area_sq_ft ? `${formatIndianNumber(lead.area_sq_ft)} sq ft` : NOT_SPECIFIED },
    { key: "address", label: "Address", children: formatText(lead.address) },
    { key: "city", label: "City", children: formatText(lead.city) },
    { key: "district", label: "District", children: formatText(lead.district) },
    { key: "state", label: "State", children: formatText(lead.state) },
    { key: "pincode", label: "Pincode", children: formatText(lead.pincode) },
    { key: "start_date", label: "Start date", children: formatDate(lead.start_date) },
    { key: "completion_date", label: "Completion date", children: formatDate(lead.completion_date) },
    { key: "retrieved_on", label: "Retrieved on", children: formatDate(lead.retrieved_on) },
    { key: "arrived_date", label: "Arrived", children: formatDate(lead.arrived_date) },
    { key: "reviewed_date", label: "Reviewed", children: formatDate(lead.reviewed_date) },
    {
      key: "source",
      label: "Source",
      children: (
        <SafeLink href={lead.source_url} fallback={formatText(lead.source)}>
          {formatText(lead.source)}
        </SafeLink>
      ),
    },
    { key: "contacts", label: "Contacts", children: lead.contact_count === undefined ? NOT_SPECIFIED : formatIndianNumber(lead.contact_count) },
  ];
}

function Header({ lead, id }: { lead: LeadDetail; id: string }) {
  return (
    <div className="lead-header">
      <Space size={[6, 6]} wrap className="lead-header-tags">
        <StatusTag status={lead.status} />
        {lead.stage && <Tag>{lead.stage}</Tag>}
        <Tag className="capitalize">{lead.category}</Tag>
        {lead.is_ai && <Tag color="magenta">AI lead</Tag>}
      </Space>
      <div className="lead-header-facts">
        {lead.value === null || lead.value === undefined ? <span className="lead-header-value">Value {NOT_SPECIFIED}</span> : <Money className="lead-header-value" value={lead.value} />}
        <span>{formatLocation(lead.city, lead.district, lead.state)}</span>
        <span>Retrieved {formatDate(lead.retrieved_on)}</span>
      </div>
      <Space size={8} wrap className="lead-header-actions">
        <MarkControl id={lead.id} mark={lead.mark} size="middle" />
        <ReminderButton itemType="project" itemId={lead.id} />
        <TeamItemActions itemType="project" itemId={lead.id} />
        <Link to={`/private-leads/detail/${id}/qa-tool`} className="ant-btn ant-btn-default qa-link">
          <SafetyOutlined /> QA tool
        </Link>
      </Space>
      <TeamMarks marks={lead.team_marks ?? []} />
    </div>
  );
}

function Section({ title, children, extra, id }: { title: string; children: ReactNode; extra?: ReactNode; id?: string }) {
  return (
    <Panel title={title} size="small" className="lead-section" extra={extra} id={id}>
      {children}
    </Panel>
  );
}

export default function LeadDetailPage() {
  const { id: routeId } = useParams();
  const { pathname } = useLocation();
  const newStyle = pathname.startsWith("/project-detail-new");
  const isStaff = useAppAbility().can("manage", "Project");
  const detail = useLead(routeId);
  return (
    <DetailShell detail={detail} title="Project Details" noun="Project" back={backLink(pathname, detail.record)} titleOf={(lead) => lead.title}>
      {(lead) => <LeadContent lead={lead} id={detail.id} newStyle={newStyle} isStaff={isStaff} />}
    </DetailShell>
  );
}

function LeadContent({ lead, id, newStyle, isStaff }: { lead: LeadDetail; id: string; newStyle: boolean; isStaff: boolean }) {
  const fields = (
    <>
      {lead.description && <Typography.Paragraph className="lead-description">{lead.description}</Typography.Paragraph>}
      <Descriptions size="small" bordered column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 3 }} items={leadFields(lead)} className="lead-fields" />
    </>
  );
  const contacts = (
    <Section title="Contacts" id="contacts">
      <ContactsSection leadId={id} />
    </Section>
  );
  const ask = (
    <Section title="Ask about this lead">
      <Suspense fallback={null}>
        <AskSection leadId={id} />
      </Suspense>
    </Section>
  );
  const keywords = (
    <Section title="Keywords">
      <KeywordsSection leadId={id} own={lead.keywords ?? []} />
    </Section>
  );
  const status = (
    <Section title="Status updates">
      <StatusUpdatesSection leadId={id} />
    </Section>
  );
  // Beside the details on both layouts: what changed is what brings a salesperson back to a lead.
  const changes = (
    <Section title="Changes" id="changes">
      <ChangesTimeline itemType="project" itemId={id} />
    </Section>
  );
  const similar = (
    <Section title="Similar leads">
      <SimilarSection leadId={id} newStyle={newStyle} />
    </Section>
  );
  const documents = (
    <Section title="Documents">
      <DocumentsSection leadId={id} />
    </Section>
  );
  const history = (
    <Section title="History">
      <HistorySection leadId={id} markHistory={lead.mark_history} />
    </Section>
  );
  const images = (
    <Section title="Images">
      <ImagesSection leadId={id} isStaff={isStaff} />
    </Section>
  );

  if (newStyle) {
    return (
      <>
        <Header lead={lead} id={id} />
        <Row gutter={[16, 16]} className="lead-detail-new">
          <Col xs={24} lg={16}>
            <Panel size="small">
              <TabSet
                items={[
                  { key: "overview", label: "Overview", children: fields },
                  { key: "contacts", label: "Contacts", children: <ContactsSection leadId={id} /> },
                  { key: "documents", label: "Documents", children: <DocumentsSection leadId={id} /> },
                  { key: "activity", label: "Activity", children: (<><StatusUpdatesSection leadId={id} /><HistorySection leadId={id} markHistory={lead.mark_history} /></>) },
                  { key: "images", label: "Images", children: <ImagesSection leadId={id} isStaff={isStaff} /> },
                ]}
              />
            </Panel>
          </Col>
          <Col xs={24} lg={8} className="lead-side">
            {changes}
            {ask}
            {keywords}
            {similar}
          </Col>
        </Row>
      </>
    );
  }

  return (
    <>
      <Header lead={lead} id={id} />
      <Row gutter={[16, 0]} className="lead-detail">
        <Col xs={24} xl={16} className="lead-main">
          <Section title="Project details">{fields}</Section>
        </Col>
        <Col xs={24} xl={8} className="lead-side">
          {changes}
          {ask}
          {keywords}
          {status}
        </Col>
      </Row>
      {contacts}
      <Row gutter={[16, 0]} className="lead-detail">
        <Col xs={24} xl={16} className="lead-main">
          {documents}
          {history}
          {images}
        </Col>
        <Col xs={24} xl={8} className="lead-side">
          {similar}
        </Col>
      </Row>
    </>
  );
}
