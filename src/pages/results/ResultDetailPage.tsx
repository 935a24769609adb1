import { DetailShell } from "../../components/page/DetailShell";

export default function ResultDetailPage() {
  return <DetailShell title="Result Details" noun="Result" back={{ to: "/results", label: "Tender Results" }} />;
}
