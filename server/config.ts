// Every setting the server reads, in one place, with its default. README lists them.
import os from "node:os";
import path from "node:path";
import { DEFAULT_STAFF_DOMAINS } from "../common/constants.js";
import { parseSecretKey } from "./lib/secrets.js";

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /**
   * Where each search index's snapshot file is kept (server/search/snapshots.ts), so a restart
   * reads its copy back instead of rebuilding it; null (SEARCH_SNAPSHOT_DIR=off) for none.
   */
  searchSnapshotDir: string | null;
  /** Search worker threads (SEARCH_WORKERS; 0 = search on the API thread). Default: one per core. */
  searchWorkers: number;
  /** Copies with fewer rows are searched on the API thread (SEARCH_WORKER_MIN_ROWS). */
  searchWorkerMinRows: number;
  databaseUrl?: string;
  /**
   * A hot standby of DATABASE_URL's server (DATABASE_REPLICA_URL) the search copies load and catch
   * up from (server/search/replica.ts); writes and requests' own reads stay on the primary.
   */
  databaseReplicaUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  publicUrl: string;
  staffDomains: string[];
  /** Demo data loaded into an empty embedded database at start (projects). 0 = none. */
  seedProjects: number;
  trustProxy: boolean;
  logLevel: string;
  /** Sign-in attempts allowed per window on one username from one address (per address: three times this). */
  loginMaxAttempts: number;
  loginWindowSeconds: number;
  /** Failed sign-ins on one account (all addresses) per window after which every attempt on it waits. */
  loginAccountSlowdownAfter: number;
  /** The longest such wait, in milliseconds. */
  loginSlowdownMaxMs: number;
  /** Failed sign-ins on one account per window that mail its owner (once per window). */
  loginAlertAfter: number;
  /** Requests per minute per IP across the whole API. */
  apiRequestsPerMinute: number;
  passwordResetMinutes: number;
  serveWebApp: boolean;
  /** Google sign-in: the OAuth client id (off when unset), the key set and accepted issuers. */
  googleClientId?: string;
  googleJwksUrl: string;
  googleIssuers: string[];
  /** Microsoft sign-in: the app (client) id (off when unset), the key set and the authority. */
  msClientId?: string;
  msJwksUrl: string;
  msAuthority: string;
  /** An impersonation token lives at most this many hours (and never beyond its staff session). */
  impersonationHours: number;
  /** Background jobs (due reminders, alert digests) run every this many seconds; 0 = off. */
  jobsIntervalSeconds: number;
  /** The jobs lease: a process that dies holding it blocks the jobs at most this long. */
  jobsLeaseSeconds: number;
  /** Alert digests go out from this hour, IST (daily every day, weekly on Mondays). */
  digestHourIst: number;
  /** Credits one contact unlock costs (CONTACT_UNLOCK_COST). */
  contactUnlockCost: number;
  /** 'Ask about this lead': an OpenAI-compatible endpoint (off when either is unset). */
  llmBaseUrl?: string;
  llmApiKey?: string;
  llmModel: string;
  llmTimeoutMs: number;
  /** Bounds on import files, checked before any parser reads them (server/ingest/importers/zip-guard.ts). */
  importLimits: ImportLimits;
  /** The key that encrypts stored integration secrets (INTEGRATIONS_KEY, 32 bytes as hex or base64; server/lib/secrets.ts). */
  integrationsKey?: Buffer;
  /** Without INTEGRATIONS_KEY, a development key kept in DATA_DIR is used; never when NODE_ENV=production. */
  integrationsDevKey: boolean;
  /** WEBHOOK_ALLOW_PRIVATE=true: webhooks may be http and reach private addresses (on-premise). */
  webhookAllowPrivate: boolean;
  /** The CRM connectors' hosts (server/modules/crm): HUBSPOT_API_BASE, ZOHO_ACCOUNTS_BASE / ZOHO_API_BASE override the real ones (tests, proxies). */
  crm: { hubspotApiBase?: string; zohoAccountsBase?: string; zohoApiBase?: string; retryBaseMs: number; maxRetryAfterMs: number };
}

/** What an import file may be: its upload size, and for a zip (XLSX) its entries, inflated size and ratio. */
export interface ImportLimits {
  /** Largest upload (IMPORT_UPLOAD_MAX_MB); larger answers 413. */
  uploadMaxBytes: number;
  /** Most entries a zip may list (IMPORT_ZIP_MAX_ENTRIES). */
  zipMaxEntries: number;
  /** Most bytes a zip may inflate to, declared and actually (IMPORT_ZIP_MAX_UNCOMPRESSED_MB). */
  zipMaxUncompressedBytes: number;
  /** Most inflated bytes per byte of the zip file (IMPORT_ZIP_MAX_RATIO). */
  zipMaxRatio: number;
  /** Heap of the worker that parses a workbook (IMPORT_WORKER_HEAP_MB): a bigger need fails that import only. */
  workerHeapMb: number;
  /** Where uploads and the workbook reader's scratch files are kept while an import runs (IMPORT_TEMP_DIR). */
  tempDir: string;
}

const MB = 1024 * 1024;

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const num = (name: string, fallback: number) => {
    const v = env[name];
    if (v === undefined || v === "") return fallback;
    const n = Number(v);
    if (!Number.isFinite(n)) throw new Error(`${name} must be a number, got '${v}'`);
    return n;
  };
  /** A whole number from 0 to max, or the start fails saying which setting is wrong. */
  const wholeNumber = (name: string, fallback: number, max: number): number => {
    const n = num(name, fallback);
    if (!Number.isInteger(n) || n < 0 || n > max) throw new Error(`${name} must be a whole number from 0 to ${max}, got '${env[name]}'`);
    return n;
  };
  const port = num("PORT", 3000);
  return {
    port,
    host: env.HOST || "0.0.0.0",
    dataDir: path.resolve(env.DATA_DIR || "./data"),
    searchSnapshotDir: env.SEARCH_SNAPSHOT_DIR === "off" ? null : path.resolve(env.SEARCH_SNAPSHOT_DIR || path.join(env.DATA_DIR || "./data", "search-snapshots")),
    searchWorkers: wholeNumber("SEARCH_WORKERS", os.availableParallelism(), 256),
    searchWorkerMinRows: wholeNumber("SEARCH_WORKER_MIN_ROWS", 20_000, Number.MAX_SAFE_INTEGER),
    databaseUrl: env.DATABASE_URL || undefined,
    databaseReplicaUrl: replicaUrl(env),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || "InfraScout <no-reply@infrascout.in>",
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, ""),
    staffDomains: env.STAFF_DOMAINS ? env.STAFF_DOMAINS.split(",").map((d) => d.trim()).filter(Boolean) : [...DEFAULT_STAFF_DOMAINS],
    seedProjects: num("SEED_PROJECTS", 5000),
    trustProxy: env.TRUST_PROXY === "true",
    logLevel: env.LOG_LEVEL || "info",
    loginMaxAttempts: num("LOGIN_MAX_ATTEMPTS", 10),
    loginWindowSeconds: num("LOGIN_WINDOW_SECONDS", 900),
    loginAccountSlowdownAfter: num("LOGIN_ACCOUNT_SLOWDOWN_AFTER", 30),
    loginSlowdownMaxMs: num("LOGIN_SLOWDOWN_MAX_MS", 4000),
    loginAlertAfter: num("LOGIN_ALERT_AFTER", 10),
    apiRequestsPerMinute: num("API_REQUESTS_PER_MINUTE", 1200),
    passwordResetMinutes: num("PASSWORD_RESET_MINUTES", 60),
    serveWebApp: env.SERVE_WEB_APP !== "false",
    googleClientId: env.GOOGLE_CLIENT_ID || undefined,
    googleJwksUrl: env.GOOGLE_JWKS_URL || "https://www.googleapis.com/oauth2/v3/certs",
    googleIssuers: (env.GOOGLE_ISSUERS || "accounts.google.com,https://accounts.google.com").split(",").map((s) => s.trim()).filter(Boolean),
    msClientId: env.MS_CLIENT_ID || undefined,
    msJwksUrl: env.MS_JWKS_URL || "https://login.microsoftonline.com/common/discovery/v2.0/keys",
    msAuthority: (env.MS_AUTHORITY || "https://login.microsoftonline.com/common").replace(/\/$/, ""),
    impersonationHours: num("IMPERSONATION_HOURS", 8),
    jobsIntervalSeconds: num("JOBS_INTERVAL_SECONDS", 60),
    jobsLeaseSeconds: num("JOBS_LEASE_SECONDS", 300),
    digestHourIst: Math.min(23, Math.max(0, Math.floor(num("DIGEST_HOUR_IST", 7)))),
    contactUnlockCost: num("CONTACT_UNLOCK_COST", 1),
    llmBaseUrl: env.LLM_BASE_URL ? env.LLM_BASE_URL.replace(/\/$/, "") : undefined,
    llmApiKey: env.LLM_API_KEY || undefined,
    llmModel: env.LLM_MODEL || "gpt-4o-mini",
    llmTimeoutMs: num("LLM_TIMEOUT_MS", 10_000),
    importLimits: {
      uploadMaxBytes: num("IMPORT_UPLOAD_MAX_MB", 20) * MB,
      zipMaxEntries: num("IMPORT_ZIP_MAX_ENTRIES", 10_000),
      zipMaxUncompressedBytes: num("IMPORT_ZIP_MAX_UNCOMPRESSED_MB", 500) * MB,
      zipMaxRatio: num("IMPORT_ZIP_MAX_RATIO", 100),
      workerHeapMb: num("IMPORT_WORKER_HEAP_MB", 512),
      tempDir: path.resolve(env.IMPORT_TEMP_DIR || os.tmpdir()),
    },
    integrationsKey: env.INTEGRATIONS_KEY ? parseSecretKey(env.INTEGRATIONS_KEY, "INTEGRATIONS_KEY") : undefined,
    integrationsDevKey: env.NODE_ENV !== "production",
    webhookAllowPrivate: env.WEBHOOK_ALLOW_PRIVATE === "true",
    crm: { hubspotApiBase: env.HUBSPOT_API_BASE || undefined, zohoAccountsBase: env.ZOHO_ACCOUNTS_BASE || undefined, zohoApiBase: env.ZOHO_API_BASE || undefined, retryBaseMs: num("CRM_RETRY_BASE_MS", 60_000), maxRetryAfterMs: num("CRM_MAX_RETRY_AFTER_MS", 600_000) },
    ...overrides,
  };
}

/** DATABASE_REPLICA_URL: a postgres:// URL, and only beside a DATABASE_URL (PGlite has no standbys). */
function replicaUrl(env: NodeJS.ProcessEnv): string | undefined {
  const url = env.DATABASE_REPLICA_URL;
  if (!url) return undefined;
  if (!env.DATABASE_URL) throw new Error("DATABASE_REPLICA_URL needs DATABASE_URL: a standby follows a PostgreSQL server, not the embedded database");
  let scheme = "";
  try {
    scheme = new URL(url).protocol;
  } catch {
    // reported below without echoing the URL (it may hold a password)
  }
  if (scheme !== "postgres:" && scheme !== "postgresql:") throw new Error("DATABASE_REPLICA_URL must be a postgres:// or postgresql:// URL");
  return url;
}
