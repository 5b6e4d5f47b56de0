// `npm run dev`: the API server (reloads on change) and Vite (hot reload) side by side.
import { spawn } from "node:child_process";
import { root } from "./lib.mjs";

const children = [
  spawn("npm", ["run", "dev", "-w", "@watchfloor/server"], { cwd: root, stdio: "inherit" }),
  spawn("npm", ["run", "dev", "-w", "@watchfloor/web"], { cwd: root, stdio: "inherit" }),
];
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) child.on("exit", (code) => code && stop());
console.log("API on http://127.0.0.1:3000, web with hot reload on http://127.0.0.1:5173");
