import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { antdStaticStyles } from "./scripts/antd-static-styles";
import { FRAMEWORK_CHUNK, SHARED_HELPERS_CHUNK } from "./scripts/chunk-groups";

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
      // One chunk for what every page runs, one for the app's shared helpers (scripts/chunk-groups.ts).
      output: { codeSplitting: { groups: [FRAMEWORK_CHUNK, SHARED_HELPERS_CHUNK] } },
    },
  },
});
