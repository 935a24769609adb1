import { DetailShell } from "../../components/page/DetailShell";

export default function TenderAiDetailPage() {
  return <DetailShell title="Tender Summary" noun="Tender" back={{ to: "/live-tenders", label: "Live Tenders" }} />;
}
