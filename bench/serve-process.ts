import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { BENCH_EMAIL, PASSWORD } from "./million";

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * A real `watchfloor serve` process on the database URL given (sqlite:FILE or postgres://...),
 * on a free port, for figures a process of its own gives: resident memory, or several servers
 * on one database.
 */
export async function startServe(databaseUrl: string, env: Record<string, string> = {}) {
  const bin = path.join(here, "..", "apps", "server", "bin", "watchfloor.mjs");
  const child = spawn(process.execPath, [bin, "serve", "--port", "0", "--no-demo"], {
    env: { ...process.env, WATCHFLOOR_DATABASE_URL: databaseUrl, WATCHFLOOR_LOG_LEVEL: "warn", NODE_ENV: "test", ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /running at (http:\/\/\S+)/.exec(out);
      if (m?.[1]) resolve(m[1]);
    });
    child.once("exit", () => reject(new Error(`server exited: ${out}`)));
  });
  return {
    url,
    pid: child.pid ?? 0,
    /** A line of /proc/PID/status in MB: VmRSS now, VmHWM the peak. */
    rss(key: "VmRSS" | "VmHWM") {
      const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
      return Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
    },
    /** Signs the benchmark account in over HTTP; returns the cookies to send. */
    async signIn() {
      const session = await fetch(`${url}/api/v1/auth/session`);
      const csrf = ((await session.json()) as { csrfToken: string }).csrfToken;
      const anon = cookiesOf(session);
      const signIn = await fetch(`${url}/api/v1/auth/sign-in`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-csrf-token": csrf, cookie: anon },
        body: JSON.stringify({ email: BENCH_EMAIL, password: PASSWORD }),
      });
      if (!signIn.ok) throw new Error(`sign-in -> ${signIn.status}`);
      return cookiesOf(signIn);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
