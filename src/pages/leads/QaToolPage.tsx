import { DetailShell } from "../../components/page/DetailShell";

export default function QaToolPage() {
  return <DetailShell title="QA Tool" noun="Project" />;
}
