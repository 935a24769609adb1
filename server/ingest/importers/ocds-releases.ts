// Every OCDS release received is kept in ocds_releases (by ocid and release id), so the releases
// of one ocid merge into one tender whether they come in one file, several files or several runs.
// The releases of many ocids are stored, and read back, in one statement each (one jsonb
// parameter: several times faster than arrays of big strings on the embedded database).
import crypto from "node:crypto";
import type { Tx } from "../../db/client.js";
import type { Release } from "./ocds-merge.js";

const STORE_RELEASES = `
  INSERT INTO ocds_releases (ocid, release_id, release_date, data)
  SELECT s.ocid, s.id, s.d, s.data FROM jsonb_to_recordset($1::jsonb) AS s(ocid text, id text, d timestamptz, data jsonb)
  ON CONFLICT (ocid, release_id) DO UPDATE SET release_date = EXCLUDED.release_date, data = EXCLUDED.data, received_at = now()
   WHERE ocds_releases.data IS DISTINCT FROM EXCLUDED.data`;

/** Each ocid's releases in the order they merge: by date, then as received. */
const RELEASES_OF = `
  SELECT ocid, data FROM ocds_releases WHERE ocid = ANY($1::text[])
   ORDER BY ocid, release_date NULLS FIRST, received_at, release_id`;

export function releaseId(r: Release): string {
  if (typeof r.id === "string" || typeof r.id === "number") return String(r.id);
  return "sha256:" + crypto.createHash("sha256").update(JSON.stringify(r)).digest("hex").slice(0, 32);
}

/** Stores the new releases of each ocid (distinct ocids) and answers all the releases of each. */
export async function storeReleases(tx: Tx, groups: [ocid: string, releases: Release[]][]): Promise<Map<string, Release[]>> {
  const rows: string[] = [];
  for (const [ocid, releases] of groups) {
    // The last of one release id wins, as when they were written one after another.
    for (const [id, r] of new Map(releases.map((r) => [releaseId(r), r]))) {
      const d = typeof r.date === "string" && !Number.isNaN(Date.parse(r.date)) ? new Date(r.date).toISOString() : null;
      rows.push(`{"ocid":${JSON.stringify(ocid)},"id":${JSON.stringify(id)},"d":${JSON.stringify(d)},"data":${JSON.stringify(r)}}`);
    }
  }
  await tx.query(STORE_RELEASES, [`[${rows.join(",")}]`]);
  const all = await tx.query<{ ocid: string; data: Release | string }>(RELEASES_OF, [groups.map(([ocid]) => ocid)]);
  const byOcid = new Map<string, Release[]>(groups.map(([ocid]) => [ocid, []]));
  for (const x of all.rows) byOcid.get(x.ocid)!.push(typeof x.data === "string" ? JSON.parse(x.data) : x.data);
  return byOcid;
}
