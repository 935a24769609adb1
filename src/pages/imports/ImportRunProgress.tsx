// A running import, as the server last reported it: a progress bar and the counts behind it
// ("1,200 of 5,000 rows"), or rows read and the share of the file parsed when the rows could
// not be counted first (a whole JSON document, a workbook). The page polls the run for this.
import { useQuery } from "@tanstack/react-query";
import { Progress, Typography } from "antd";
import { formatIndianNumber } from "../../lib/format";
import { IMPORT_POLL_MS, importApi, importKeys, type ImportRunDetail } from "./api";

/** One run, asked again every IMPORT_POLL_MS while it is running; a finished run's answer never changes. */
export function useImportRun(id: number | null) {
  return useQuery({
    queryKey: importKeys.run(id ?? 0),
    queryFn: ({ signal }) => importApi.run(id!, signal),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.status === "running" ? IMPORT_POLL_MS : false),
  });
}

function progressText(run: ImportRunDetail | undefined, fileName: string): string {
  const p = run?.progress;
  if (p?.rows_total != null) return `Processing ${fileName}: ${formatIndianNumber(p.rows_read)} of ${formatIndianNumber(p.rows_total)} rows`;
  if (!p || (p.rows_read === 0 && p.percent === 0)) return `Processing ${fileName}…`;
  return `Processing ${fileName}: ${formatIndianNumber(p.rows_read)} rows read, ${p.percent}% of the file`;
}

export function ImportRunProgress({ run, fileName }: { run: ImportRunDetail | undefined; fileName: string }) {
  return (
    <div className="import-run-progress">
      <Typography.Text className="import-run-progress-text">{progressText(run, fileName)}</Typography.Text>
      <Progress percent={run?.progress.percent ?? 0} status="active" aria-label="Processing progress" />
    </div>
  );
}
