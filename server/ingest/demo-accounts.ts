// The sign-in details of the demo accounts, printed at start so a person can sign in at once.
import { DEMO_STAFF, DEMO_SUBSCRIBER } from "./demo-users.js";

export const DEMO_ACCOUNTS = [
  { role: "subscriber", email: DEMO_SUBSCRIBER.email, password: DEMO_SUBSCRIBER.password },
  { role: "staff", email: DEMO_STAFF.email, password: DEMO_STAFF.password },
] as const;
