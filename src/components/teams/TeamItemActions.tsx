// The team's actions on a lead, tender, company or contact: Assign (issue 20, point 3; not on a
// contact) and Send to CRM (point 5). They are fetched after the page has drawn — most readers
// act on the page itself first — which keeps them out of the pages' first-open JavaScript.
import { lazy, Suspense, type ComponentProps } from "react";

const Actions = lazy(() => import("./TeamItemActionsBody").then((m) => ({ default: m.TeamItemActionsBody })));

export function TeamItemActions(props: ComponentProps<typeof Actions>) {
  return (
    <Suspense fallback={null}>
      <Actions {...props} />
    </Suspense>
  );
}
