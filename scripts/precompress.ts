// Run by `npm run build` after vite build: writes NAME.br (brotli, best quality) and NAME.gz
// (gzip -9) beside every text asset in dist/ of 1 KB or more, so the server sends them as they
// are (@fastify/static's preCompressed, server/app.ts) instead of compressing per request.
// A compressed copy that is not smaller is not written (the original is then sent).
//   tsx scripts/precompress.ts [dist-dir]
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const TEXT_FILES = /\.(?:js|mjs|css|html|svg|json|txt|map)$/;
const MIN_BYTES = 1024;

const compressors = {
  br: (data: Buffer) =>
    zlib.brotliCompressSync(data, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length },
    }),
  gz: (data: Buffer) => zlib.gzipSync(data, { level: 9 }),
};

function* assetFiles(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith(".")) continue; // .vite/manifest.json is for the bench, not served
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* assetFiles(full);
    else if (TEXT_FILES.test(entry.name)) yield full;
  }
}

export function precompress(distDir: string): { files: number; bytes: number; brBytes: number } {
  let files = 0;
  let bytes = 0;
  let brBytes = 0;
  for (const file of assetFiles(distDir)) {
    const data = fs.readFileSync(file);
    if (data.length < MIN_BYTES) continue;
    for (const [ext, compress] of Object.entries(compressors)) {
      const packed = compress(data);
      if (packed.length >= data.length) continue;
      fs.writeFileSync(`${file}.${ext}`, packed);
      if (ext === "br") brBytes += packed.length;
    }
    files += 1;
    bytes += data.length;
  }
  return { files, bytes, brBytes };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename ?? "")) {
  const distDir = path.resolve(process.argv[2] ?? "dist");
  const started = Date.now();
  const { files, bytes, brBytes } = precompress(distDir);
  console.log(`precompressed ${files} files in ${distDir}: ${(bytes / 1024).toFixed(0)} KB → ${(brBytes / 1024).toFixed(0)} KB brotli (${Date.now() - started} ms)`);
}
