// Pages and their hooks change cached data through src/providers/cache.ts (useDataCache), never
// through React Query itself, so that how the cache is kept is one module's business (issue #17).
// src/App.tsx binds the identity store to the QueryClient (bindIdentityStore), so it may too.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const SRC = path.resolve(import.meta.dirname, "../../src");

/** The provider layer, and App.tsx, which hands it the app's QueryClient. */
const ALLOWED = (relative: string) => relative.startsWith(`providers${path.sep}`) || relative === "App.tsx";

const sources = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.(tsx?|jsx?)$/.test(e.name) ? [full] : [];
  });

/** Whether a module imports React Query (@tanstack/react-query or its core), statically, for types or lazily. */
const importsReactQuery = (code: string) => /(?:\bfrom\s*|\bimport\s*\(?\s*)["']@tanstack\/(?:react-query|query-core)(?:\/[^"']*)?["']/.test(code);

describe("React Query outside src/providers/", () => {
  it("sees every form of import, and no look-alike", () => {
    expect(importsReactQuery(`import { useQueryClient } from "@tanstack/react-query";`)).toBe(true);
    expect(importsReactQuery(`import type {\n  QueryKey,\n} from '@tanstack/react-query';`)).toBe(true);
    expect(importsReactQuery(`const q = await import("@tanstack/query-core");`)).toBe(true);
    expect(importsReactQuery(`import "@tanstack/react-query/build/modern";`)).toBe(true);
    expect(importsReactQuery(`import { useDataCache } from "../../providers/cache";`)).toBe(false);
    expect(importsReactQuery(`import { useVirtualizer } from "@tanstack/react-virtual";`)).toBe(false);
  });

  it("no page, component or hook imports it (use useDataCache from src/providers/cache)", () => {
    const offenders = sources(SRC)
      .map((file) => path.relative(SRC, file))
      .filter((relative) => !ALLOWED(relative) && importsReactQuery(fs.readFileSync(path.join(SRC, relative), "utf8")));
    expect(offenders).toEqual([]);
  });
});
