// A running import, as the server last reported it: a progress bar and the counts behind it
// ("1,200 of 5,000 rows"), or rows read and the share of the file parsed when the rows could
// not be counted first (a whole JSON document, a workbook). The page polls the run for this.
import { Progress, Typography } from "antd";
import { formatIndianNumber } from "../../lib/format";
import type { ImportRunDetail } from "./api";

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
