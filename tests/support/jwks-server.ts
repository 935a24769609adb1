// A local identity-provider stand-in: a real HTTP server on 127.0.0.1 that publishes a JWKS of
// RSA keys generated here, and signs ID tokens with them, the way Google and Microsoft do.
// API tests point GOOGLE_JWKS_URL / MS_JWKS_URL at it; Playwright tests can start it in their
// global setup and hand its tokens to the app.
//
//   const idp = await startIdentityProvider();
//   idp.jwksUrl                         → http://127.0.0.1:<port>/keys
//   await idp.sign({ iss, aud, email }) → a compact RS256 JWT (exp in 1 h unless given)
//   await idp.forge({ ... })            → same header (kid of a published key), wrong private key
//   idp.fail(500) / idp.fail(null)      → the key set answers 500 (or works again)
//   await idp.close()
import http from "node:http";
import type { AddressInfo } from "node:net";
import { SignJWT, exportJWK, generateKeyPair, type JWK, type JWTPayload, type CryptoKey } from "jose";

export interface SignOptions {
  /** Seconds from now; negative for an already-expired token. Default 3600. */
  expiresIn?: number;
  /** Issued-at, seconds from now. Default 0. */
  issuedAt?: number;
  kid?: string;
  alg?: string;
}

export interface IdentityProvider {
  url: string;
  jwksUrl: string;
  /** How many times the key set was fetched. */
  fetches(): number;
  sign(claims: JWTPayload & Record<string, unknown>, opts?: SignOptions): Promise<string>;
  /** A token carrying a published kid but signed by a key the provider never published. */
  forge(claims: JWTPayload & Record<string, unknown>, opts?: SignOptions): Promise<string>;
  /** Make the key set answer this status (null: serve it again). */
  fail(status: number | null): void;
  close(): Promise<void>;
}

interface Key {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

async function makeKey(kid: string): Promise<Key> {
  const { publicKey, privateKey } = await generateKeyPair("RS256", { extractable: true });
  return { kid, privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" } };
}

export async function startIdentityProvider(opts: { keys?: number } = {}): Promise<IdentityProvider> {
  const keys: Key[] = [];
  for (let i = 0; i < (opts.keys ?? 2); i++) keys.push(await makeKey(`test-key-${i + 1}`));
  const rogue = await makeKey("rogue");
  let failStatus: number | null = null;
  let fetches = 0;

  const server = http.createServer((req, res) => {
    if (req.url === "/keys") {
      fetches += 1;
      if (failStatus) {
        res.writeHead(failStatus, { "content-type": "text/plain" }).end("unavailable");
        return;
      }
      res.writeHead(200, { "content-type": "application/json", "cache-control": "public, max-age=3600" });
      res.end(JSON.stringify({ keys: keys.map((k) => k.publicJwk) }));
      return;
    }
    if (req.url === "/.well-known/openid-configuration") {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ issuer: url, jwks_uri: `${url}/keys`, id_token_signing_alg_values_supported: ["RS256"] }));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function signWith(key: CryptoKey, kid: string, claims: JWTPayload, o: SignOptions = {}) {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: o.alg ?? "RS256", kid: o.kid ?? kid, typ: "JWT" })
      .setIssuedAt(now + (o.issuedAt ?? 0))
      .setExpirationTime(now + (o.expiresIn ?? 3600))
      .sign(key);
  }

  return {
    url,
    jwksUrl: `${url}/keys`,
    fetches: () => fetches,
    sign: (claims, o) => signWith(keys[0].privateKey, keys[0].kid, claims, o),
    forge: (claims, o) => signWith(rogue.privateKey, keys[0].kid, claims, o),
    fail(status) {
      failStatus = status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
