// Every setting the server reads, in one place, with its default. README lists them.
import path from "node:path";
import { DEFAULT_STAFF_DOMAINS } from "../common/constants.js";

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  publicUrl: string;
  staffDomains: string[];
  /** Demo data loaded into an empty embedded database at start (projects). 0 = none. */
  seedProjects: number;
  trustProxy: boolean;
  logLevel: string;
  /** Sign-in attempts allowed per window, per IP and per username. */
  loginMaxAttempts: number;
  loginWindowSeconds: number;
  /** Requests per minute per IP across the whole API. */
  apiRequestsPerMinute: number;
  passwordResetMinutes: number;
  serveWebApp: boolean;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const num = (name: string, fallback: number) => {
    const v = env[name];
    if (v === undefined || v === "") return fallback;
    const n = Number(v);
    if (!Number.isFinite(n)) throw new Error(`${name} must be a number, got '${v}'`);
    return n;
  };
  const port = num("PORT", 3000);
  return {
    port,
    host: env.HOST || "0.0.0.0",
    dataDir: path.resolve(env.DATA_DIR || "./data"),
    databaseUrl: env.DATABASE_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || "InfraScout <no-reply@infrascout.in>",
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, ""),
    staffDomains: env.STAFF_DOMAINS ? env.STAFF_DOMAINS.split(",").map((d) => d.trim()).filter(Boolean) : [...DEFAULT_STAFF_DOMAINS],
    seedProjects: num("SEED_PROJECTS", 5000),
    trustProxy: env.TRUST_PROXY === "true",
    logLevel: env.LOG_LEVEL || "info",
    loginMaxAttempts: num("LOGIN_MAX_ATTEMPTS", 10),
    loginWindowSeconds: num("LOGIN_WINDOW_SECONDS", 900),
    apiRequestsPerMinute: num("API_REQUESTS_PER_MINUTE", 1200),
    passwordResetMinutes: num("PASSWORD_RESET_MINUTES", 60),
    serveWebApp: env.SERVE_WEB_APP !== "false",
    ...overrides,
  };
}
