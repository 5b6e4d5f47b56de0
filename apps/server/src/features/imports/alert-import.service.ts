import { type AlertImportFormat, alertImportFormats, type DataQualityFinding, type Priority } from "@watchfloor/shared";
import type { AppContext } from "../../context";
import type { AlertsTable } from "../../db/tables";
import { AppError, invalid } from "../../http/errors";
import { newId } from "../../lib/tokens";
import { detectAlertFormat, importerFor } from "../../importers";
import { ImportFileError, type ImportSource } from "../../importers/types";
import { toAlertRow } from "../alerts/alert-row";
import type { Doer } from "../alerts/alerts.service";
import { upsertAlerts } from "../alerts/alerts.repository";
import { policyFor } from "../alerts/sla";
import { slaPolicies } from "../alerts/sla-policies.repository";

const BATCH = 1000;
const REPORT_LIMIT = 1000;

export interface ImportReport {
  importId: string;
  format: AlertImportFormat;
  filename: string | null;
  rowsRead: number;
  created: number;
  updated: number;
  skipped: { reason: string; count: number }[];
  rejected: { row: number; problems: { field: string; reason: string }[] }[];
  rejectedCount: number;
  findings: DataQualityFinding[];
  findingCount: number;
}

export async function resolveFormat(source: ImportSource, format: string | undefined, filename: string | null): Promise<AlertImportFormat> {
  if (format) {
    if (!(alertImportFormats as readonly string[]).includes(format)) throw invalid("format", `must be one of ${alertImportFormats.join(", ")}`);
    return format as AlertImportFormat;
  }
  let head = "";
  for await (const line of source.lines()) {
    head += `${line}\n`;
    if (head.length > 16_384) break;
  }
  const detected = detectAlertFormat(head, filename ?? undefined);
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
  const report: ImportReport = {
    importId: newId(), format, filename: options.filename, rowsRead: 0, created: 0, updated: 0,
    skipped: [], rejected: [], rejectedCount: 0, findings: [], findingCount: 0,
  };
  const skipped = new Map<string, number>();
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await trx.insertInto("import_runs").values({ id: report.importId, tenant_id: tenantId, kind: "alerts", format, filename: options.filename, created_by: options.doer.userId, created_at: now, report: "{}" }).execute();
      let batch: AlertsTable[] = [];
      const flush = async () => {
        if (batch.length === 0) return;
        const result = await upsertAlerts(trx, tenantId, batch, ctx.bulk);
        report.created += result.created;
        report.updated += result.updated;
        batch = [];
      };
      for await (const event of importer(source)) {
        report.rowsRead++;
        if (event.kind === "record") {
          const alert = event.alert as Parameters<typeof toAlertRow>[0];
          const row = toAlertRow(alert, tenantId, newId(), now, policyFor(alert.priority as Priority, policies));
          row.ingested_by = `${options.doer.name} (import ${options.filename ?? format})`;
          batch.push(row);
          for (const finding of event.findings) {
            report.findingCount++;
            if (report.findings.length < REPORT_LIMIT) report.findings.push(finding);
          }
          if (batch.length >= BATCH) await flush();
        } else if (event.kind === "skipped") {
          skipped.set(event.reason, (skipped.get(event.reason) ?? 0) + 1);
        } else {
          report.rejectedCount++;
          if (report.rejected.length < REPORT_LIMIT) report.rejected.push({ row: event.row, problems: event.problems });
          await trx.insertInto("quarantine").values({ id: newId(), tenant_id: tenantId, import_id: report.importId, format, row_number: event.row, raw: event.raw, problems: JSON.stringify(event.problems), created_at: now, resolved_at: null }).execute();
        }
      }
      await flush();
      report.skipped = [...skipped].map(([reason, count]) => ({ reason, count }));
      await trx.updateTable("import_runs").set({ report: JSON.stringify(report) }).where("id", "=", report.importId).execute();
    });
  } catch (error) {
    if (error instanceof ImportFileError) throw new AppError(422, "MALFORMED_FILE", `The file was rejected whole: ${error.message}. Nothing was imported.`);
    throw error;
  }
  if (report.created + report.updated > 0) ctx.events.publish({ tenantId, kind: "alert", ids: [], action: "created" });
  return report;
}
