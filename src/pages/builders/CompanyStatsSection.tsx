// A company's activity (company/details/{id}/stats/): its projects by status, sector and role,
// tenders bid and won with the win rate, and the total value in lakh / crore. Figures first,
// then charts where they are compared.
import { Alert, Col, Row, Skeleton, Statistic, Typography } from "antd";
import type { CompanyStats, CountValue } from "../../../common/companies";
import { companyKeys, companyPaths, formatShare } from "../../components/companies/api";
import { useApiPart } from "../../components/page/useApiPart";
import { CountBars, RupeeBars } from "../../components/companies/charts";
import { formatIndianNumber, formatRupees } from "../../lib/format";

const ROLE_LABELS: Record<string, string> = { owner: "Owner", architect: "Architect", contractor: "Contractor" };

function Figure({ title, value, note }: { title: string; value: string; note?: string }) {
  return (
    <div className="builder-stat">
      <Statistic title={title} value={value} />
      {note && (
        <Typography.Text type="secondary" className="builder-stat-note">
          {note}
        </Typography.Text>
      )}
    </div>
  );
}

export function StatFigures({ stats }: { stats: CompanyStats }) {
  const { projects, tenders } = stats;
  return (
    <Row gutter={[16, 16]} className="builder-figures">
      <Col xs={12} md={8} xl={4}>
        <Figure title="Projects" value={formatIndianNumber(projects.total, 0)} />
      </Col>
      <Col xs={12} md={8} xl={4}>
        <Figure title="Projects' value" value={formatRupees(projects.total_value)} />
      </Col>
      <Col xs={12} md={8} xl={4}>
        <Figure title="Tenders bid" value={formatIndianNumber(tenders.bid, 0)} />
      </Col>
      <Col xs={12} md={8} xl={4}>
        <Figure title="Tenders won" value={formatIndianNumber(tenders.won, 0)} note={tenders.win_rate === null ? "No bids on record" : `Win rate ${formatShare(tenders.win_rate)}`} />
      </Col>
      <Col xs={12} md={8} xl={4}>
        <Figure title="Value won" value={formatRupees(tenders.won_value)} />
      </Col>
      <Col xs={12} md={8} xl={4}>
        <Figure title="Total value" value={formatRupees(stats.total_value)} note="Projects and tenders won" />
      </Col>
    </Row>
  );
}

const asCounts = (rows: CountValue[]) => [...rows].sort((a, b) => b.count - a.count).map((r) => ({ text: r.text, count: r.count }));

export function CompanyStatsSection({ companyId }: { companyId: number }) {
  const query = useApiPart<CompanyStats>(companyPaths.stats(companyId), { queryKey: companyKeys.stats(companyId) });
  if (query.isPending) return <Skeleton active />;
  if (query.isError) return <Alert type="warning" showIcon message="Activity could not be loaded" description={(query.error as Error).message} />;
  const stats = query.data;
  if (!stats) return null;
  const { projects, tenders } = stats;
  const bySector = [...projects.by_sector].sort((a, b) => b.value - a.value);
  return (
    <div className="builder-stats">
      <StatFigures stats={stats} />
      <Row gutter={[24, 8]} className="builder-charts">
        <Col xs={24} lg={12}>
          <Typography.Title level={5} className="chart-title">
            Projects by status
          </Typography.Title>
          <CountBars label="Projects by status" data={asCounts(projects.by_status)} valueLabel="Projects" />
        </Col>
        <Col xs={24} lg={12}>
          <Typography.Title level={5} className="chart-title">
            Projects by sector
          </Typography.Title>
          <CountBars label="Projects by sector" data={asCounts(projects.by_sector)} valueLabel="Projects" colour="#2f9e44" />
        </Col>
        <Col xs={24} lg={12}>
          <Typography.Title level={5} className="chart-title">
            Project value by sector
          </Typography.Title>
          <RupeeBars label="Project value by sector" data={bySector.map((s) => ({ sector: s.text, value: s.value }))} category="sector" series={[{ key: "value", label: "Value" }]} horizontal height={Math.max(140, bySector.length * 30 + 40)} />
        </Col>
        <Col xs={24} lg={12}>
          <Typography.Title level={5} className="chart-title">
            Tenders and roles
          </Typography.Title>
          <CountBars
            label="Tenders bid and won, and projects by role"
            data={[
              { text: "Tenders bid", count: tenders.bid },
              { text: "Tenders won", count: tenders.won },
              ...projects.by_role.map((r) => ({ text: `As ${(ROLE_LABELS[r.text] ?? r.text).toLowerCase()}`, count: r.count })),
            ]}
            colour="#e8590c"
          />
        </Col>
      </Row>
    </div>
  );
}
