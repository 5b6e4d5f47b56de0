import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { defineConfig, type Plugin } from "vite";

/**
 * Writes .br and .gz beside each script and stylesheet; the server sends them to browsers that
 * accept them (@fastify/static preCompressed), so nothing is compressed per request.
 */
function precompress(): Plugin {
  return {
    name: "watchfloor-precompress",
    apply: "build",
    // After the files are written: Vite still rewrites chunks (preload markers) in generateBundle.
    writeBundle(options, bundle) {
      const outDir = options.dir ?? "";
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|svg|json)$/.test(fileName)) continue;
        const source = readFileSync(path.join(outDir, fileName));
        if (source.length < 1024) continue;
        writeFileSync(path.join(outDir, `${fileName}.br`), brotliCompressSync(source));
        writeFileSync(path.join(outDir, `${fileName}.gz`), gzipSync(source, { level: 9 }));
      }
    },
  };
}

const api = "http://127.0.0.1:3000";

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), tailwindcss(), precompress()],
  resolve: { alias: { "@": path.resolve(import.meta.dirname, "src") } },
  // The manifest lets bench/web-load.bench.ts tell the initial JavaScript from the lazy chunks.
  build: {
    outDir: path.resolve(import.meta.dirname, "dist"),
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    // ECharts is shared by the dashboard and risk charts; left alone, Rolldown names the shared
    // chunk after an internal module. A fixed name lets the first-load test tell it is the lazy
    // charts library (it is only reached through the lazy chart components).
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: "echarts", test: /node_modules[\\/](echarts|zrender)[\\/]/ }] } },
    },
  },
  server: {
    proxy: { "/api": api, "/healthz": api, "/readyz": api },
  },
});
