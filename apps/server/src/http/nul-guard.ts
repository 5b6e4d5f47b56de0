import { findNul, nulMessage } from "@watchfloor/shared";
import type { FastifyInstance } from "fastify";
import { invalid } from "./errors";

/**
 * Refuses U+0000 in a path parameter, a query parameter or a contract-validated JSON body with a
 * 400 naming the field, on both databases (PostgreSQL text cannot hold it; SQLite would store it
 * and export it). Bodies without a contract schema (bulk ingest, file uploads) are checked per
 * item or row by the alert and finding contracts instead, so one bad item never fails a batch.
 */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    if (!request.url.startsWith("/api/")) return;
    const parts: [string, unknown][] = [
      ["params", request.params],
      ["query", request.query],
    ];
    if (request.routeOptions.schema?.body) parts.push(["", request.body]);
    for (const [where, value] of parts) {
      const path = findNul(value);
      if (path) throw invalid([where, ...path].filter((p) => p !== "").join("."), nulMessage);
    }
  });
}
