import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { Readable } from "node:stream";
import { alertInputSchema } from "@watchfloor/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { decodeCursor } from "../../http/cursor";
import { notFound } from "../../http/errors";
import { iso, isoOrNull } from "../../lib/time";
import { sourceFromFile } from "../../importers/types";
import { ingestAlerts, ingestTenant } from "../alerts/alerts.service";
import { doerOf } from "../alerts/doer";
import { importAlertFile } from "./alert-import.service";

const UPLOAD_LIMIT = 512 * 1024 * 1024;

export const importRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const write = { policy: { access: "tenant", permission: "data.write", apiKey: true } } as const;
    const manage = { policy: { access: "tenant", permission: "imports.manage" } } as const;

    // Uploads arrive as the raw file body (what XMLHttpRequest sends with progress events).
    for (const type of ["application/octet-stream", "text/csv", "text/plain"]) {
      app.addContentTypeParser(type, { bodyLimit: UPLOAD_LIMIT }, (_request, payload, done) => done(null, payload));
    }

    app.post(
      "/imports/alerts",
      {
        config: write,
        bodyLimit: UPLOAD_LIMIT,
        schema: { tags: ["imports"], querystring: z.object({ tenantId: z.string().optional(), format: z.string().max(40).optional(), filename: z.string().max(255).optional() }) },
      },
      async (request) => {
        const tenantId = ingestTenant(request.scope, request.query.tenantId);
        const dir = await mkdtemp(path.join(tmpdir(), "wf-upload-"));
        const file = path.join(dir, "upload");
        try {
          const body = request.body as Readable | string | object;
          if (body && typeof (body as Readable).pipe === "function") await pipeline(body as Readable, createWriteStream(file));
          else await pipeline([typeof body === "string" ? body : JSON.stringify(body)], createWriteStream(file));
          return await importAlertFile(ctx, tenantId, sourceFromFile(file), { format: request.query.format, filename: request.query.filename ?? null, doer: await doerOf(ctx, request) });
        } finally {
          await rm(dir, { recursive: true, force: true });
        }
      },
    );

    app.get("/imports", { config: manage, schema: { tags: ["imports"] } }, async (request) => {
      const ids = request.scope.tenantIds;
      const rows = ids.length ? await ctx.db.selectFrom("import_runs").selectAll().where("tenant_id", "in", [...ids]).orderBy("created_at", "desc").orderBy("id", "desc").limit(100).execute() : [];
      return { items: rows.map((r) => ({ id: r.id, tenantId: r.tenant_id, kind: r.kind, format: r.format, filename: r.filename, createdAt: iso(r.created_at), report: JSON.parse(r.report) as unknown })) };
    });

    app.get(
      "/quarantine",
      { config: manage, schema: { tags: ["imports"], querystring: z.object({ importId: z.string().optional(), cursor: z.string().max(200).optional() }) } },
      async (request) => {
        const ids = request.scope.tenantIds;
        if (ids.length === 0) return { items: [] };
        let query = ctx.db.selectFrom("quarantine").selectAll().where("tenant_id", "in", [...ids]).where("resolved_at", "is", null);
        if (request.query.importId) query = query.where("import_id", "=", request.query.importId);
        const before = decodeCursor(request.query.cursor, "cursor");
        if (before) query = query.where("id", "<", before.id);
        const rows = await query.orderBy("id", "desc").limit(200).execute();
        return {
          items: rows.map((r) => ({ id: r.id, tenantId: r.tenant_id, importId: r.import_id, format: r.format, row: r.row_number, raw: r.raw, problems: JSON.parse(r.problems) as unknown, createdAt: iso(r.created_at), resolvedAt: isoOrNull(r.resolved_at) })),
        };
      },
    );

    // An admin fixes a rejected row and sends it again as a canonical alert.
    app.post(
      "/quarantine/:rowId/resubmit",
      { config: manage, schema: { tags: ["imports"], params: z.object({ rowId: z.string() }), body: z.object({ alert: alertInputSchema }) } },
      async (request) => {
        const row = await findRow(ctx, request.scope.tenantIds, request.params.rowId);
        const outcome = await ingestAlerts(ctx, row.tenant_id, [request.body.alert], await doerOf(ctx, request));
        await ctx.db.updateTable("quarantine").set({ resolved_at: ctx.now() }).where("id", "=", row.id).execute();
        return { alertId: outcome.ids[0], created: outcome.created === 1 };
      },
    );

    app.delete("/quarantine/:rowId", { config: manage, schema: { tags: ["imports"], params: z.object({ rowId: z.string() }) } }, async (request) => {
      const row = await findRow(ctx, request.scope.tenantIds, request.params.rowId);
      await ctx.db.updateTable("quarantine").set({ resolved_at: ctx.now() }).where("id", "=", row.id).execute();
      return { ok: true as const };
    });
  };

async function findRow(ctx: AppContext, tenantIds: readonly string[], id: string) {
  const row = tenantIds.length
    ? await ctx.db.selectFrom("quarantine").selectAll().where("id", "=", id).where("tenant_id", "in", [...tenantIds]).where("resolved_at", "is", null).executeTakeFirst()
    : undefined;
  if (!row) throw notFound("Quarantined row");
  return row;
}
