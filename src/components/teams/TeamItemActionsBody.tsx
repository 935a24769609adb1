// What TeamItemActions fetches: the Assign button (not on a contact) and Send to CRM (shown when
// the team has a CRM). `name` tells several on one page apart (a lead's contacts).
import type { CrmItemType } from "../../../common/crm";
import { CrmSendPanel } from "../../pages/integrations/CrmSendPanel";
import { AssignButton } from "../assignments/AssignButton";

export function TeamItemActionsBody({ itemType, itemId, name }: { itemType: CrmItemType; itemId: number; name?: string }) {
  return (
    <>
      {itemType !== "contact" && <AssignButton itemType={itemType} itemId={itemId} />}
      <CrmSendPanel itemType={itemType} itemId={itemId} name={name} />
    </>
  );
}
