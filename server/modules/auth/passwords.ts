// Password hashing: argon2id at the OWASP minimum (m=19 MiB, t=2, p=1). The hash string
// carries its own parameters, so they can be raised later without breaking old hashes.
import { hash, verify } from "@node-rs/argon2";

const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) return false;
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

// A fixed hash to verify against when the user does not exist, so a wrong username takes as
// long as a wrong password and timing tells nothing about which accounts exist.
let dummyHash: Promise<string> | undefined;
export function dummyVerify(password: string): Promise<boolean> {
  dummyHash ??= hashPassword("not-a-real-password-" + Math.random());
  return dummyHash.then((h) => verifyPassword(h, password)).then(() => false);
}
