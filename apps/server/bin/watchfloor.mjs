#!/usr/bin/env node
// Runs the built server when it is up to date, otherwise the TypeScript sources through tsx,
// so a stale build never hides a source change.
import { existsSync, readdirSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";

const built = new URL("../dist/main.js", import.meta.url);
const sources = [new URL("../src/", import.meta.url), new URL("../../../packages/shared/src/", import.meta.url)];

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = `${dir}/${entry.name}`;
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

const fresh = existsSync(built) && sources.every((s) => !existsSync(s) || newest(fileURLToPath(s)) <= statSync(built).mtimeMs);
if (fresh) {
  await import(built.href);
} else {
  const { register } = await import("tsx/esm/api");
  register();
  await import(new URL("../src/main.ts", import.meta.url).href);
}
