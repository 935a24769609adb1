// Secrets the server must use again later but never show (webhook signing secrets; CRM tokens):
// sealed with AES-256-GCM under the key INTEGRATIONS_KEY (32 bytes, as 64 hex digits or base64).
//
// A sealed value is `v1.<iv>.<tag>.<ciphertext>` (base64url; a fresh 12-byte IV each time) and is
// bound to a context string (GCM's additional data), e.g. `webhook:team:7`: a sealed secret copied
// into another row or team does not open there. Without INTEGRATIONS_KEY, and only outside
// production (NODE_ENV=production), a random development key is made once and kept in
// DATA_DIR/integrations-dev.key (mode 0600); with NODE_ENV=production sealing and opening fail
// with MissingKeyError, which callers answer as "not configured".
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const KEY_BYTES = 32;

export class MissingKeyError extends Error {
  constructor() {
    super("INTEGRATIONS_KEY is not set: the server cannot store or use integration secrets");
  }
}

/** 64 hex digits or base64 (standard or url-safe) of exactly 32 bytes; anything else throws, naming the setting. */
export function parseSecretKey(raw: string, name = "key"): Buffer {
  const text = raw.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, "hex") : /^[A-Za-z0-9+/_-]{43}=?$/.test(text) ? Buffer.from(text, "base64") : null;
  if (!key || key.length !== KEY_BYTES) throw new Error(`${name} must be 32 bytes, written as 64 hex digits or in base64 (e.g. openssl rand -base64 32)`);
  return key;
}

export interface SecretBox {
  seal(plain: string, context: string): string;
  /** Throws when the value was sealed under another key or context, or was altered. */
  open(sealed: string, context: string): string;
}

export function secretBox(key: Buffer): SecretBox {
  if (key.length !== KEY_BYTES) throw new Error("an AES-256-GCM key is 32 bytes");
  return {
    seal(plain, context) {
      const iv = crypto.randomBytes(IV_BYTES);
      const cipher = crypto.createCipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(context, "utf8"));
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), body].map((p) => (typeof p === "string" ? p : p.toString("base64url"))).join(".");
    },
    open(sealed, context) {
      const [version, iv, tag, body] = sealed.split(".");
      if (version !== VERSION || iv === undefined || tag === undefined || body === undefined) throw new Error("not a sealed secret");
      const decipher = crypto.createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"), { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(context, "utf8"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
    },
  };
}

/** What the key is read from: the server's config (server/config.ts). */
export interface SecretsConfig {
  integrationsKey?: Buffer;
  integrationsDevKey: boolean;
  dataDir: string;
}

const devKeys = new Map<string, Buffer>();

/** The configured key, else (outside production) the data folder's development key, made on first use. */
export function integrationsKey(config: SecretsConfig): Buffer {
  if (config.integrationsKey) return config.integrationsKey;
  if (!config.integrationsDevKey) throw new MissingKeyError();
  const file = path.join(config.dataDir, "integrations-dev.key");
  let key = devKeys.get(file);
  if (key) return key;
  fs.mkdirSync(config.dataDir, { recursive: true });
  // Written whole under a temporary name, then linked into place: of processes starting together
  // one wins, and none ever reads a half-written key.
  const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString("hex")}`;
  fs.writeFileSync(tmp, crypto.randomBytes(KEY_BYTES).toString("base64") + "\n", { mode: 0o600 });
  try {
    fs.linkSync(tmp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  } finally {
    fs.rmSync(tmp, { force: true });
  }
  key = parseSecretKey(fs.readFileSync(file, "utf8"), file);
  devKeys.set(file, key);
  return key;
}

/** The box for the server's integration secrets. */
export const integrationsBox = (config: SecretsConfig): SecretBox => secretBox(integrationsKey(config));

/** What the API may show of a secret so its owner recognises it: its last four characters. */
export const secretHint = (secret: string): string => (secret.length >= 12 ? `…${secret.slice(-4)}` : "…");
