// One row of the audit log as GET audit-log/ answers it; the server's query and the staff page
// both read this shape.
export interface AuditPerson {
  id: number;
  name: string;
  email: string;
}

export interface AuditRow {
  id: number;
  created_at: string;
  action: string;
  item_type: string | null;
  item_id: number | null;
  ip: string | null;
  details: Record<string, unknown>;
  actor: AuditPerson | null;
  as_user: AuditPerson | null;
}
