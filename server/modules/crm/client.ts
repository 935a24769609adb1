// What a vendor client does for a send (hubspot.ts, zoho.ts), and what the sender gives it.
import type { CrmRecordLink } from "../../../common/crm.js";
import type { CrmPayload } from "./payload.js";

export interface SendContext {
  /** Remote ids of what earlier sends created or found, by our key (crm_records). */
  known: Map<string, string>;
  /** Records a remote id as soon as it is known, so a retry after a failure later in the send updates it. */
  remember(key: string, objectType: string, remoteId: string): Promise<void>;
}

export interface CrmClient {
  /** Checks the credentials with one harmless read; answers what it learnt of the account (for links). */
  test(): Promise<Record<string, unknown>>;
  /** Creates or updates the company, contacts and deal/lead of the payload, associated together. */
  send(payload: CrmPayload, ctx: SendContext): Promise<CrmRecordLink[]>;
}
