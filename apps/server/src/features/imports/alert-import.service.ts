import { type AlertImportFormat, type AlertImportReport, alertImportFormats, type Priority } from "@watchfloor/shared";
import type { AppContext } from "../../context";
import type { AlertsTable } from "../../db/tables";
import { invalid } from "../../http/errors";
import { newId } from "../../lib/tokens";
import { detectAlertFormat, type ImportEvent, importerFor } from "../../importers";
import { parsedOffThread, worthAWorker } from "../../importers/off-thread";
import type { ImportSource } from "../../importers/types";
import { startWorker } from "../../lib/worker-entry";
import { toAlertRow } from "../alerts/alert-row";
import type { Doer } from "../../http/actor";
import { writeAlertRows } from "../alerts/alert-ingest.service";
import { policyFor } from "../alerts/sla";
import { slaPolicies } from "../alerts/sla-policies.repository";
import { ImportTally, malformedFile, readHead } from "./import-tally";

const BATCH = 1000;

export type ImportReport = AlertImportReport;

export async function resolveFormat(source: ImportSource, format: string | undefined, filename: string | null): Promise<AlertImportFormat> {
  if (format) {
    if (!(alertImportFormats as readonly string[]).includes(format)) throw invalid("format", `must be one of ${alertImportFormats.join(", ")}`);
    return format as AlertImportFormat;
  }
  const detected = detectAlertFormat(await readHead(source), filename ?? undefined);
  if (!detected) throw invalid("format", `could not be detected from the file; pass one of ${alertImportFormats.join(", ")}`);
  return detected;
}

/** The importer's events: read on this thread, or for a big file in a worker thread (importers/off-thread.ts). */
async function* importEvents(source: ImportSource, format: AlertImportFormat, offThread?: boolean): AsyncGenerator<ImportEvent> {
  if (!source.path || !(await worthAWorker(source, offThread))) {
    yield* importerFor(format)(source);
    return;
  }
  yield* parsedOffThread<{ format: AlertImportFormat; path: string }, ImportEvent>(startWorker(import.meta.url, "./alert-import.worker.ts", "alert-import-worker"), { format, path: source.path });
}

/**
 * Imports one file into one tenant in a single transaction: rows are written in slices as they
 * stream in (the event loop runs between slices), rejected rows go to quarantine with their
 * reasons (a bounded number), and a file that turns out to be malformed or mostly unreadable
 * rolls everything back.
 */
export async function importAlertFile(
  ctx: AppContext,
  tenantId: string,
  source: ImportSource,
  options: { format?: string; filename: string | null; doer: Doer; offThread?: boolean },
): Promise<ImportReport> {
  const format = await resolveFormat(source, options.format, options.filename);
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
        const result = await writeAlertRows(ctx, trx, tenantId, batch);
        created += result.created;
        updated += result.updated;
        batch = [];
      };
      for await (const event of importEvents(source, format, options.offThread)) {
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
      tally.finish();
      await trx.updateTable("import_runs").set({ report: JSON.stringify(report()) }).where("id", "=", importId).execute();
    });
  } catch (error) {
    throw malformedFile(error);
  }
  const done = report();
  if (done.created + done.updated > 0) ctx.events.publish({ tenantId, kind: "alert", ids: [], action: "created" });
  return done;
}
