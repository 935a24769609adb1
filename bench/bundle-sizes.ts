// How much JavaScript a browser downloads on the first open of each page, read from the build's
// own manifest (dist/.vite/manifest.json, written because vite.config sets build.manifest).
// First open = the entry chunk and its static imports, then the page's lazy chunk and its static
// imports (and, for a signed-in page, the signed-in shell's lazy chunk and its static imports),
// each file counted once, gzipped at the level the build's precompressed .gz files use.
// Used by `npm run bench` (prints the sizes) and tests/unit/bundle-budget.test.ts (asserts them).
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface PageSize {
  /** The Pages key in src/pages.ts, e.g. "Dashboard". */
  page: string;
  /** The first route that shows it (src/AppRoutes.tsx, src/resources), or the page's name when none names it. */
  route: string;
  signedIn: boolean;
  /** Gzipped bytes of every JS file downloaded on a first open of the page. */
  gzipBytes: number;
  files: string[];
}

/** The budgets of issue 17: gzipped JavaScript on a first open. */
export const BUDGETS = { signedOut: 200 * 1024, signedIn: 400 * 1024 } as const;

/** The signed-in shell (access gate, menu, top bar): loaded by every signed-in page, never by /login. */
export const SIGNED_IN_SHELL = "src/components/auth/GatedAppLayout.tsx";

export function readManifest(distDir: string): Manifest {
  const file = path.join(distDir, ".vite", "manifest.json");
  if (!fs.existsSync(file)) {
    throw new Error(`${file} is missing: run \`npm run build\` first (the sizes are read from the build's manifest).`);
  }
  return JSON.parse(fs.readFileSync(file, "utf8")) as Manifest;
}

/** Page name → its source file, from src/pages.ts (`Name: lazyPage(() => import("./pages/…"))`). */
export function pageModules(pagesSource: string): Map<string, string> {
  const pages = new Map<string, string>();
  for (const match of pagesSource.matchAll(/(\w+):\s*lazyPage\(\(\)\s*=>\s*import\("\.\/(pages\/[^"]+)"\)/g)) {
    pages.set(match[1], `src/${match[2]}`);
  }
  return pages;
}

/** Page name → the first route path whose element shows it, from src/AppRoutes.tsx. */
export function pageRoutes(routesSource: string): Map<string, string> {
  const routes = new Map<string, string>();
  for (const piece of routesSource.split("<Route").slice(1)) {
    const routePath = /^\s[^>]*?path="([^"]+)"/.exec(piece)?.[1];
    const page = /<Pages\.(\w+)/.exec(piece)?.[1];
    if (routePath && page && !routes.has(page)) routes.set(page, routePath);
  }
  return routes;
}

/** Page name → its first path in the resource list (src/resources/index.tsx: list, show, then meta.routes). */
export function resourcePageRoutes(resourcesSource: string): Map<string, string> {
  const routes = new Map<string, string>();
  const add = (routePath: string | undefined, page: string | undefined) => {
    if (routePath && page && !routes.has(page)) routes.set(page, routePath);
  };
  for (const piece of resourcesSource.split(/\{\s*name: "/).slice(1)) {
    const pages = /pages: \{([^}]*)\}/.exec(piece)?.[1] ?? "";
    add(/\blist: "([^"]+)"/.exec(piece)?.[1], /\blist: Pages\.(\w+)/.exec(pages)?.[1]);
    add(/\bshow: "([^"]+)"/.exec(piece)?.[1], /\bshow: Pages\.(\w+)/.exec(pages)?.[1]);
    for (const [, routePath, page] of piece.matchAll(/path: "([^"]+)", page: Pages\.(\w+)/g)) add(routePath, page);
  }
  return routes;
}

/** The manifest key of a source file given without extension (src/pages/auth/LoginPage). */
function manifestKey(manifest: Manifest, modulePath: string): string {
  const key = [modulePath, `${modulePath}.tsx`, `${modulePath}.ts`].find((candidate) => manifest[candidate]);
  if (!key) throw new Error(`${modulePath} is not in the build's manifest (is dist/ from an older build?)`);
  return key;
}

/** The JS files a chunk brings with it: itself and its static imports, transitively. */
export function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest names ${key} but has no entry for it`);
    if (chunk.file.endsWith(".js")) files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return files;
}

const gzipCache = new Map<string, number>();
export function gzipSize(distDir: string, file: string): number {
  const full = path.join(distDir, file);
  let size = gzipCache.get(full);
  if (size === undefined) {
    size = zlib.gzipSync(fs.readFileSync(full), { level: 9 }).length;
    gzipCache.set(full, size);
  }
  return size;
}

export function measurePages(distDir: string, srcDir: string): PageSize[] {
  const manifest = readManifest(distDir);
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error("the build's manifest has no entry chunk");
  const modules = pageModules(fs.readFileSync(path.join(srcDir, "pages.ts"), "utf8"));
  // The signed-in routes are generated from the resource list; the others are in AppRoutes.
  const routes = new Map([
    ...resourcePageRoutes(fs.readFileSync(path.join(srcDir, "resources", "index.tsx"), "utf8")),
    ...pageRoutes(fs.readFileSync(path.join(srcDir, "AppRoutes.tsx"), "utf8")),
  ]);
  // The shell is counted only while it is a chunk of its own; inside the entry it is counted already.
  const shell = manifest[SIGNED_IN_SHELL]?.isDynamicEntry ? [SIGNED_IN_SHELL] : [];
  return [...modules].map(([page, modulePath]) => {
    const signedIn = !modulePath.startsWith("src/pages/auth/");
    const keys = [entry, ...(signedIn ? shell : []), manifestKey(manifest, modulePath)];
    const files = [...staticClosure(manifest, keys)].sort();
    const gzipBytes = files.reduce((sum, file) => sum + gzipSize(distDir, file), 0);
    return { page, route: routes.get(page) ?? page, signedIn, gzipBytes, files };
  });
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** One line per page for the bench: route, gzipped first-open JS, share of its budget. */
export function sizesReport(sizes: PageSize[]): string {
  return sizes
    .map((size) => {
      const budget = size.signedIn ? BUDGETS.signedIn : BUDGETS.signedOut;
      return `${size.route.padEnd(34)} ${kb(size.gzipBytes).padStart(9)} gz  ${size.files.length
        .toString()
        .padStart(3)} files   ×${(size.gzipBytes / budget).toFixed(2)} of its ${kb(budget)} budget`;
    })
    .join("\n");
}
