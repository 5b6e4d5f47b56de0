import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const main = fileURLToPath(new URL("../main.ts", import.meta.url));
const root = fileURLToPath(new URL("../../../..", import.meta.url));

export interface ServeProcess {
  url: string;
  output(): string;
  stop(): Promise<void>;
}

/** Starts `watchfloor serve` from source (tsx) as its own process, on a free port. */
export async function startServe(env: Record<string, string>): Promise<ServeProcess> {
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", main, "serve", "--port", "0", "--no-demo"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "test", WATCHFLOOR_LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start in 90 s:\n${output}`)), 90_000);
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Watchfloor is running at (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1].replace("localhost", "127.0.0.1"));
      }
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited with ${code}:\n${output}`));
    });
  });
  return {
    url,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
    },
  };
}

/** A browser-like HTTP client for a real server: one cookie jar, the CSRF token echoed on writes. */
export class HttpClient {
  private readonly cookies = new Map<string, string>();
  private csrf = "";

  async request(base: string, method: string, path: string, body?: unknown): Promise<Response> {
    if (method !== "GET" && !this.csrf) await this.request(base, "GET", "/api/v1/auth/session");
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
        ...(method === "GET" ? {} : { "x-csrf-token": this.csrf, "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(";");
      const [name, ...value] = (pair ?? "").split("=");
      if (name) this.cookies.set(name.trim(), value.join("="));
    }
    // A new session has a token of its own.
    if (path.startsWith("/api/v1/auth/sign-")) this.csrf = "";
    if (path === "/api/v1/auth/session" && response.ok) {
      const session = (await response.clone().json()) as { csrfToken?: string };
      if (session.csrfToken) this.csrf = session.csrfToken;
    }
    return response;
  }

  get = (base: string, path: string) => this.request(base, "GET", path);
  post = (base: string, path: string, body?: unknown) => this.request(base, "POST", path, body ?? {});

  /** The cookie header, for a stream opened by hand. */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}
