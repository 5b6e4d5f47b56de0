// `npm run test:e2e`: the browser tests only (builds the product first).
import { run } from "./lib.mjs";

run("node", ["scripts/test.mjs", "--project", "e2e", ...process.argv.slice(2)]);
