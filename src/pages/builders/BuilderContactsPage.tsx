import { DetailShell } from "../../components/page/DetailShell";

export default function BuilderContactsPage() {
  return <DetailShell title="Builder Contacts" noun="Builder" back={{ to: "/builders", label: "Builders" }} />;
}
