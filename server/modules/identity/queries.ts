// The accounts Google and Microsoft sign-in find or record, by e-mail in any case.
import type { Queryable } from "../../db/client.js";

export interface IdentityAccount { id: number; is_active: boolean }

export async function findAccountByEmail(db: Queryable, email: string): Promise<IdentityAccount | undefined> {
  const { rows } = await db.query<IdentityAccount>(`SELECT id, is_active FROM users WHERE lower(email) = lower($1)`, [email]);
  return rows[0];
}

/** Records a signup from a provider; undefined when the address got an account in the meantime. */
export async function insertIdentitySignup(
  tx: Queryable,
  a: { email: string; firstName: string; lastName: string; provider: string },
): Promise<IdentityAccount | undefined> {
  const { rows } = await tx.query<IdentityAccount>(
    `INSERT INTO users (email, first_name, last_name, signup_source) VALUES ($1, $2, $3, $4)
     ON CONFLICT ((lower(email))) DO NOTHING RETURNING id, is_active`,
    [a.email, a.firstName, a.lastName, a.provider],
  );
  return rows[0];
}
