import type { FastifyInstance } from "fastify";

const HSTS = "max-age=31536000; includeSubDomains";

/**
 * Headers every response gets. API answers and CSV exports hold tenant data: no browser or
 * proxy cache may keep them (a route that sets its own cache-control keeps it). Over HTTPS
 * (request.protocol honours WATCHFLOOR_TRUST_PROXY) browsers are told to use nothing else.
 * Hijacked responses (the event stream) set their own headers.
 */
export function registerResponseHeaders(app: FastifyInstance): void {
  app.addHook("onSend", async (request, reply) => {
    if (request.url.startsWith("/api/") && !reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
    if (request.protocol === "https") reply.header("strict-transport-security", HSTS);
  });
}
