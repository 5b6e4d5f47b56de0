import {
  type AlertImportFormat,
  type AlertImportReport,
  alertImportFormats,
  type Priority,
  type RoutedImportReport,
} from "@watchfloor/shared";
import type { AppContext } from "../../context";
import { recordEvent } from "../../db/automation-outbox.repository";
import type { AlertsTable } from "../../db/tables";
import { AppError, invalid } from "../../http/errors";
import { newId } from "../../lib/tokens";
import { detectAlertFormat, type ImportEvent, importerFor } from "../../importers";
import { parsedOffThread, worthAWorker } from "../../importers/off-thread";
import type { ImportDestination, ImportSource } from "../../importers/types";
import { startWorker } from "../../lib/worker-entry";
import { toAlertRow } from "../alerts/alert-row";
import type { Doer } from "../../http/actor";
import { writeAlertRows } from "../alerts/alert-ingest.service";
import { policyFor } from "../alerts/sla";
import { slaPolicies } from "../alerts/sla-policies.repository";
import { ImportTally, malformedFile, readHead } from "./import-tally";
import { insertImportRun, saveImportReport } from "./imports.repository";

const BATCH = 1000;

/**
 * Imports the rows of an alert file that belong to another store, reading the file again with that
 * store's own importer (so nothing is copied). Wired in by the composition root
 * (src/import-destinations.ts): features/imports may not import the features that use it.
 */
export type RoutedImport = (
  ctx: AppContext,
  tenantId: string,
  source: ImportSource,
  options: { filename: string | null; doer: Doer },
) => Promise<Omit<RoutedImportReport, "destination" | "rows">>;
export type ImportDestinations = Partial<Record<ImportDestination, RoutedImport>>;

export type ImportReport = AlertImportReport;

export async function resolveFormat(
  source: ImportSource,
  format: string | undefined,
  filename: string | null,
): Promise<AlertImportFormat> {
  if (format) {
    if (!(alertImportFormats as readonly string[]).includes(format))
      throw invalid("format", `must be one of ${alertImportFormats.join(", ")}`);
    return format as AlertImportFormat;
  }
  const detected = detectAlertFormat(await readHead(source), filename ?? undefined);
  if (!detected) throw invalid("format", `could not be detected from the file; pass one of ${alertImportFormats.join(", ")}`);
  return detected;
}

/**
 * Runs another store's import over the same file. It has its own transaction: the alerts are kept
 * whatever happens to it, and its failure is reported rather than thrown.
 */
async function importRouted(
  ctx: AppContext,
  tenantId: string,
  source: ImportSource,
  destination: ImportDestination,
  options: { filename: string | null; doer: Doer; destinations?: ImportDestinations },
): Promise<Omit<RoutedImportReport, "destination" | "rows">> {
  const run = options.destinations?.[destination];
  if (!run) return { error: "no import is wired in for it" };
  try {
    return await run(ctx, tenantId, source, { filename: options.filename, doer: options.doer });
  } catch (error) {
    // A file that store refuses (malformed, mostly unreadable) is reported; anything else is a fault.
    if (error instanceof AppError) return { error: error.message };
    throw error;
  }
}

/** The importer's events: read on this thread, or for a big file in a worker thread (importers/off-thread.ts). */
async function* importEvents(source: ImportSource, format: AlertImportFormat, offThread?: boolean): AsyncGenerator<ImportEvent> {
  if (!source.path || !(await worthAWorker(source, offThread))) {
    yield* importerFor(format)(source);
    return;
  }
  yield* parsedOffThread<{ format: AlertImportFormat; path: string }, ImportEvent>(
    startWorker(import.meta.url, "./alert-import.worker.ts", "alert-import-worker"),
    { format, path: source.path },
  );
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
  options: { format?: string; filename: string | null; doer: Doer; offThread?: boolean; destinations?: ImportDestinations },
): Promise<ImportReport> {
  const format = await resolveFormat(source, options.format, options.filename);
  const now = ctx.now();
  const policies = await slaPolicies(ctx.db, tenantId);
  const importId = newId();
  const tally = new ImportTally({ tenantId, importId, format, now });
  let created = 0;
  let updated = 0;
  // New alerts: whether to wake automation once the import has committed.
  const createdIds: string[] = [];
  // Rows for another store are counted here and imported once this import has committed.
  const routed = new Map<ImportDestination, number>();
  const routedReports: RoutedImportReport[] = [];
  const report = (): ImportReport => ({
    importId,
    format,
    filename: options.filename,
    created,
    updated,
    ...tally.summary(),
    routed: routedReports,
  });
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await insertImportRun(trx, {
        id: importId,
        tenantId,
        kind: "alerts",
        format: format,
        filename: options.filename,
        createdBy: options.doer.userId,
        at: now,
      });
      let batch: AlertsTable[] = [];
      const queued = new Set<number>();
      const flush = async () => {
        if (batch.length === 0) return;
        const result = await writeAlertRows(ctx, trx, tenantId, batch, queued);
        created += result.created;
        updated += result.updated;
        for (const id of result.createdIds) createdIds.push(id);
        // The new alerts' event commits with them (one outbox row per batch).
        await recordEvent(trx, { type: "alert.created", tenantId, ids: result.createdIds }, now);
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
        } else if (event.kind === "routed") {
          if (options.destinations?.[event.destination]) routed.set(event.destination, (routed.get(event.destination) ?? 0) + 1);
          else tally.skip(event.reason);
        } else {
          await tally.reject(trx, event.row, event.problems, event.raw);
        }
      }
      await flush();
      tally.finish();
      await saveImportReport(trx, importId, report());
    });
  } catch (error) {
    throw malformedFile(error);
  }
  if (routed.size > 0) {
    for (const [destination, rows] of routed)
      routedReports.push({ destination, rows, ...(await importRouted(ctx, tenantId, source, destination, options)) });
    await saveImportReport(ctx.db, importId, report());
  }
  const done = report();
  if (done.created + done.updated > 0) ctx.events.publish({ tenantId, kind: "alert", ids: [], action: "created" });
  ctx.events.emit({ type: "alert.created", tenantId, ids: createdIds });
  return done;
}
