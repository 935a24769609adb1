// buildApp(config, db): the whole API as one Fastify instance. main.ts listens with it; tests
// drive it with app.inject(). One plugin per concern, registered here in order; the API's route
// plugins are the list in modules/index.ts, each registered the same way under /api.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Fastify, { type FastifyError, type FastifyInstance } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import fastifyStatic from "@fastify/static";
import type { Config } from "./config.js";
import type { Db } from "./db/client.js";
import { HttpError, cap, isDatabaseUnavailable, outageLogger, serviceUnavailable, validationBody } from "./http/errors.js";
import compression from "./http/compression.js";
import inputGuard from "./http/input-guard.js";
import authenticate from "./plugins/authenticate.js";
import access from "./plugins/access.js";
import search from "./plugins/search.js";
import { createMailer, type Mailer } from "./mail/mailer.js";
import { createRateLimiter, sharedRequestStore, type RateLimiter } from "./http/rate-limiter.js";
import { addWebUrlFormat } from "./http/schemas.js";
import { sharedSchemaCompilers } from "./http/schema-compilers.js";
import { apiModules } from "./modules/index.js";

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    db: Db;
    mailer: Mailer;
    limiter: RateLimiter;
  }
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// WEB_DIST_DIR lets parallel local test runs each serve their own build.
export const WEB_DIST = process.env.WEB_DIST_DIR ? path.resolve(process.env.WEB_DIST_DIR) : path.join(ROOT, "dist");

export interface AppDeps {
  mailer?: Mailer;
  /** The built web app to serve (default WEB_DIST): tests serve a small one of their own. */
  webDist?: string;
}

export async function buildApp(config: Config, db: Db, deps: AppDeps = {}) {
  const app = Fastify({
    logger: config.logLevel === "silent" ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 5 * 1024 * 1024,
    ajv: { customOptions: { allErrors: true, coerceTypes: "array", removeAdditional: false }, plugins: [addWebUrlFormat] },
    schemaController: sharedSchemaCompilers,
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate("config", config);
  app.decorate("db", db);
  app.decorate("mailer", deps.mailer ?? createMailer(config));
  app.decorate("limiter", createRateLimiter(db));

  // Set before any plugin is registered, so every plugin's routes (the API docs among them)
  // inherit it: none answers with Fastify's default handler, which would show error messages.
  const logOutage = outageLogger((message) => app.log.warn(message));
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) return reply.code(error.status).headers(error.headers).send(error.body);
    if ((error as FastifyError).validation) {
      return reply.code(400).send(validationBody((error as FastifyError).validation as never, (error as FastifyError).validationContext));
    }
    if (isDatabaseUnavailable(error)) {
      logOutage(error);
      const unavailable = serviceUnavailable();
      // Serialized here, not by the route's response schemas: the body is the same for every route.
      return reply.code(unavailable.status).headers(unavailable.headers).type("application/json").serializer(JSON.stringify).send(unavailable.body);
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status >= 500) {
      request.log.error(error);
      return reply.code(status).send({ detail: "Internal Server Error" });
    }
    // Fastify's own 4xx (bad JSON, wrong content type, body too large) carry safe messages.
    return reply.code(status).send({ detail: cap(error.message) });
  });

  // The Microsoft authority is configurable (MS_AUTHORITY): the browser must be allowed to reach it.
  const identityOrigins = [...new Set(["https://login.microsoftonline.com", new URL(config.msAuthority).origin])];
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "https://accounts.google.com", "https://alcdn.msauth.net"],
        styleSrc: ["'self'", "'unsafe-inline'", "https://accounts.google.com"],
        imgSrc: ["'self'", "data:", "blob:", "https:"],
        connectSrc: ["'self'", "https://accounts.google.com", ...identityOrigins],
        frameSrc: ["'self'", "https://accounts.google.com", ...identityOrigins],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" },
  });

  // A coarse flood guard per IP over the whole API; sign-in has its own, much stricter limits.
  // Its counts live with the database (rate_limits), so every API process shares them.
  await app.register(rateLimit, {
    max: config.apiRequestsPerMinute,
    timeWindow: "1 minute",
    store: sharedRequestStore(db, app.limiter),
    // A flood guard that cannot count lets the request through rather than failing it.
    skipOnError: true,
    allowList: (req) => !req.url.startsWith("/api/"),
    errorResponseBuilder: (_req, ctx) => new HttpError(429, { detail: `Too many requests. Try again in ${Math.ceil(ctx.ttl / 1000)} seconds.` }),
  });

  // Before every route (the API docs' JSON among them): JSON over 1 KB goes out brotli or gzip, per Accept-Encoding.
  await app.register(compression);

  await app.register(swagger, {
    openapi: {
      info: { title: "InfraScout API", version: "1" },
      components: { securitySchemes: { token: { type: "apiKey", in: "header", name: "Authorization", description: "Token <key>" } } },
      security: [{ token: [] }],
    },
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs", uiConfig: { docExpansion: "list" } });

  await app.register(inputGuard); // control characters (NUL above all) in the URL or a JSON body: 400 before anything reads them
  await app.register(authenticate);
  await app.register(access);
  await app.register(search); // before the API's routes make their search engines
  await app.register(
    async (api) => {
      for (const { plugin } of apiModules) await api.register(plugin);
    },
    { prefix: "/api" },
  );

  registerWebApp(app, config, deps.webDist ?? WEB_DIST);
  return app;
}

// The built web app: static files, and index.html for every client-side route.
function registerWebApp(app: FastifyInstance, config: Config, webDist: string) {
  const indexFile = path.join(webDist, "index.html");
  const hasWeb = config.serveWebApp && fs.existsSync(indexFile);
  if (hasWeb) {
    // preCompressed: the .br / .gz files the build wrote beside each asset (scripts/precompress.ts)
    // are sent as they are when the browser accepts them. Dotfiles (the build's .vite/manifest.json) are not served.
    app.register(fastifyStatic, { root: webDist, wildcard: false, index: false, maxAge: "1y", immutable: true, preCompressed: true, dotfiles: "ignore",
      setHeaders: (res, file) => {
        if (file.endsWith(".html")) res.header("cache-control", "no-cache");
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith("/api/") || request.url === "/api" || !hasWeb || request.method !== "GET") {
      return reply.code(404).send({ detail: "Not found." });
    }
    // The app decides what an unknown path shows (its Page Not Found); index.html is never cached.
    return reply.header("cache-control", "no-cache").type("text/html").send(fs.createReadStream(indexFile));
  });
}

export type App = Awaited<ReturnType<typeof buildApp>>;
