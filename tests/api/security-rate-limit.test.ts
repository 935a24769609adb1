// Issue 13, point 6: the API's per-address request limit is counted with the database, so two
// API processes (two apps over one database) together allow it once, not once each.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type App } from "../../server/app.js";
import { startTestApp, type TestContext } from "./harness.js";

const LIMIT = 5;
let t: TestContext;
let second: App;
beforeAll(async () => {
  t = await startTestApp({ apiRequestsPerMinute: LIMIT });
  second = await buildApp(t.config, t.db); // another API process on the same database
  await second.ready();
});
afterAll(async () => {
  await second.close();
  await t.close();
});

const health = (app: App, remoteAddress: string, headers: Record<string, string> = {}) =>
  app.inject({ method: "GET", url: "/api/health/", remoteAddress, headers });

describe("the API request limit", () => {
  it("is shared by two apps over one database", async () => {
    const codes: number[] = [];
    for (let i = 0; i < LIMIT + 1; i++) codes.push((await health(i % 2 ? second : t.app, "192.0.2.80")).statusCode);
    expect(codes.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(200));
    expect(codes[LIMIT]).toBe(429);
    const refused = await health(t.app, "192.0.2.80");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toMatch(/^Too many requests\. Try again in \d+ seconds\.$/);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.headers["x-ratelimit-limit"]).toBe(String(LIMIT));
    // Another address has its own count, on either app.
    expect((await health(second, "192.0.2.81")).statusCode).toBe(200);
  });

  it("counts per connection address, ignoring X-Forwarded-For, without TRUST_PROXY", async () => {
    const codes: number[] = [];
    for (let i = 0; i < LIMIT + 1; i++) codes.push((await health(t.app, "192.0.2.90", { "x-forwarded-for": `198.51.100.${i}` })).statusCode);
    expect(codes[LIMIT]).toBe(429);
  });

  it("counts per forwarded client address with TRUST_PROXY", async () => {
    const proxied = await startTestApp({ apiRequestsPerMinute: LIMIT, trustProxy: true }, { sameDbAs: t });
    try {
      const viaProxy = (client: string) => health(proxied.app, "10.0.0.1", { "x-forwarded-for": client });
      for (let i = 0; i < LIMIT; i++) expect((await viaProxy("198.51.100.20")).statusCode).toBe(200);
      expect((await viaProxy("198.51.100.20")).statusCode).toBe(429);
      expect((await viaProxy("198.51.100.21")).statusCode).toBe(200); // the proxy's other clients are unaffected
    } finally {
      await proxied.close();
    }
  });

  it("leaves the web app's own files outside the API limit", async () => {
    for (let i = 0; i < LIMIT + 2; i++) {
      const res = await t.app.inject({ method: "GET", url: "/favicon.ico", remoteAddress: "192.0.2.99" });
      expect(res.statusCode).not.toBe(429);
    }
  });
});
