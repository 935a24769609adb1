// 'Assign' on a lead, tender or company (issue 20): give it to a teammate with a note and a due
// date. The dialog (AssignDialog) is fetched when the pointer or focus reaches the button and
// shown on press, as 'Set reminder' is (LazyDialogButton).
import { UserSwitchOutlined } from "@ant-design/icons";
import type { AssignmentItemType } from "../../../common/assignments";
import { LazyDialogButton } from "../page/LazyDialogButton";

const loadDialog = () => import("./AssignDialog").then((m) => m.AssignDialog);

export function AssignButton({ itemType, itemId, size }: { itemType: AssignmentItemType; itemId: number; size?: "small" | "middle" }) {
  return <LazyDialogButton label="Assign" icon={<UserSwitchOutlined />} size={size} load={loadDialog} dialogProps={{ itemType, itemId }} />;
}
