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
      // papaparse (CommonJS, so assumed to have side effects) is used only by Refine's CSV
      // import/export hooks, which the app never calls: without this it rode along on every page.
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]node_modules[\\/]papaparse[\\/]/.test(id) },
    },
  },
});
