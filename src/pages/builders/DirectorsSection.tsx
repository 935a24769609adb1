// Directors (company/get_company_director_info/): by the company's CIN, each director with the
// designation, appointment (and cessation) date and their other companies; or by a DIN typed in
// (or clicked), every company of that director. A CIN or DIN is checked against its pattern
// before it is sent, and the server's own message shows beside the box.
import { Alert, Button, Empty, Input, Skeleton, Tag, Typography } from "antd";
import { DataTable, type DataColumn } from "../../components/page/DataTable";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { CIN_PATTERN, DIN_PATTERN, type DirectorCompany, type DirectorInfo, type DirectorInfoResponse } from "../../../common/companies";
import { builderDetailPath, companyKeys, companyPaths } from "../../components/companies/api";
import { useApiPart } from "../../components/page/useApiPart";
import { useMediaQuery } from "../../hooks/useMediaQuery";
import { formatDate, formatText } from "../../lib/format";

export type DirectorLookup = { cin: string } | { din: string };

/** What a typed CIN or DIN means, or why it cannot be looked up. */
export function readLookup(text: string): DirectorLookup | { error: string } {
  const t = text.trim().toUpperCase();
  if (DIN_PATTERN.test(t)) return { din: t };
  if (CIN_PATTERN.test(t)) return { cin: t };
  if (/^\d+$/.test(t)) return { error: "A DIN has 8 digits." };
  return { error: "Enter a 21-character CIN (e.g. U45200MH2011PTC123456) or an 8-digit DIN." };
}

function OtherCompanies({ companies }: { companies: DirectorCompany[] }) {
  if (!companies.length) return <Typography.Text type="secondary">None on record</Typography.Text>;
  return (
    <ul className="director-companies">
      {companies.map((c) => (
        <li key={`${c.id}-${c.appointment_date ?? ""}`}>
          <Link to={builderDetailPath(c.id)}>{c.name}</Link>
          <Typography.Text type="secondary">
            {" "}
            · {formatText(c.designation)} since {formatDate(c.appointment_date)}
            {c.cessation_date ? `, ceased ${formatDate(c.cessation_date)}` : ""}
          </Typography.Text>
        </li>
      ))}
    </ul>
  );
}

function DirectorTable({ directors, byDin, onDin }: { directors: DirectorInfo[]; byDin: boolean; onDin: (din: string) => void }) {
  const narrow = useMediaQuery("(max-width: 767.98px)");
  const dinLink = (d: DirectorInfo) => (
    <Button type="link" size="small" className="director-din" onClick={() => onDin(d.din)} title="Every company of this director">
      DIN {d.din}
    </Button>
  );
  if (narrow) {
    return (
      <div className="contact-cards director-cards">
        {directors.map((d) => (
          <div className="contact-card" key={d.din}>
            <Typography.Text strong>{d.name}</Typography.Text>
            {dinLink(d)}
            <span>
              {formatText(d.designation)} · appointed {formatDate(d.appointment_date)}
              {d.cessation_date && <Tag color="default">Ceased {formatDate(d.cessation_date)}</Tag>}
            </span>
            <Typography.Text type="secondary">{byDin ? "Companies" : "Other companies"}</Typography.Text>
            <OtherCompanies companies={d.other_companies} />
          </div>
        ))}
      </div>
    );
  }
  const columns: DataColumn<DirectorInfo>[] = [
    {
      title: "Director",
      key: "name",
      width: 220,
      render: (_, d) => (
        <div>
          <Typography.Text strong>{d.name}</Typography.Text>
          <div>{dinLink(d)}</div>
        </div>
      ),
    },
    { title: "Designation", key: "designation", width: 170, render: (_, d) => formatText(d.designation) },
    {
      title: "Appointed",
      key: "appointed",
      width: 130,
      render: (_, d) => (
        <>
          <div>{formatDate(d.appointment_date)}</div>
          {d.cessation_date && <Tag>Ceased {formatDate(d.cessation_date)}</Tag>}
        </>
      ),
    },
    { title: byDin ? "Companies" : "Other companies", key: "others", render: (_, d) => <OtherCompanies companies={d.other_companies} /> },
  ];
  return <DataTable<DirectorInfo> rowKey="din" size="small" className="director-table" columns={columns} rows={directors} minWidth={760} />;
}

export function DirectorsSection({ cin, din, onLookup }: { cin: string | null; din: string | null; onLookup: (by: { din: string | null }) => void }) {
  const lookup: DirectorLookup | null = din ? { din } : cin ? { cin } : null;
  const [text, setText] = useState(din ?? "");
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setText(din ?? ""), [din]);
  const query = useApiPart<DirectorInfoResponse>(companyPaths.directors, { query: { ...lookup }, queryKey: companyKeys.directors(lookup ?? {}), enabled: !!lookup });

  const submit = (value: string) => {
    if (!value.trim()) {
      setError(null);
      onLookup({ din: null });
      return;
    }
    const read = readLookup(value);
    if ("error" in read) return setError(read.error);
    setError(null);
    if ("din" in read) onLookup({ din: read.din });
    else if (read.cin === cin) onLookup({ din: null });
    else setError("This box looks up a director's DIN; open the other company's page for its directors.");
  };

  const failure = query.error as (Error & { statusCode?: number; errors?: Record<string, string[]> }) | null;
  const serverError = failure ? (failure.errors ? Object.values(failure.errors)[0]?.[0] : failure.statusCode === 404 ? (din ? `No director with DIN ${din} on record.` : "No directors on record for this CIN.") : failure.message) : null;

  return (
    <div className="directors">
      <div className="director-lookup">
        <Input.Search
          aria-label="Director DIN"
          placeholder="Look up a director by DIN (8 digits)"
          allowClear
          value={text}
          status={error ? "error" : undefined}
          onChange={(e) => setText(e.target.value)}
          onSearch={submit}
          enterButton="Look up"
        />
        {din && (
          <Button onClick={() => onLookup({ din: null })} disabled={!cin}>
            Back to this company's directors
          </Button>
        )}
      </div>
      {error && (
        <Typography.Text type="danger" className="director-error" role="alert">
          {error}
        </Typography.Text>
      )}
      {din && query.data && (
        <Typography.Paragraph type="secondary" className="director-caption">
          Every company of the director with DIN {din}:
        </Typography.Paragraph>
      )}
      {!lookup ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="This company has no CIN on record, so its directors cannot be looked up. Enter a DIN above." />
      ) : query.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : query.isError ? (
        <Alert type={failure?.statusCode === 404 ? "info" : "warning"} showIcon message={serverError ?? "Directors could not be loaded"} />
      ) : !query.data?.directors.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No directors on record" />
      ) : (
        <DirectorTable directors={query.data.directors} byDin={!!din} onDin={(d) => onLookup({ din: d })} />
      )}
    </div>
  );
}
