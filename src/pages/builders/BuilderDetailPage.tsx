import { DetailShell } from "../../components/page/DetailShell";

export default function BuilderDetailPage() {
  return <DetailShell title="Builder Details" noun="Builder" back={{ to: "/builders", label: "Builders" }} />;
}
