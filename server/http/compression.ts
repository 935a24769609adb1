// Compressed answers (issue 17, "Light"): JSON of 1 KB or more goes out brotli- or
// gzip-compressed, as the request's Accept-Encoding allows (brotli preferred), with
// `Vary: Accept-Encoding`. The types compressed are those mime-db calls compressible: JSON,
// and text such as a CSV export, which is streamed through the compressor (a stream has no
// size, so the 1 KB floor does not apply to it). XLSX exports, tender zips and images are
// compressed already and go out as they are. The web app's files are compressed once at build
// time (scripts/precompress.ts) and sent as they are by @fastify/static (server/app.ts, preCompressed).
import compress from "@fastify/compress";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/** Smaller answers gain nothing worth the CPU (a packet holds them either way). */
export const COMPRESS_THRESHOLD_BYTES = 1024;

async function compression(app: FastifyInstance) {
  await app.register(compress, { global: true, encodings: ["br", "gzip"], threshold: COMPRESS_THRESHOLD_BYTES });
}

export default fp(compression, { name: "compression" });
