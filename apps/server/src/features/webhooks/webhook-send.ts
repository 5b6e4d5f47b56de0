import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import { isIP } from "node:net";
import https from "node:https";
import { addressScope } from "@watchfloor/shared";

/**
 * One webhook POST. The address the connection uses is checked, not only the name: a host that
 * resolves to a private, loopback or link-local address is refused unless the operator allows
 * private targets (WATCHFLOOR_WEBHOOK_PRIVATE_TARGETS), so a rule cannot make the server call
 * its own network (server-side request forgery), also when DNS answers differently later.
 */

export interface SendResult {
  status: number | null;
  excerpt: string | null;
  durationMs: number;
  error: string | null;
}

const TIMEOUT_MS = 10_000;
const EXCERPT_BYTES = 1000;

const refusal = (host: string, scope: string) =>
  `${host} is a ${scope} address; webhooks go to public addresses only (WATCHFLOOR_WEBHOOK_PRIVATE_TARGETS allows others)`;

export function postJson(
  target: string,
  body: string,
  headers: Record<string, string>,
  options: { allowPrivate: boolean; timeoutMs?: number },
): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    const url = new URL(target);
    // Node connects to an address written in the URL without a lookup: judge it here.
    const literal = url.hostname.replace(/^\[|\]$/g, "");
    if (isIP(literal) && addressScope(literal) !== "public" && !options.allowPrivate) {
      resolve({ status: null, excerpt: null, durationMs: elapsed(), error: refusal(literal, addressScope(literal)) });
      return;
    }
    const client = url.protocol === "https:" ? https : http;
    const lookup = (hostname: string, opts: object, callback: (...args: unknown[]) => void) => {
      dnsLookup(hostname, { ...opts, all: true }, (error, addresses) => {
        if (error) return callback(error);
        const list = addresses as LookupAddress[];
        const refused = list.find((a) => addressScope(a.address) !== "public");
        if (refused && !options.allowPrivate)
          return callback(
            new Error(`${hostname} resolves to a ${addressScope(refused.address)} address; webhooks go to public addresses only`),
          );
        const first = list[0];
        if (!first) return callback(new Error(`${hostname} has no address`));
        // Node asks with all: true from net.connect's autoSelectFamily; answer in the shape asked.
        if ((opts as { all?: boolean }).all) callback(null, list);
        else callback(null, first.address, first.family);
      });
    };
    const request = client.request(
      url,
      {
        method: "POST",
        headers: { "content-type": "application/json", "user-agent": "Watchfloor-Webhooks/1", ...headers },
        lookup: lookup as never,
        timeout: options.timeoutMs ?? TIMEOUT_MS,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          // The excerpt is all that is kept: stop reading a long or endless answer there.
          if (size >= EXCERPT_BYTES) {
            clearTimeout(deadline);
            resolve({
              status: response.statusCode ?? null,
              excerpt: Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString("utf8"),
              durationMs: elapsed(),
              error: null,
            });
            response.destroy();
          }
        });
        response.on("end", () => {
          clearTimeout(deadline);
          resolve({
            status: response.statusCode ?? null,
            excerpt: Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString("utf8") || null,
            durationMs: elapsed(),
            error: null,
          });
        });
        response.on("error", (error) =>
          resolve({ status: response.statusCode ?? null, excerpt: null, durationMs: elapsed(), error: error.message }),
        );
      },
    );
    // A deadline for the whole exchange, not only for silence on the socket: a receiver that
    // trickles bytes would otherwise hold the job runner (and every tenant's background work).
    const limit = options.timeoutMs ?? TIMEOUT_MS;
    const deadline = setTimeout(() => request.destroy(new Error(`no complete answer within ${limit / 1000} s`)), limit);
    request.on("timeout", () => request.destroy(new Error(`no answer within ${limit / 1000} s`)));
    request.on("error", (error) => {
      clearTimeout(deadline);
      resolve({ status: null, excerpt: null, durationMs: elapsed(), error: error.message });
    });
    request.end(body);
  });
}
