// The dashboard (/dashboard): where a subscriber starts the day. Every panel is the user's own
// numbers from the dashboard calls, as a chart with its number, and opens the lister that lists
// exactly those items. The window (last 7/30/90 days, or a chosen range of a lead date) lives in
// the page URL (?days=, or ?from=&to=&field=), so a reload or a shared link shows the same.
import { useGetIdentity } from "@refinedev/core";
import { Col, Row, Segmented } from "antd";
import { useSearchParams } from "react-router";
import { DEFAULT_DASHBOARD_DAYS } from "../../../common/constants";
import { LEAD_DATE_FIELDS, MAX_RANGE_DAYS, type LeadDateField } from "../../../common/dashboard";
import { PageShell } from "../../components/page/PageShell";
import type { Identity } from "../../providers/session";
import { RecentlyViewedPanel, RemindersPanel, StatusUpdatesPanel } from "./panels/ActivityPanels";
import { CompetitorComparisonPanel, CompetitorListerPanel } from "./panels/CompetitorPanels";
import { MarksPanel, ShortlistedStatusPanel, UnderConstructionPanel } from "./panels/LeadPanels";
import { NewLeadsPanel, type Window } from "./panels/NewLeadsPanel";
import { TeamPipelinePanel } from "./panels/TeamPipelinePanel";
import "./dashboard.css";

const DAY_CHOICES = [7, 30, 90];
const isDay = (s: string | null): s is string => !!s && /^\d{4}-\d{2}-\d{2}$/.test(s);

/** The page URL's window; anything malformed falls back to the default 30 days. */
function readWindow(params: URLSearchParams): Window {
  const n = Number(params.get("days"));
  const days = Number.isInteger(n) && n >= 1 && n <= MAX_RANGE_DAYS ? n : DEFAULT_DASHBOARD_DAYS;
  const from = params.get("from");
  const to = params.get("to");
  const field = params.get("field") ?? "arrived_date";
  const range = isDay(from) && isDay(to) && (LEAD_DATE_FIELDS as readonly string[]).includes(field) ? { from, to, field: field as LeadDateField } : null;
  return { days, range };
}

export default function DashboardPage() {
  const { data: identity } = useGetIdentity<Identity | null>();
  const [params, setParams] = useSearchParams();
  const view = readWindow(params);

  const setDays = (days: number) => setParams(days === DEFAULT_DASHBOARD_DAYS ? {} : { days: String(days) });
  const setRange = (range: Window["range"]) => {
    const next: Record<string, string> = {};
    if (view.days !== DEFAULT_DASHBOARD_DAYS) next.days = String(view.days);
    if (range) Object.assign(next, { from: range.from, to: range.to, field: range.field });
    setParams(next);
  };

  const daysControl = (
    <Segmented
      aria-label="Dashboard window"
      value={view.range ? "range" : view.days}
      options={[...DAY_CHOICES.map((d) => ({ value: d as number | string, label: `${d} days` })), ...(view.range ? [{ value: "range", label: "Custom" }] : [])]}
      onChange={(v) => typeof v === "number" && setDays(v)}
    />
  );

  return (
    <PageShell title="Dashboard" subtitle={`Welcome back, ${identity?.first_name || "User"}`} extra={daysControl}>
      <Row gutter={[16, 16]} className="dashboard">
        <Col xs={24} xl={16}>
          <NewLeadsPanel window={view} onRange={setRange} />
        </Col>
        <Col xs={24} md={12} xl={8}>
          <RemindersPanel />
        </Col>
        <Col xs={24} md={12} xl={8}>
          <MarksPanel />
        </Col>
        <Col xs={24} md={12} xl={8}>
          <ShortlistedStatusPanel />
        </Col>
        <Col xs={24} md={12} xl={8}>
          <UnderConstructionPanel />
        </Col>
        <Col xs={24} lg={12}>
          <StatusUpdatesPanel />
        </Col>
        <Col xs={24} lg={12}>
          <RecentlyViewedPanel />
        </Col>
        <Col xs={24} lg={12}>
          <CompetitorComparisonPanel days={view.days} />
        </Col>
        <Col xs={24} lg={12}>
          <CompetitorListerPanel />
        </Col>
        <TeamPipelinePanel />
      </Row>
    </PageShell>
  );
}
