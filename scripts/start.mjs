// `npm start`: install, build and serve Watchfloor on the embedded SQLite database.
import { ensureDependencies, run } from "./lib.mjs";

ensureDependencies();
run("npm", ["run", "build"]);
run("node", ["apps/server/bin/watchfloor.mjs", "serve", ...process.argv.slice(2)]);
