// /company-financial-data/{id}: the company's revenue, profit, net worth and borrowings by fiscal
// year (company/financial_data/{companyId}) as charts and as a table in lakh / crore with the
// profit margin and debt-to-equity, then its directors (DirectorsSection). The director looked up
// by DIN is in the URL (?din=), so Back returns to the company's own directors.
import { Alert, Col, Empty, Row, Skeleton, Typography } from "antd";
import { DataTable, type DataColumn } from "../../components/page/DataTable";
import { Panel } from "../../components/page/Panel";
import { Link, useParams, useSearchParams } from "react-router";
import { DIN_PATTERN, type CompanyFinancialData, type FinancialYear } from "../../../common/companies";
import { builderDetailPath, companyKeys, companyPaths, formatShare } from "../../components/companies/api";
import { useApiPart } from "../../components/page/useApiPart";
import { RupeeBars } from "../../components/companies/charts";
import { formatRupees, toNumber } from "../../lib/format";
import { CompanyPageFrame } from "./CompanyPageFrame";
import { DirectorsSection } from "./DirectorsSection";

function Money({ value }: { value: number | null }) {
  const n = toNumber(value);
  return <span className={n !== null && n < 0 ? "fin-negative" : undefined}>{formatRupees(value)}</span>;
}

const columns: DataColumn<FinancialYear>[] = [
  { title: "Fiscal year", dataIndex: "fiscal_year", key: "fy", fixed: "left", width: 100 },
  { title: "Revenue", key: "revenue", align: "right", render: (_, y) => <Money value={y.revenue} /> },
  { title: "Profit", key: "profit", align: "right", render: (_, y) => <Money value={y.profit} /> },
  { title: "Margin", key: "margin", align: "right", render: (_, y) => formatShare(y.profit_margin) },
  { title: "Net worth", key: "net_worth", align: "right", render: (_, y) => <Money value={y.net_worth} /> },
  { title: "Borrowings", key: "borrowings", align: "right", render: (_, y) => <Money value={y.borrowings} /> },
  { title: "Debt / equity", key: "de", align: "right", render: (_, y) => (y.debt_to_equity === null ? "—" : y.debt_to_equity.toFixed(2)) },
];

function Financials({ companyId }: { companyId: number }) {
  const query = useApiPart<CompanyFinancialData>(companyPaths.financials(companyId), { queryKey: companyKeys.financials(companyId), toast: true });
  if (query.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (query.isError) return <Alert type="warning" showIcon message="Financial data could not be loaded" description={(query.error as Error).message} />;
  const years = query.data?.results ?? [];
  if (years.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No financial statements on record for this company" />;
  const latest = years[years.length - 1];
  return (
    <>
      <Typography.Paragraph type="secondary" className="fin-caption">
        {years.length} fiscal years, {years[0].fiscal_year} to {latest.fiscal_year}. Latest revenue {formatRupees(latest.revenue, "long")}, profit {formatRupees(latest.profit, "long")}.
      </Typography.Paragraph>
      <Row gutter={[24, 16]}>
        <Col xs={24} lg={12}>
          <Typography.Title level={5} className="chart-title">
            Revenue and profit
          </Typography.Title>
          <RupeeBars
            label="Revenue and profit by fiscal year"
            data={years}
            category="fiscal_year"
            series={[
              { key: "revenue", label: "Revenue", colour: "#1b6fb5" },
              { key: "profit", label: "Profit", colour: "#2f9e44" },
            ]}
          />
        </Col>
        <Col xs={24} lg={12}>
          <Typography.Title level={5} className="chart-title">
            Net worth and borrowings
          </Typography.Title>
          <RupeeBars
            label="Net worth and borrowings by fiscal year"
            data={years}
            category="fiscal_year"
            series={[
              { key: "net_worth", label: "Net worth", colour: "#7048e8" },
              { key: "borrowings", label: "Borrowings", colour: "#e8590c" },
            ]}
          />
        </Col>
      </Row>
      <DataTable<FinancialYear>
        className="fin-table"
        rowKey="fiscal_year"
        size="small"
        columns={columns}
        // Newest first in the table (what people read first); the charts run left to right in time.
        rows={[...years].reverse()}
        minWidth={720}
        style={{ marginTop: 16 }}
      />
    </>
  );
}

export default function CompanyFinancialDataPage() {
  const { id = "" } = useParams();
  const [params, setParams] = useSearchParams();
  const dinParam = params.get("din");
  const din = dinParam && DIN_PATTERN.test(dinParam) ? dinParam : null;
  return (
    <CompanyPageFrame
      id={id}
      title="Company Financial Data"
      titleOf={(c) => `Financial data: ${c.name}`}
      subtitleOf={(c) => (
        <>
          {c.cin ?? "No CIN"} · <Link to={builderDetailPath(c.id)}>Company details</Link>
        </>
      )}
      back={{ to: builderDetailPath(id), label: "Builder details" }}
    >
      {(company) => (
        <>
          <Panel size="small" title="Financials" className="builder-section">
            <Financials companyId={company.id} />
          </Panel>
          <Panel size="small" title="Directors" className="builder-section" id="directors">
            <DirectorsSection
              cin={company.cin}
              din={din}
              onLookup={({ din: next }) => {
                const p = new URLSearchParams(params);
                if (next) p.set("din", next);
                else p.delete("din");
                setParams(p);
              }}
            />
          </Panel>
        </>
      )}
    </CompanyPageFrame>
  );
}
