import { DetailShell } from "../../components/page/DetailShell";

export default function CompanyFinancialDataPage() {
  return <DetailShell title="Company Financial Data" noun="Company" back={{ to: "/builders", label: "Builders" }} />;
}
