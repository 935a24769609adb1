import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { antdStaticStyles } from "./scripts/antd-static-styles";

/**
 * What every page runs, the sign-in pages included (React, the router, Refine and its helpers,
 * antd's style engine and theme), in one file instead of the dozens of small shared chunks the
 * default split makes of it: each file costs a request and gzip's start-up, so /login came to
 * ≈ 17 KB more gzipped than the same code in one file. Only packages the sign-in page runs
 * anyway: a group takes its modules' dependencies along (antd's _util or config-provider would
 * bring Collapse and Empty). /login −4 KB, a signed-in page −7 to −10 KB, a third fewer files.
 */
const FRAMEWORK_CHUNK = {
  name: "framework",
  priority: 20,
  test: new RegExp(
    `[\\\\/]node_modules[\\\\/](${[
      "react", "react-dom", "scheduler", "react-router", "@refinedev/(core|react-router|devtools-internal|devtools-shared)",
      "@tanstack", "lodash-es", "qs", "pluralize", "warn-once", "error-stack-parser", "stackframe",
      "@ant-design/(cssinjs|cssinjs-utils|fast-color|colors)", "@babel/runtime", "rc-util", "classnames", "stylis", "@emotion",
      "antd/es/(theme|locale|version)",
    ].join("|").replaceAll("/", "[\\\\/]")})[\\\\/]`,
  ),
};

/**
 * The app's small shared helpers (src/hooks, src/lib) that two chunks or more use travel in one
 * chunk instead of a file each (0.1–0.6 KB apiece): a signed-in page opens ≈ 15 files fewer and
 * ≈ 6 KB lighter gzipped. Not src/components: a group takes its modules' dependencies along, and
 * theirs are antd's, which would then load on the sign-in pages too.
 */
const SHARED_HELPERS_CHUNK = { name: "shared", test: /[\\/]src[\\/](hooks|lib)[\\/]/, minShareCount: 2 };

// In development Vite serves the app and proxies /api to the Fastify server; in production
// the server serves dist/ itself.
export default defineConfig({
  plugins: [react(), antdStaticStyles()],
  // qs's side-channel without its fall-backs for engines older than Map (src/vendor/side-channel.cjs).
  resolve: { alias: { "side-channel": fileURLToPath(new URL("./src/vendor/side-channel.cjs", import.meta.url)) } },
  server: {
    port: 5173,
    proxy: { "/api": { target: process.env.API_URL ?? "http://127.0.0.1:3000", changeOrigin: true } },
  },
  preview: {
    proxy: { "/api": { target: process.env.API_URL ?? "http://127.0.0.1:3000", changeOrigin: true } },
  },
  build: {
    outDir: "dist",
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      // Packages @refinedev/core and @refinedev/antd import at their top for parts the app never
      // uses, read as side-effect free so they go with those parts: papaparse (CommonJS; Refine's
      // CSV import/export hooks) rode along on every page, and react-markdown and remark-gfm
      // (@refinedev/antd's MarkdownField, with micromark and unified: ≈ 290 KB raw) on every page
      // that uses @refinedev/antd's useForm or useTable.
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]node_modules[\\/](papaparse|react-markdown|remark-gfm)[\\/]/.test(id) },
      output: { codeSplitting: { groups: [FRAMEWORK_CHUNK, SHARED_HELPERS_CHUNK] } },
    },
  },
});
