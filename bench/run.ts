// `npm run bench [name-filter]`: runs every bench/*.bench.ts and prints figures with their
// ratio to a baseline measured in the same run (this machine is noisy: compare ratios).
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Benchmark } from "./harness";

const here = path.dirname(fileURLToPath(import.meta.url));
const filter = process.argv[2];
const files = readdirSync(here).filter((f) => f.endsWith(".bench.ts") && (!filter || f.includes(filter)));

for (const file of files.sort()) {
  const { benchmark } = (await import(path.join(here, file))) as { benchmark: Benchmark };
  console.log(`\n== ${benchmark.title} (${file})`);
  for (const figure of await benchmark.run()) {
    const ratio = figure.baseline
      ? `  ratio ${(figure.value / figure.baseline.value).toFixed(2)} vs ${figure.baseline.name} (${figure.baseline.value.toFixed(3)} ${figure.unit})`
      : "";
    console.log(`  ${figure.name.padEnd(44)} ${figure.value.toFixed(3).padStart(10)} ${figure.unit}${ratio}`);
  }
}
