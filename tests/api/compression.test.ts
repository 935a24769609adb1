// Issue 17 "Light": JSON of 1 KB or more goes out brotli- or gzip-compressed as Accept-Encoding
// allows (server/http/compression.ts); smaller answers and XLSX downloads go out as they are; the
// web app's files are sent precompressed (.br / .gz written at build by scripts/precompress.ts).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompress } from "../../scripts/precompress.js";
import { bearer, createUser, login, startTestApp, type TestContext } from "./harness.js";

let ctx: TestContext;
let token: string;
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), "infrascout-compress-"));
// A built web app in miniature: an entry script well over 1 KB, its index.html, a manifest.
const SCRIPT = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ id: i, name: `row ${i}` })))};\n`;

beforeAll(async () => {
  fs.mkdirSync(path.join(webDist, "assets"));
  fs.mkdirSync(path.join(webDist, ".vite"));
  fs.writeFileSync(path.join(webDist, "index.html"), `<!doctype html><script type="module" src="/assets/index-abc123.js"></script>`);
  fs.writeFileSync(path.join(webDist, "assets", "index-abc123.js"), SCRIPT);
  fs.writeFileSync(path.join(webDist, ".vite", "manifest.json"), JSON.stringify({ secret: "not served" }).padEnd(2000));
  precompress(webDist);
  ctx = await startTestApp({ serveWebApp: true }, { webDist });
  const user = await createUser(ctx.db);
  token = await login(ctx.app, user.email, user.password);
  // Twenty quick searches: a list answer of several KB.
  for (let i = 0; i < 20; i++) {
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/saved-search/",
      headers: bearer(token),
      payload: { name: `Maharashtra hospitals ${i}`, resource: "/private-construction-leads", query: "q=hospital&filter=state:Maharashtra&sort=value desc" },
    });
    expect(res.statusCode).toBe(201);
  }
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string, auth = true) =>
  ctx.app.inject({ method: "GET", url, headers: { ...(auth ? bearer(token) : {}), ...(acceptEncoding ? { "accept-encoding": acceptEncoding } : {}) } });

describe("JSON answers", () => {
  it("sends a list of 1 KB or more brotli-compressed when asked, and it is the same list once decompressed", async () => {
    const plain = await get("/api/saved-search/");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.json().count).toBe(20);

    const br = await get("/api/saved-search/", "gzip, deflate, br");
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/^application\/json/);
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const gzip = await get("/api/saved-search/", "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });

  it("sends answers under 1 KB as they are", async () => {
    const small = await get("/api/user-info/", "br, gzip");
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.json().email).toContain("@");
  });

  it("streams a CSV export through the compressor (the same CSV once decompressed); an XLSX goes as it is", async () => {
    const url = "/api/list/search/export/?format=csv&filter=state:Atlantis";
    const plain = await get(url);
    const csv = await get(url, "br, gzip");
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-encoding"]).toBe("br");
    expect(csv.headers["content-disposition"]).toMatch(/^attachment; filename=".+\.csv"$/);
    expect(zlib.brotliDecompressSync(csv.rawPayload).toString()).toBe(plain.body);
    expect(plain.body.split("\n")[0]).toContain(",");

    const xlsx = await get("/api/list/search/export/?format=xlsx&filter=state:Atlantis", "br, gzip");
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers["content-encoding"]).toBeUndefined();
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe("PK"); // a zip, readable as it came
  });
});

describe("the web app's files", () => {
  it("are sent precompressed, with their own content type and Vary: Accept-Encoding", async () => {
    const url = "/assets/index-abc123.js";
    const br = await get(url, "gzip, deflate, br", false);
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/^(?:text|application)\/javascript/);
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.rawPayload.equals(fs.readFileSync(path.join(webDist, "assets", "index-abc123.js.br")))).toBe(true);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gzip = await get(url, "gzip", false);
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get(url, undefined, false);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it("does not serve the build's manifest (a dotfile folder): a client route gets index.html", async () => {
    const res = await get("/.vite/manifest.json", "br", false);
    expect(res.body).not.toContain("not served");
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
  });
});
