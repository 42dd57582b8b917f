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
  // ASCII output: non-ASCII characters (the Chinese catalog, "…") written as \u escapes. One
  // non-Latin-1 character makes JavaScriptCore keep a whole script's source in UTF-16; the
  // main script's 8,445 of them doubled its 645 KB source, and the web process idles 1-2 MB
  // lighter without them (docs/packaging.md).
  esbuild: { charset: "ascii" },
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
