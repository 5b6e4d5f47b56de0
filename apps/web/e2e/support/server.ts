import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
export const webDir = path.resolve(here, "../..");
export const repoRoot = path.resolve(webDir, "../..");

/** The server serves apps/web/dist: build it once if a test run starts without it. */
function ensureWebBuild(): void {
  if (existsSync(path.join(webDir, "dist", "index.html"))) return;
  const result = spawnSync("npx", ["vite", "build"], { cwd: webDir, stdio: "inherit" });
  if (result.status !== 0) throw new Error("vite build failed");
}

export type RunningServer = { baseUrl: string; dataDir: string; stop: () => Promise<void> };

/** Starts the built product on a free port with a fresh data directory. */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  ensureWebBuild();
  const dataDir = mkdtempSync(path.join(tmpdir(), "wf-e2e-"));
  const child: ChildProcess = spawn(process.execPath, ["apps/server/bin/watchfloor.mjs", "serve", "--port", "0"], {
    cwd: repoRoot,
    env: { ...process.env, WATCHFLOOR_DATA_DIR: dataDir, WATCHFLOOR_LOG_LEVEL: "warn", NODE_ENV: "test", ...extraEnv },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 60 s:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/Watchfloor is running at (http:\/\/\S+)/);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1].replace("localhost", "127.0.0.1"));
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before starting:\n${output}`));
    });
  });
  return {
    baseUrl,
    dataDir,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill("SIGKILL");
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
