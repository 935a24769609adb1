import { DetailShell } from "../../components/page/DetailShell";

export default function TenderDetailPage() {
  return <DetailShell title="Tender Details" noun="Tender" back={{ to: "/live-tenders", label: "Live Tenders" }} />;
}
