import { DetailShell } from "../../components/page/DetailShell";

export default function LeadDetailPage() {
  return <DetailShell title="Project Details" noun="Project" back={{ to: "/private-construction-leads", label: "Construction Projects" }} />;
}
