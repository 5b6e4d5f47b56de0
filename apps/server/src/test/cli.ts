import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const run = promisify(execFile);
const main = fileURLToPath(new URL("../main.ts", import.meta.url));
// The repository root, so that `--import tsx` resolves; the database is always given explicitly.
const root = fileURLToPath(new URL("../../../..", import.meta.url));

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `watchfloor ARGS` from source (tsx), as `npx watchfloor` does before a build, on `databaseUrl`. */
export async function runCli(databaseUrl: string | undefined, ...args: string[]): Promise<CliResult> {
  try {
    const { stdout, stderr } = await run(process.execPath, ["--import", "tsx", main, ...args], {
      env: { ...process.env, WATCHFLOOR_DATABASE_URL: databaseUrl, WATCHFLOOR_LOG_LEVEL: "silent", NODE_ENV: "test" },
      cwd: root,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}
