// /builder/detail/{id}: one company — who it is (registry data), what it does (projects by
// status and sector, tenders bid and won, value in lakh / crore, with charts), and what the user
// can do: unlock its contacts with credits, set a reminder, track it as a competitor, and go to
// its contacts and financial data.
import { BankOutlined, TeamOutlined } from "@ant-design/icons";
import { Descriptions, Space, Tag, Typography } from "antd";
import { Panel } from "../../components/page/Panel";
import type { DescriptionsProps } from "antd";
import { Link, useParams } from "react-router";
import type { CompanyDetails } from "../../../common/companies";
import { websiteUrl } from "../../../common/urls";
import { builderContactsPath, financialDataPath } from "../../components/companies/api";
import { CompanyUnlockButton } from "../../components/companies/CompanyUnlockButton";
import { TrackCompetitorButton } from "../../components/companies/TrackCompetitorButton";
import { TeamItemActions } from "../../components/teams/TeamItemActions";
import { ReminderButton } from "../../components/reminders/ReminderButton";
import { SafeLink } from "../../components/SafeLink";
import { countOf, formatDate, formatIndianNumber, formatLocation, formatRupees, formatText } from "../../lib/format";
import { CompanyPageFrame } from "./CompanyPageFrame";
import { CompanyStatsSection } from "./CompanyStatsSection";

/** A website as registries publish it (a full address or a bare host); anything else is plain text. */
function websiteLink(url: string | null) {
  const href = websiteUrl(url);
  if (!href) return formatText(url);
  return <SafeLink href={href}>{href.replace(/^https?:\/\/(www\.)?/i, "").replace(/\/$/, "")}</SafeLink>;
}

export function companyFields(c: CompanyDetails): DescriptionsProps["items"] {
  return [
    { key: "cin", label: "CIN", children: <span className="builder-cin">{formatText(c.cin)}</span> },
    { key: "type", label: "Type", children: formatText(c.company_type) },
    { key: "industry", label: "Industry", children: formatText(c.industry) },
    { key: "status", label: "Status", children: formatText(c.company_status) },
    { key: "listing", label: "Listing", children: formatText(c.listing_status) },
    { key: "incorporated", label: "Incorporated", children: formatDate(c.incorporation_date) },
    { key: "paid_up", label: "Paid-up capital", children: formatRupees(c.paid_up_capital, "long") },
    { key: "authorized", label: "Authorised capital", children: formatRupees(c.authorized_capital, "long") },
    { key: "employees", label: "Employees", children: formatText(c.employee_band) },
    { key: "category", label: "Category", children: formatText([c.category, c.sub_category].filter(Boolean).join(" · ") || null) },
    { key: "class", label: "Class", children: formatText(c.company_class) },
    { key: "roc", label: "Registrar (ROC)", children: formatText(c.roc_code) },
    { key: "nic", label: "NIC code", children: formatText(c.nic_code) },
    { key: "website", label: "Website", children: websiteLink(c.website) },
    { key: "address", label: "Registered office", children: formatText(c.address), span: "filled" as const },
  ];
}

function Links({ c }: { c: CompanyDetails }) {
  return (
    <div className="builder-links">
      <Link to={builderContactsPath(c.id)} className="ant-btn ant-btn-default">
        <TeamOutlined /> Contacts ({formatIndianNumber(c.contact_count, 0)})
      </Link>
      <Link to={financialDataPath(c.id)} className="ant-btn ant-btn-default">
        <BankOutlined /> Financial data and directors
      </Link>
    </div>
  );
}

function Header({ c }: { c: CompanyDetails }) {
  return (
    <div className="builder-header">
      <Space size={[6, 6]} wrap>
        {c.company_type && <Tag color="geekblue">{c.company_type}</Tag>}
        {c.industry && c.industry !== c.company_type && <Tag>{c.industry}</Tag>}
        {c.company_status && <Tag color={c.company_status === "Active" ? "green" : "red"}>{c.company_status}</Tag>}
        {c.listing_status === "Listed" && <Tag color="purple">Listed</Tag>}
      </Space>
      <div className="builder-header-facts">
        <span>{formatLocation(c.city, c.state)}</span>
        <span>
          {countOf(c.contact_count, "contact")} ({formatIndianNumber(c.high_quality_contact_count, 0)} high quality)
        </span>
        <span>{countOf(c.director_count, "director")}</span>
      </div>
      <Space size={8} wrap className="builder-header-actions">
        <CompanyUnlockButton companyId={c.id} companyName={c.name} unlockedAt={c.unlocked_at} cost={c.unlock_cost || undefined} />
        <ReminderButton itemType="company" itemId={c.id} />
        <TeamItemActions itemType="company" itemId={c.id} />
        <TrackCompetitorButton company={c} tracked={c.is_tracked_competitor} />
      </Space>
      <Links c={c} />
    </div>
  );
}


export default function BuilderDetailPage() {
  const { id = "" } = useParams();
  return (
    <CompanyPageFrame id={id} title="Builder Details" back={{ to: "/builders", label: "Builders" }} subtitleOf={(c) => c.cin ?? undefined}>
      {(c) => (
        <>
          <Header c={c} />
          <Panel size="small" title="Activity" className="builder-section">
            <CompanyStatsSection companyId={c.id} />
          </Panel>
          <Panel size="small" title="Company details" className="builder-section">
            <Descriptions size="small" bordered column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 3, xxl: 3 }} items={companyFields(c)} className="builder-fields" />
            {!c.has_financials && (
              <Typography.Paragraph type="secondary" className="builder-stat-note" style={{ marginTop: 8, marginBottom: 0 }}>
                No financial statements on record for this company yet.
              </Typography.Paragraph>
            )}
          </Panel>
        </>
      )}
    </CompanyPageFrame>
  );
}
