// The e2e identity provider: tests/support/jwks-server's stand-in (a real JWKS of keys made
// here), started by global-setup for the whole run, with one more route for the test workers,
// which run in other processes: POST /sign {claims} → a token signed with the published key.
// The server under test verifies Google and Microsoft tokens against its /keys.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { startIdentityProvider } from "../support/jwks-server.js";
import { E2E_DIR } from "./fixtures.js";

export const IDP_FILE = path.join(E2E_DIR, "identity-provider.json");
export const E2E_GOOGLE_CLIENT_ID = "e2e-google-client.apps.googleusercontent.com";
export const E2E_MS_CLIENT_ID = "0b7c8e52-3f1e-4a7b-9d1c-5e2f6a7b8c9d";
export const GOOGLE_ISSUER = "https://accounts.google.com";
/** The Microsoft authority the app uses (the default, common); tests answer its calls in the browser. */
export const MS_ORIGIN = "https://login.microsoftonline.com";

/** Starts the stand-in; returns the server env that points Google and Microsoft sign-in at it. */
export async function startE2EIdentityProvider(): Promise<{ env: Record<string, string>; close: () => Promise<void> }> {
  const idp = await startIdentityProvider();
  const signer = http.createServer((req, res) => {
    if (req.method !== "POST" || req.url !== "/sign") return void res.writeHead(404).end();
    let body = "";
    req.on("data", (d) => (body += d));
    req.on("end", () => {
      const { claims, expiresIn } = JSON.parse(body || "{}");
      idp.sign(claims, { expiresIn }).then(
        (token) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ token })),
        (err) => res.writeHead(500).end(String(err)),
      );
    });
  });
  await new Promise<void>((resolve) => signer.listen(0, "127.0.0.1", resolve));
  const signUrl = `http://127.0.0.1:${(signer.address() as AddressInfo).port}/sign`;
  fs.mkdirSync(path.dirname(IDP_FILE), { recursive: true });
  fs.writeFileSync(IDP_FILE, JSON.stringify({ signUrl, jwksUrl: idp.jwksUrl }));
  return {
    env: {
      GOOGLE_CLIENT_ID: E2E_GOOGLE_CLIENT_ID,
      GOOGLE_JWKS_URL: idp.jwksUrl,
      MS_CLIENT_ID: E2E_MS_CLIENT_ID,
      MS_JWKS_URL: idp.jwksUrl,
    },
    close: async () => {
      signer.closeAllConnections?.();
      await new Promise<void>((resolve) => signer.close(() => resolve()));
      await idp.close();
    },
  };
}

/** From a test worker: a token signed by the stand-in's published key. */
export async function signIdToken(claims: Record<string, unknown>, expiresIn = 3600): Promise<string> {
  const { signUrl } = JSON.parse(fs.readFileSync(IDP_FILE, "utf8")) as { signUrl: string };
  const r = await fetch(signUrl, { method: "POST", body: JSON.stringify({ claims, expiresIn }) });
  if (!r.ok) throw new Error(`signing failed: ${r.status}`);
  return ((await r.json()) as { token: string }).token;
}
