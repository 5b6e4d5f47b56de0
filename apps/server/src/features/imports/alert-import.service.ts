import { type AlertImportFormat, alertImportFormats, type Priority } from "@watchfloor/shared";
import type { AppContext } from "../../context";
import type { AlertsTable } from "../../db/tables";
import { invalid } from "../../http/errors";
import { newId } from "../../lib/tokens";
import { detectAlertFormat, importerFor } from "../../importers";
import type { ImportSource } from "../../importers/types";
import { toAlertRow } from "../alerts/alert-row";
import type { Doer } from "../../http/actor";
import { upsertAlerts } from "../alerts/alerts.repository";
import { policyFor } from "../alerts/sla";
import { slaPolicies } from "../alerts/sla-policies.repository";
import { markAlertsChanged } from "../rollups/rollup-refresher";
import { ImportTally, type ImportTallyReport, malformedFile, readHead } from "./import-tally";

const BATCH = 1000;

export interface ImportReport extends ImportTallyReport {
  importId: string;
  format: AlertImportFormat;
  filename: string | null;
  created: number;
  updated: number;
}

export async function resolveFormat(source: ImportSource, format: string | undefined, filename: string | null): Promise<AlertImportFormat> {
  if (format) {
    if (!(alertImportFormats as readonly string[]).includes(format)) throw invalid("format", `must be one of ${alertImportFormats.join(", ")}`);
    return format as AlertImportFormat;
  }
  const detected = detectAlertFormat(await readHead(source), filename ?? undefined);
  if (!detected) throw invalid("format", `could not be detected from the file; pass one of ${alertImportFormats.join(", ")}`);
  return detected;
}

/**
 * Imports one file into one tenant in a single transaction: rows are written in batches as they
 * stream in, rejected rows go to quarantine with their reasons, and a file that turns out to be
 * malformed rolls everything back.
 */
export async function importAlertFile(
  ctx: AppContext,
  tenantId: string,
  source: ImportSource,
  options: { format?: string; filename: string | null; doer: Doer },
): Promise<ImportReport> {
  const format = await resolveFormat(source, options.format, options.filename);
  const importer = importerFor(format);
  const now = ctx.now();
  const policies = await slaPolicies(ctx.db, tenantId);
  const importId = newId();
  const tally = new ImportTally({ tenantId, importId, format, now });
  let created = 0;
  let updated = 0;
  const report = (): ImportReport => ({ importId, format, filename: options.filename, created, updated, ...tally.summary() });
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await trx.insertInto("import_runs").values({ id: importId, tenant_id: tenantId, kind: "alerts", format, filename: options.filename, created_by: options.doer.userId, created_at: now, report: "{}" }).execute();
      let batch: AlertsTable[] = [];
      const flush = async () => {
        if (batch.length === 0) return;
        const result = await upsertAlerts(trx, tenantId, batch, ctx.bulk);
        await markAlertsChanged(trx, tenantId, batch);
        created += result.created;
        updated += result.updated;
        batch = [];
      };
      for await (const event of importer(source)) {
        tally.rowsRead++;
        if (event.kind === "record") {
          const alert = event.alert as Parameters<typeof toAlertRow>[0];
          const row = toAlertRow(alert, tenantId, newId(), now, policyFor(alert.priority as Priority, policies));
          row.ingested_by = `${options.doer.name} (import ${options.filename ?? format})`;
          batch.push(row);
          for (const finding of event.findings) tally.note(finding);
          if (batch.length >= BATCH) await flush();
        } else if (event.kind === "skipped") {
          tally.skip(event.reason);
        } else {
          await tally.reject(trx, event.row, event.problems, event.raw);
        }
      }
      await flush();
      await trx.updateTable("import_runs").set({ report: JSON.stringify(report()) }).where("id", "=", importId).execute();
    });
  } catch (error) {
    throw malformedFile(error);
  }
  const done = report();
  if (done.created + done.updated > 0) ctx.events.publish({ tenantId, kind: "alert", ids: [], action: "created" });
  return done;
}
