import type { Server } from "node:http";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../../context";
import { unauthenticated } from "../../http/errors";
import { openStreamGuard } from "../../http/stream-guard";
import type { DataChange } from "../../lib/events";

/** Keep-alive for proxies, and the longest an idle stream outlives its session or membership. */
export const LIVE_RECHECK_MS = 20_000;
/** setTimeout's ceiling (about 24.8 days). */
const MAX_DELAY_MS = 2_147_483_647;

/**
 * Serves the server-sent change feed of the tenants in the request's scope. The scope is fixed
 * at open, so the stream re-checks its credential (http/stream-guard.ts) before each change it
 * writes, on every keep-alive, and at the session's absolute expiry, and ends when the session
 * signed out or expired, a membership or role changed, or the API key was revoked. The browser's
 * EventSource reconnects and gets the new scope, or a 401.
 */
export async function serveLiveStream(
  ctx: AppContext,
  server: Server,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  if (!request.auth) throw unauthenticated();
  const tenants = new Set(request.scope.tenantIds);
  const guard = await openStreamGuard(ctx, request.auth);
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-store, no-transform",
    connection: "keep-alive",
    "x-accel-buffering": "no",
  });
  res.write(`retry: 3000\n: connected\n\n`);

  let open = true;
  let draining = false;
  const queue: DataChange[] = [];
  const verdict = async (fresh: boolean): Promise<string | null> => {
    try {
      return await guard.check(fresh);
    } catch (error) {
      request.log.warn({ err: error }, "live stream re-check failed; ending it");
      return "check_failed";
    }
  };
  const end = (reason: string | null) => {
    if (!open) return;
    open = false;
    queue.length = 0;
    clearInterval(recheck);
    clearTimeout(expiry);
    unsubscribe();
    request.raw.off("close", onClientClose);
    res.off("close", onClientClose);
    server.off("close", onServerClose);
    if (!res.writableEnded) res.end(reason ? `: ended: ${reason}\n\n` : undefined);
  };
  const onClientClose = () => end(null);
  const onServerClose = () => end(null);

  // Changes are written in order, each only after a (cached) check says the stream may go on.
  const drain = async () => {
    if (draining) return;
    draining = true;
    while (open && queue.length > 0) {
      const ended = await verdict(false);
      if (ended) return end(ended);
      const change = queue.shift();
      if (change && open) res.write(`event: change\ndata: ${JSON.stringify(change)}\n\n`);
    }
    draining = false;
  };
  const unsubscribe = ctx.events.subscribe((change) => {
    if (!open || !tenants.has(change.tenantId)) return;
    queue.push(change);
    void drain();
  });
  const recheck = setInterval(async () => {
    const ended = await verdict(true);
    if (ended) end(ended);
    else if (open) res.write(": keep-alive\n\n");
  }, LIVE_RECHECK_MS).unref();
  const expiresAt = guard.opened.expiresAt;
  const expiry =
    expiresAt === null
      ? undefined
      : setTimeout(
          async () => {
            const ended = await verdict(true);
            if (ended) end(ended);
          },
          Math.min(Math.max(expiresAt - ctx.now(), 0), MAX_DELAY_MS),
        ).unref();
  // A client that goes away: the request or the response side, whichever Node reports.
  request.raw.on("close", onClientClose);
  res.on("close", onClientClose);
  server.once("close", onServerClose);
  if (guard.opened.verdict) end(guard.opened.verdict);
}
