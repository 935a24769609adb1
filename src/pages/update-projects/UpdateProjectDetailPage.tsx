import { DetailShell } from "../../components/page/DetailShell";

export default function UpdateProjectDetailPage() {
  return <DetailShell title="Update Project" noun="Project" back={{ to: "/update-projects", label: "Update Projects" }} />;
}
