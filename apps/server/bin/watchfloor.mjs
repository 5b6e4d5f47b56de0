#!/usr/bin/env node
// Runs the built server when present, otherwise the TypeScript sources through tsx.
import { existsSync } from "node:fs";

const built = new URL("../dist/main.js", import.meta.url);
if (existsSync(built)) {
  await import(built.href);
} else {
  const { register } = await import("tsx/esm/api");
  register();
  await import(new URL("../src/main.ts", import.meta.url).href);
}
