// The accounts the demo data creates, printed at start so a person can sign in at once.
export const DEMO_ACCOUNTS = [
  { role: "subscriber", email: "demo@infrascout.test", password: "Demo@12345" },
  { role: "staff", email: "staff@infrascout.in", password: "Staff@12345" },
] as const;
