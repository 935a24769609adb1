import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// In development Vite serves the app and proxies /api to the Fastify server; in production
// the server serves dist/ itself.
export default defineConfig({
  plugins: [react()],
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
      // Rolldown would merge modules shared by several pages into one of those pages' chunks,
      // so /login downloaded the side menu's and the tabs' code with the input it needs. Off:
      // each chunk holds only what the same set of pages uses (issue 17: /login ≤ 200 KB gz).
      experimental: { chunkOptimization: { mergeCommonChunks: false } },
    },
  },
});
