// Writes antd Result's three illustrations (404, 403, 500) as SVG files under public/result/,
// so the error pages show them as images instead of bundling them as React code: antd's Result
// put ≈ 10 KB gzipped into every page's entry, the sign-in pages' too (the crash page lives there).
// tests/unit/result-images.test.ts fails when an antd upgrade changes them: run this again then.
//   npx tsx scripts/result-images.ts
import fs from "node:fs";
import path from "node:path";
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import noFound from "antd/es/result/noFound";
import serverError from "antd/es/result/serverError";
import unauthorized from "antd/es/result/unauthorized";

export const RESULT_IMAGES_DIR = path.resolve(import.meta.dirname, "../public/result");

const ILLUSTRATIONS: Record<string, ComponentType> = { "404": noFound, "403": unauthorized, "500": serverError };

/** Each illustration as a standalone SVG file's text, keyed by file name. */
export function resultImages(): Record<string, string> {
  const files: Record<string, string> = {};
  for (const [status, component] of Object.entries(ILLUSTRATIONS)) {
    const markup = renderToStaticMarkup(createElement(component));
    files[`${status}.svg`] = `${markup.replace("<svg ", '<svg xmlns="http://www.w3.org/2000/svg" ')}\n`;
  }
  return files;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  fs.mkdirSync(RESULT_IMAGES_DIR, { recursive: true });
  for (const [name, text] of Object.entries(resultImages())) fs.writeFileSync(path.join(RESULT_IMAGES_DIR, name), text);
  console.log(`wrote ${Object.keys(ILLUSTRATIONS).length} images to ${RESULT_IMAGES_DIR}`);
}
