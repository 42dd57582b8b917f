import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const here = fileURLToPath(new URL(".", import.meta.url));

// Tauri loads ui/dist (frontendDist in tauri.conf.json) and, in dev, http://localhost:1420.
export default defineConfig({
  root: here,
  base: "./",
  plugins: [react()],
  clearScreen: false,
  server: {
    port: 1420,
    strictPort: true,
    watch: { ignored: ["**/src-tauri/**", "**/target/**"] },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    // No inline module-preload polyfill: keeps the bundle CSP-clean (script-src 'self').
    modulePreload: { polyfill: false },
  },
});
