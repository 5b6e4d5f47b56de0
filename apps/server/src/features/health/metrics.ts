import type { FastifyInstance } from "fastify";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { AppContext } from "../../context";
import { jobCounts } from "../jobs/jobs.repository";

/** Request counts and latencies per route template (never the raw URL, which would explode labels). */
export function registerMetrics(app: FastifyInstance, ctx: AppContext): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: "watchfloor_http_requests_total",
    help: "HTTP requests by method, route and status code",
    labelNames: ["method", "route", "status_code"] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: "watchfloor_http_request_duration_seconds",
    help: "HTTP request latency by method and route",
    labelNames: ["method", "route"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  // Background work (issue 19): read when scraped, so an idle server does no work for them.
  new Gauge({
    name: "watchfloor_jobs",
    help: "Background jobs by state: queued, due (queued and past their run time), running, dead (failed their last attempt)",
    labelNames: ["state"] as const,
    registers: [registry],
    async collect() {
      const counts = await jobCounts(ctx.db, ctx.now());
      for (const state of ["queued", "due", "running", "dead"] as const) this.set({ state }, counts[state]);
    },
  });
  new Gauge({
    name: "watchfloor_change_feed_lag_seconds",
    help: "How long the last change from another server took to arrive (PostgreSQL relay; 0 before any)",
    registers: [registry],
    collect() {
      this.set((ctx.changeFeed?.().lagMs ?? 0) / 1000);
    },
  });
  new Gauge({
    name: "watchfloor_change_feed_received",
    help: "Changes received from other servers since start",
    registers: [registry],
    collect() {
      this.set(ctx.changeFeed?.().received ?? 0);
    },
  });
  app.addHook("onResponse", async (request, reply) => {
    const route = request.routeOptions.url ?? "unmatched";
    requests.inc({ method: request.method, route, status_code: reply.statusCode });
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });
  return registry;
}
