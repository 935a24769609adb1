// Export the current search as CSV or Excel. The file comes through the REST provider's custom
// call and so the HTTP layer (the token, and the error catalogue for 429 limits and the like) as a
// blob, then is saved. A download on a click, not a query to cache: the provider is called directly.
import { DownloadOutlined, FileExcelOutlined } from "@ant-design/icons";
import { useDataProvider } from "@refinedev/core";
import { Button, Space } from "antd";
import { useState } from "react";
import type { ApiQuery } from "../../lib/searchUrl";
import type { DownloadedFile } from "../../providers/restDataProvider";
import { toastSuccess } from "../../lib/toast";

export type ExportFormat = "csv" | "xlsx";

/** Offer a blob to the browser as a file download. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  a.rel = "noopener";
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

interface Props {
  endpoint: string;
  query: ApiQuery;
  noun: string;
  size?: "small" | "middle";
}

export function ExportButtons({ endpoint, query, noun, size = "middle" }: Props) {
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const provider = useDataProvider();
  const run = async (format: ExportFormat) => {
    if (busy) return;
    setBusy(format);
    try {
      const { page: _page, ...rest } = query;
      const { data: file } = await provider("rest").custom!<DownloadedFile>({ url: endpoint, method: "get", query: { ...rest, format }, meta: { responseType: "blob" } });
      const stamp = new Date().toISOString().slice(0, 10);
      saveBlob(file.blob, file.filename ?? `infrascout-${noun}-${stamp}.${format}`);
      toastSuccess(`Export ready: ${file.filename ?? `${noun}.${format}`}`);
    } catch {
      // The HTTP layer has shown the error.
    } finally {
      setBusy(null);
    }
  };
  return (
    <Space.Compact className="export-buttons">
      <Button size={size} icon={<DownloadOutlined />} loading={busy === "csv"} disabled={!!busy && busy !== "csv"} onClick={() => run("csv")}>
        Export CSV
      </Button>
      <Button size={size} icon={<FileExcelOutlined />} loading={busy === "xlsx"} disabled={!!busy && busy !== "xlsx"} onClick={() => run("xlsx")}>
        Export Excel
      </Button>
    </Space.Compact>
  );
}
