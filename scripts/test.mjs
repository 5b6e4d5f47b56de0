// `npm test`: install what the tests need, build, and run every test suite.
// With WATCHFLOOR_TEST_DATABASE_URL=postgres://... the API suite runs on PostgreSQL.
// Extra arguments go to vitest (e.g. `npm test -- --project api`).
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { ensureChromium, ensureDependencies, ensureNmap, ensurePoppler, root, run } from "./lib.mjs";

ensureDependencies();
const args = process.argv.slice(2);
const onlyProjects = args.some((a) => a.startsWith("--project"));
const wantsE2e = !onlyProjects || args.some((a, i) => a === "--project=e2e" || (a === "--project" && args[i + 1] === "e2e"));
// Without nmap the loopback scan tests (importer unit test, attack-surface API and browser tests)
// skip and say so; installing it keeps them real.
ensureNmap();
ensurePoppler();
if (wantsE2e) {
  if (!ensureChromium()) process.exit(1);
  // The browser tests drive the built product, so build it fresh.
  run("npm", ["run", "build"]);
}

const label = process.env.WATCHFLOOR_TEST_DATABASE_URL ? "postgres" : "sqlite";
const report = path.join(root, ".tmp", `vitest-${label}.json`);
mkdirSync(path.dirname(report), { recursive: true });
const status = run("npx", ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...args], {
  allowFailure: true,
});
try {
  const result = JSON.parse(readFileSync(report, "utf8"));
  console.log(`\n[${label}] ${result.numPassedTests} passed, ${result.numFailedTests} failed`);
} catch {
  console.error("No test report was written.");
}
process.exit(status);
