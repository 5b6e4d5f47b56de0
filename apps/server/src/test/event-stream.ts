import type { InjectOptions } from "fastify";
import type { TestApp, TestClient } from "./test-server";

/** A server-sent events stream held open by a test: what it has sent, and whether the server ended it. */
export interface OpenStream {
  statusCode: number;
  text(): string;
  isEnded(): boolean;
  /** Resolves when the server ends the stream; rejects after `ms`. */
  ended(ms?: number): Promise<void>;
  /** Resolves when the stream has sent `needle`; rejects if it ends first or after `ms`. */
  waitFor(needle: string, ms?: number): Promise<void>;
  close(): void;
}

/** Opens `url` as a client (its cookies) or with explicit headers (an API key) and keeps reading. */
export async function openStream(app: TestApp, url: string, as: TestClient | Record<string, string>): Promise<OpenStream> {
  const headers: Record<string, string> =
    "cookies" in as && as.cookies instanceof Map
      ? { cookie: [...as.cookies].map(([k, v]) => `${k}=${v}`).join("; ") }
      : (as as Record<string, string>);
  const response = await app.app.inject({ method: "GET", url, headers, payloadAsStream: true } as InjectOptions);
  const stream = (response as unknown as { stream(): NodeJS.ReadableStream & { destroy(): void } }).stream();
  let body = "";
  let done = false;
  const waiters = new Set<() => void>();
  const notify = () => {
    for (const w of waiters) w();
  };
  stream.on("data", (chunk: Buffer) => {
    body += chunk.toString();
    notify();
  });
  stream.on("end", () => {
    done = true;
    notify();
  });
  const until = (ready: () => boolean, fail: () => string | null, ms: number, what: string) =>
    new Promise<void>((resolve, reject) => {
      const settle = () => {
        const problem = fail();
        if (!problem && !ready()) return;
        waiters.delete(settle);
        clearTimeout(timer);
        if (problem && !ready()) reject(new Error(problem));
        else resolve();
      };
      const timer = setTimeout(() => {
        waiters.delete(settle);
        reject(new Error(`stream: ${what} not seen within ${ms} ms; got ${JSON.stringify(body)}`));
      }, ms);
      waiters.add(settle);
      settle();
    });
  return {
    statusCode: response.statusCode,
    text: () => body,
    isEnded: () => done,
    ended: (ms = 5_000) =>
      until(
        () => done,
        () => null,
        ms,
        "the end",
      ),
    waitFor: (needle, ms = 5_000) =>
      until(
        () => body.includes(needle),
        () => (done ? `stream ended before sending ${needle}: ${JSON.stringify(body)}` : null),
        ms,
        needle,
      ),
    close: () => stream.destroy(),
  };
}
