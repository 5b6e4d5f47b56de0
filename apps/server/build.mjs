// Bundles the server and the shared package into dist/main.js; npm dependencies stay external.
import { build } from "esbuild";
import { readFileSync } from "node:fs";

const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8"));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith("@watchfloor/"));

await build({
  // The ingest worker is its own entry: worker threads load it from a file beside main.js.
  entryPoints: {
    main: new URL("./src/main.ts", import.meta.url).pathname,
    "ingest-worker": new URL("./src/features/alerts/ingest-worker.ts", import.meta.url).pathname,
    "wal-checkpoint-worker": new URL("./src/db/wal-checkpoint.worker.ts", import.meta.url).pathname,
    "findings-import-worker": new URL("./src/features/findings/findings-import.worker.ts", import.meta.url).pathname,
    "alert-import-worker": new URL("./src/features/imports/alert-import.worker.ts", import.meta.url).pathname,
    "asset-inventory-worker": new URL("./src/features/findings/asset-inventory.worker.ts", import.meta.url).pathname,
  },
  outdir: new URL("./dist", import.meta.url).pathname,
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  sourcemap: true,
  external,
  logLevel: "info",
});
