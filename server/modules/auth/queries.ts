// The accounts that password sign-in and signup read and write (users). Tokens: tokens.ts.
import type { Queryable } from "../../db/client.js";
import type { SignInAccount } from "./login-throttle.js";

/** The account a sign-in names (lower-cased username or e-mail; the e-mail wins a tie), with its password hash. */
export async function findSignInAccount(db: Queryable, username: string): Promise<(SignInAccount & { password_hash: string | null }) | undefined> {
  const { rows } = await db.query<SignInAccount & { password_hash: string | null }>(
    `SELECT id, email, first_name, password_hash, is_active FROM users WHERE lower(email) = $1 OR lower(username) = $1 ORDER BY (lower(email) = $1) DESC LIMIT 1`,
    [username],
  );
  return rows[0];
}

export interface SignupFields {
  email: string; first_name: string; last_name: string; phone: string | null; company: string | null; designation: string | null; password_hash: string;
}

/** Records a password signup; undefined when the e-mail (in any case) has an account already. */
export async function insertSignup(tx: Queryable, f: SignupFields): Promise<number | undefined> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO users (email, first_name, last_name, phone, company, designation, password_hash, signup_source)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'signup')
     ON CONFLICT ((lower(email))) DO NOTHING RETURNING id`,
    [f.email, f.first_name, f.last_name, f.phone, f.company, f.designation, f.password_hash],
  );
  return rows[0]?.id;
}
