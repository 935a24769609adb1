// npm run bench, part of it: the gzipped JavaScript each page downloads on its first open,
// read from the build's own manifest (run `npm run build` first), against issue 17's budgets
// (200 KB signed out, 400 KB signed in). Also the brotli size of the same files, which is what
// a browser that accepts br is sent (scripts/precompress.ts writes both).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { BUDGETS, kb, measurePages, sizesReport } from "./bundle-sizes.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DIST = process.env.WEB_DIST_DIR ? path.resolve(process.env.WEB_DIST_DIR) : path.join(ROOT, "dist");

const sizes = measurePages(DIST, path.join(ROOT, "src"));
const brotli = (files: string[]) =>
  files.reduce((sum, file) => {
    const br = path.join(DIST, `${file}.br`);
    return sum + (fs.existsSync(br) ? fs.statSync(br).size : fs.statSync(path.join(DIST, file)).size);
  }, 0);

console.log(`\nFirst-open JavaScript per page (gzip -9), from ${path.relative(ROOT, DIST) || "."}/.vite/manifest.json`);
console.log(sizesReport(sizes));
const worst = (signedIn: boolean) => sizes.filter((s) => s.signedIn === signedIn).sort((a, b) => b.gzipBytes - a.gzipBytes)[0];
for (const [label, s, budget] of [
  ["heaviest signed-out page", worst(false), BUDGETS.signedOut],
  ["heaviest signed-in page", worst(true), BUDGETS.signedIn],
] as const) {
  console.log(`${label}: ${s.route} ${kb(s.gzipBytes)} gz (${kb(brotli(s.files))} br), ×${(s.gzipBytes / budget).toFixed(2)} of ${kb(budget)}`);
}

// The stylesheets index.html links (the app's own, and antd's built styles: scripts/antd-static-styles.ts,
// one per motion setting, of which a browser applies one). Not part of the JavaScript budgets.
const html = fs.readFileSync(path.join(DIST, "index.html"), "utf8");
for (const [, href, media] of html.matchAll(/<link rel="stylesheet"[^>]*?href="\/([^"]+)"(?:[^>]*?media="([^"]+)")?/g)) {
  const full = path.join(DIST, href);
  const gz = fs.existsSync(`${full}.gz`) ? fs.statSync(`${full}.gz`).size : fs.statSync(full).size;
  const br = fs.existsSync(`${full}.br`) ? fs.statSync(`${full}.br`).size : gz;
  console.log(`stylesheet ${href}${media ? ` (${media})` : ""}: ${kb(fs.statSync(full).size)} raw, ${kb(gz)} gz, ${kb(br)} br`);
}
