// Issue 17 "Server in small rooms": the API's route plugins are one list (server/modules/index.ts)
// that buildApp registers the same way under /api. A routes file left out of it, or listed twice,
// fails here; so does a route without TypeBox schemas for what it takes and what it answers.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Fastify, { type RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiModules } from "../../server/modules/index.js";
import { startTestApp, type TestContext } from "./harness.js";

const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../server");
/** A call that declares a route: app.get("/…", …) and the like. */
const DECLARES_ROUTE = /\b(app|api)\.(get|post|put|patch|delete|head|options|all|route)\(/;
const HTTP_ERRORS = new Set(["400", "401", "402", "403", "404", "409", "410", "413", "429", "502", "503"]);

/** Every .ts file under server/modules and server/http that declares a route, as "modules/x/y". */
function routeFiles(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(".ts") && DECLARES_ROUTE.test(fs.readFileSync(full, "utf8"))) {
        found.push(path.relative(SERVER, full).replace(/\\/g, "/").replace(/\.ts$/, ""));
      }
    }
  };
  walk(path.join(SERVER, "modules"));
  walk(path.join(SERVER, "http"));
  return found.sort();
}

interface DeclaredRoute { file: string; method: string; url: string; options: RouteOptions }

let ctx: TestContext;
const routes: DeclaredRoute[] = [];

beforeAll(async () => {
  ctx = await startTestApp();
  // Each plugin on its own instance (with the app's decorations), to see which routes it declares.
  for (const { file, plugin } of apiModules) {
    const probe = Fastify();
    probe.decorate("config", ctx.app.config).decorate("db", ctx.app.db).decorate("mailer", ctx.app.mailer).decorate("limiter", ctx.app.limiter);
    probe.addHook("onRoute", (options) => {
      const methods = Array.isArray(options.method) ? options.method : [options.method];
      for (const method of methods) if (method !== "HEAD") routes.push({ file, method, url: options.url, options });
    });
    await probe.register(plugin, { prefix: "/api" });
  }
});
afterAll(async () => ctx?.close());

describe("the API's route plugins", () => {
  it("lists every file that declares routes, once, with that file's own plugin", async () => {
    const listed = apiModules.map((m) => m.file);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual(routeFiles());
    for (const { file, plugin } of apiModules) {
      const mod = (await import(path.join(SERVER, `${file}.ts`))) as { default: unknown };
      expect(mod.default, file).toBe(plugin);
    }
  });

  it("are all served by the app under /api, each route by one plugin only", () => {
    expect(routes.length).toBeGreaterThan(100);
    for (const { file } of apiModules) expect(routes.some((r) => r.file === file), `${file} declares no route`).toBe(true);
    const keys = routes.map((r) => `${r.method} ${r.url}`);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
    const missing = routes.filter((r) => !ctx.app.hasRoute({ method: r.method as "GET", url: r.url }));
    expect(missing.map((r) => `${r.method} ${r.url} (${r.file})`)).toEqual([]);
  });

  it("describe what every route takes and answers with TypeBox schemas", () => {
    const problems: string[] = [];
    for (const { file, method, url, options } of routes) {
      const schema = (options.schema ?? {}) as Record<string, unknown>;
      const where = `${method} ${url} (${file})`;
      const response = (schema.response ?? {}) as Record<string, unknown>;
      const success = Object.keys(response).filter((code) => /^2\d\d$/.test(code));
      if (!success.length) problems.push(`${where}: no response schema for its success`);
      const unknownCodes = Object.keys(response).filter((code) => !/^2\d\d$/.test(code) && !HTTP_ERRORS.has(code));
      if (unknownCodes.length) problems.push(`${where}: odd response codes ${unknownCodes.join(", ")}`);
      if (url.includes(":") && !schema.params) problems.push(`${where}: path parameters without a params schema`);
      const multipart = ((schema.consumes as string[] | undefined) ?? []).includes("multipart/form-data");
      if (["POST", "PUT", "PATCH"].includes(method) && !schema.body && !multipart && !isBodiless(options)) problems.push(`${where}: no body schema`);
    }
    expect(problems).toEqual([]);
  });
});

/** A POST or PUT that takes nothing (sign-out and the like) says so in its config. */
function isBodiless(options: RouteOptions): boolean {
  return options.config?.noBody === true;
}
