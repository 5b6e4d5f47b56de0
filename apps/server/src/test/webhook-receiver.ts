import http from "node:http";
import type { AddressInfo } from "node:net";

/** A real HTTP server on loopback that keeps what webhooks send it (webhook tests, e2e, bench). */
export interface ReceivedHook {
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedHook[];
  /** Answers the next requests with these statuses, then 200 again. */
  failNext(...statuses: number[]): void;
  /** Waits this long before answering every request (a slow receiver). */
  delayMs: number;
  waitFor(n: number, timeoutMs?: number): Promise<ReceivedHook[]>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedHook[] = [];
  const failures: number[] = [];
  const waiters: (() => void)[] = [];
  const receiver: Partial<WebhookReceiver> = { delayMs: 0 };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (c: Buffer) => chunks.push(c));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8"), at: Date.now() });
      for (const w of waiters.splice(0)) w();
      const status = failures.shift() ?? 200;
      setTimeout(
        () => response.writeHead(status, { "content-type": "text/plain" }).end(status === 200 ? "ok" : "try later"),
        receiver.delayMs,
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    failNext: (...statuses: number[]) => failures.push(...statuses),
    async waitFor(n: number, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (received.length < n) {
        if (Date.now() > until) throw new Error(`expected ${n} webhook requests, got ${received.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return received;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  }) as WebhookReceiver;
}
