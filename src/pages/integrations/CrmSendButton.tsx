// "Send to CRM" on a lead, tender, company or contact (issue 20, point 5). Most teams have no CRM
// connected, so the button and its log (CrmSendPanel) are fetched after the page has drawn,
// keeping them out of the detail pages' first-open JavaScript; until then nothing shows.
import { lazy, Suspense, type ComponentProps } from "react";

const CrmSendPanel = lazy(() => import("./CrmSendPanel").then((m) => ({ default: m.CrmSendPanel })));

export function CrmSendButton(props: ComponentProps<typeof CrmSendPanel>) {
  return (
    <Suspense fallback={null}>
      <CrmSendPanel {...props} />
    </Suspense>
  );
}
