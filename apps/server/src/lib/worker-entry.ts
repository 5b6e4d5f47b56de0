import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker, type WorkerOptions } from "node:worker_threads";

/**
 * Starts a worker thread from a feature's entry module. The bundled server ships each worker
 * as `dist/<bundled>.js` beside main.js (see build.mjs); from sources (tests, benchmarks,
 * `npm run dev`) the worker registers tsx first and imports the TypeScript entry.
 */
export function startWorker(
  from: string,
  source: string,
  bundled: string,
  options: Pick<WorkerOptions, "workerData" | "resourceLimits"> = {},
): Worker {
  if (from.endsWith(".ts")) {
    const entry = new URL(source, from).href;
    return new Worker(
      `import(${JSON.stringify(tsxEsmApi(from))}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); });`,
      { ...options, eval: true },
    );
  }
  return new Worker(new URL(`./${bundled}.js`, from), options);
}

/** tsx's ESM register API as a file URL (require.resolve would give its CommonJS build). */
function tsxEsmApi(from: string): string {
  const manifest = createRequire(from).resolve("tsx/package.json");
  const exports = JSON.parse(readFileSync(manifest, "utf8")).exports["./esm/api"].import.default as string;
  return pathToFileURL(path.join(path.dirname(manifest), exports)).href;
}
