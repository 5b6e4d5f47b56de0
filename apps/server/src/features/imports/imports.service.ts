import { type AlertInput, alertImportFormats } from "@watchfloor/shared";
import type { z } from "zod";
import type { importRunsSchema, quarantinePageSchema } from "@watchfloor/shared";
import type { AppContext } from "../../context";
import type { Doer } from "../../http/actor";
import { decodeCursor } from "../../http/cursor";
import { conflict, notFound } from "../../http/errors";
import { iso, isoOrNull } from "../../lib/time";
import { ingestAlerts, ingestedId } from "../alerts/alert-ingest.service";
import * as repo from "./imports.repository";

const QUARANTINE_PAGE = 200;

/** The newest 100 imports of the tenants in scope, with their reports. */
export async function recentImports(ctx: AppContext, tenantIds: readonly string[]): Promise<z.output<typeof importRunsSchema>> {
  const rows = await repo.listImportRuns(ctx.db, tenantIds, 100);
  return {
    items: rows.map((r) => ({
      id: r.id,
      tenantId: r.tenant_id,
      kind: r.kind,
      format: r.format,
      filename: r.filename,
      createdAt: iso(r.created_at),
      report: JSON.parse(r.report) as Record<string, unknown>,
    })),
  };
}

export async function quarantinePage(
  ctx: AppContext,
  tenantIds: readonly string[],
  query: { importId?: string; cursor?: string },
): Promise<z.output<typeof quarantinePageSchema>> {
  const before = decodeCursor(query.cursor, "cursor");
  const rows = await repo.listQuarantine(ctx.db, tenantIds, {
    importId: query.importId,
    beforeId: before?.id,
    limit: QUARANTINE_PAGE,
  });
  return {
    items: rows.map((r) => ({
      id: r.id,
      tenantId: r.tenant_id,
      importId: r.import_id,
      format: r.format,
      row: r.row_number,
      raw: r.raw,
      problems: JSON.parse(r.problems) as { field: string; reason: string }[],
      createdAt: iso(r.created_at),
      resolvedAt: isoOrNull(r.resolved_at),
    })),
  };
}

async function quarantined(ctx: AppContext, tenantIds: readonly string[], id: string) {
  const row = await repo.findQuarantined(ctx.db, tenantIds, id);
  if (!row) throw notFound("Quarantined row");
  return row;
}

/**
 * A fixed row sent again as a canonical alert: the alert is written and the row resolved in one
 * transaction, so a row is never resolved without its alert, nor resubmitted twice by a race.
 */
export async function resubmitQuarantined(
  ctx: AppContext,
  tenantIds: readonly string[],
  id: string,
  alert: AlertInput,
  doer: Doer,
) {
  const row = await quarantined(ctx, tenantIds, id);
  // Scanner and compliance imports quarantine their rows here too; those are not alerts.
  if (!(alertImportFormats as readonly string[]).includes(row.format)) {
    throw conflict(
      `This row came from a ${row.format} import, not an alert import: fix the file and import it again, or dismiss the row.`,
    );
  }
  const outcome = await ingestAlerts(ctx, row.tenant_id, [alert], doer, async (trx) => {
    if (!(await repo.resolveQuarantined(trx, row.id, ctx.now()))) throw conflict("This row was resolved meanwhile.");
  });
  return { alertId: ingestedId(outcome), created: outcome.created === 1 };
}

export async function dismissQuarantined(ctx: AppContext, tenantIds: readonly string[], id: string) {
  const row = await quarantined(ctx, tenantIds, id);
  await repo.resolveQuarantined(ctx.db, row.id, ctx.now());
  return { ok: true as const };
}
