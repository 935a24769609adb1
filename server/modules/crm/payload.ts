// What a send carries to a CRM, read from our tables: the company, the contacts the team has
// unlocked (a locked contact's phone and e-mail never leave: it is left out and counted), and for a
// lead or tender the deal. Unlocks are read through unlocks_visible_to(requester) (migration 031):
// a contact is unlocked when it, or its company, is unlocked for the requester's team.
import type { CrmItemType } from "../../../common/crm.js";
import type { Queryable } from "../../db/client.js";
import { itemLink } from "../reminders/items.js";

export interface CompanyPayload {
  /** Our key for it: company:<id>, or org:<name> for a tender's organisation without a company row. */
  key: string;
  name: string;
  cin: string | null;
  domain: string | null;
  city: string | null;
  state: string | null;
}
export interface ContactPayload {
  key: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  title: string | null;
}
export interface DealPayload {
  key: string;
  name: string;
  amount: number | null;
  closeDate: string | null;
  description: string;
}
export interface CrmPayload {
  company: CompanyPayload | null;
  contacts: ContactPayload[];
  deal: DealPayload | null;
  /** Contacts of the item left out because the team has not unlocked them. */
  lockedContacts: number;
}

/** example.com from http://www.example.com/about; null when there is no usable host. */
export function domainOf(website: string | null): string | null {
  if (!website) return null;
  try {
    const host = new URL(/^https?:\/\//i.test(website) ? website : `https://${website}`).hostname.toLowerCase();
    return host.includes(".") ? host.replace(/^www\./, "") : null;
  } catch {
    return null;
  }
}

function splitName(name: string): { firstName: string; lastName: string } {
  const parts = name.trim().split(/\s+/);
  if (parts.length < 2) return { firstName: "", lastName: parts[0] ?? name };
  return { firstName: parts.slice(0, -1).join(" "), lastName: parts[parts.length - 1] };
}

interface CompanyRow { id: number; name: string; cin: string | null; website: string | null; city: string | null; state: string | null }
interface ContactRow { id: number; name: string; designation: string | null; email: string | null; phone: string | null; unlocked: boolean }

const companyOf = (r: CompanyRow): CompanyPayload => ({ key: `company:${r.id}`, name: r.name, cin: r.cin, domain: domainOf(r.website), city: r.city, state: r.state });

async function company(db: Queryable, id: number | null): Promise<CompanyPayload | null> {
  if (id === null) return null;
  const { rows } = await db.query<CompanyRow>(`SELECT id, name, cin, website, city, state FROM companies WHERE id = $1`, [id]);
  return rows[0] ? companyOf(rows[0]) : null;
}

/** Contacts matching `where` (over contacts c), each with whether the viewer's team unlocked it or its company. */
async function contacts(db: Queryable, viewer: number, from: string, where: string, id: number): Promise<{ sent: ContactPayload[]; locked: number }> {
  const { rows } = await db.query<ContactRow>(
    `SELECT c.id, c.name, c.designation, c.email, c.phone,
            EXISTS (SELECT 1 FROM unlocks_visible_to($1) u
                     WHERE (u.item_type = 'contact' AND u.item_id = c.id) OR (u.item_type = 'company' AND u.item_id = c.company_id)) AS unlocked
       FROM ${from} WHERE ${where} AND NOT c.is_wrong ORDER BY c.id`,
    [viewer, id],
  );
  const sent = rows.filter((r) => r.unlocked).map((r) => ({ key: `contact:${r.id}`, ...splitName(r.name), email: r.email, phone: r.phone, title: r.designation }));
  return { sent, locked: rows.length - sent.length };
}

/** The item's payload as the viewer's team may send it; null when the item does not exist. */
export async function buildPayload(db: Queryable, viewer: number, type: CrmItemType, id: number, publicUrl: string): Promise<CrmPayload | null> {
  const link = (t: "project" | "tender" | "company", i: number) => `${publicUrl ?? ""}${itemLink(t, i)}`;
  if (type === "project") {
    const { rows } = await db.query<{ id: number; title: string; value: string | null; status: string | null; stage: string | null; city: string | null; state: string | null; owner_company_id: number | null; owner_name: string | null; completion_date: Date | null }>(
      `SELECT id, title, value, status, stage, city, state, owner_company_id, owner_name, completion_date FROM projects WHERE id = $1`,
      [id],
    );
    const p = rows[0];
    if (!p) return null;
    const c = await contacts(db, viewer, `project_contacts pc JOIN contacts c ON c.id = pc.contact_id`, `pc.project_id = $2`, id);
    const owner = (await company(db, p.owner_company_id)) ?? (p.owner_name ? { key: `org:${p.owner_name.trim().toLowerCase()}`, name: p.owner_name, cin: null, domain: null, city: p.city, state: p.state } : null);
    const where = [p.city, p.state].filter(Boolean).join(", ");
    return {
      company: owner,
      contacts: c.sent,
      lockedContacts: c.locked,
      deal: {
        key: `project:${p.id}`, name: p.title, amount: p.value === null ? null : Number(p.value),
        closeDate: p.completion_date ? new Date(p.completion_date).toISOString().slice(0, 10) : null,
        description: [`Private-sector lead on InfraScout${where ? ` in ${where}` : ""}.`, p.status && `Status: ${p.status}.`, p.stage && `Stage: ${p.stage}.`, link("project", p.id)].filter(Boolean).join(" "),
      },
    };
  }
  if (type === "tender") {
    const { rows } = await db.query<{ id: number; title: string; value: string | null; org_name: string | null; closing_date: Date | null; city: string | null; state: string | null; reference: string | null }>(
      `SELECT id, title, value, org_name, closing_date, city, state, reference FROM tenders WHERE id = $1`,
      [id],
    );
    const t = rows[0];
    if (!t) return null;
    return {
      company: t.org_name ? { key: `org:${t.org_name.trim().toLowerCase()}`, name: t.org_name, cin: null, domain: null, city: t.city, state: t.state } : null,
      contacts: [],
      lockedContacts: 0,
      deal: {
        key: `tender:${t.id}`, name: t.title, amount: t.value === null ? null : Number(t.value),
        closeDate: t.closing_date ? new Date(t.closing_date).toISOString().slice(0, 10) : null,
        description: [`Public tender on InfraScout${t.reference ? ` (${t.reference})` : ""}.`, link("tender", t.id)].join(" "),
      },
    };
  }
  if (type === "company") {
    const co = await company(db, id);
    if (!co) return null;
    const c = await contacts(db, viewer, `contacts c`, `c.company_id = $2`, id);
    return { company: co, contacts: c.sent, lockedContacts: c.locked, deal: null };
  }
  const { rows } = await db.query<{ company_id: number | null }>(`SELECT company_id FROM contacts WHERE id = $1`, [id]);
  if (!rows[0]) return null;
  const c = await contacts(db, viewer, `contacts c`, `c.id = $2`, id);
  return { company: await company(db, rows[0].company_id), contacts: c.sent, lockedContacts: c.locked, deal: null };
}

/** Whether the viewer's team unlocked the contact (or its company): only such a contact may be sent. */
export async function contactUnlocked(db: Queryable, viewer: number, contactId: number): Promise<boolean | null> {
  const { rows } = await db.query<{ unlocked: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM unlocks_visible_to($1) u
                     WHERE (u.item_type = 'contact' AND u.item_id = c.id) OR (u.item_type = 'company' AND u.item_id = c.company_id)) AS unlocked
       FROM contacts c WHERE c.id = $2`,
    [viewer, contactId],
  );
  return rows[0]?.unlocked ?? null;
}
