// The sign-in details of the demo accounts, printed at start so a person can sign in at once.
import { DEMO_TEAMMATES } from "./demo-team.js";
import { DEMO_STAFF, DEMO_SUBSCRIBER } from "./demo-users.js";

export const DEMO_ACCOUNTS = [
  { role: "subscriber", email: DEMO_SUBSCRIBER.email, password: DEMO_SUBSCRIBER.password },
  { role: "staff", email: DEMO_STAFF.email, password: DEMO_STAFF.password },
  // The demo subscriber's teammates (her team's admin and a member), after the two above.
  ...DEMO_TEAMMATES.map((m) => ({ role: "teammate", email: m.email, password: m.password })),
] as const;
