import {
  type Finding,
  type FindingImportFormat,
  type FindingImportReport,
  findingImportFormats,
  type FindingSeverity,
} from "@watchfloor/shared";
import type { AppContext } from "../../context";
import { recordEvent } from "../../db/automation-outbox.repository";
import { invalid } from "../../http/errors";
import { detectFindingFormat } from "../../importers/findings";
import type { ImportSource } from "../../importers/types";
import { newId } from "../../lib/tokens";
import { yieldToEventLoop } from "../../lib/yield";
import type { Doer } from "../../http/actor";
import { addTimeline } from "../timeline/timeline.repository";
import { ImportTally, malformedFile, readHead } from "../imports/import-tally";
import { refreshRiskAfterImport } from "../risk/risk-snapshots.service";
import { AssetResolver } from "./findings-import.assets";
import { findingEvents } from "./findings-import.events";
import type { WireEvent } from "./findings-import.protocol";
import { FindingBatchWriter } from "./findings-import.batch";
import { ObservationBatch } from "./findings-import.observations";
import { markObservationsGone } from "./observations.repository";
import {
  closeAsFixed,
  findingsAbsentFromScan,
  finishFindingImport,
  insertFindingImport,
  remediationSlaDays,
} from "./findings-import.repository";
import { insertImportRun, lockTenantForImport } from "../imports/imports.repository";
import { widenPageCache } from "../../db/dialect";

const BATCH = 500;

export type { FindingImportReport };

export async function resolveFindingFormat(
  source: ImportSource,
  format: string | undefined,
  filename: string | null,
): Promise<FindingImportFormat> {
  if (format) {
    if (!(findingImportFormats as readonly string[]).includes(format))
      throw invalid("format", `must be one of ${findingImportFormats.join(", ")}`);
    return format as FindingImportFormat;
  }
  const detected = detectFindingFormat(await readHead(source), filename ?? undefined);
  if (!detected) throw invalid("format", `could not be detected from the file; pass one of ${findingImportFormats.join(", ")}`);
  return detected;
}

const dayOrUndefined = (iso: string | null | undefined) => (iso ? Date.parse(iso) : Number.NaN);

/**
 * When a record was seen, from the file. Capped at the server's clock: a future date would keep
 * the finding "seen" ahead of every later scan and push its due date out.
 */
function seenTimes(finding: Finding, now: number): { seenAt: number; firstSeen: number } {
  const seen = dayOrUndefined(finding.lastSeen);
  const seenAt = Number.isFinite(seen) ? Math.min(seen, now) : now;
  const first = dayOrUndefined(finding.firstSeen);
  return { seenAt, firstSeen: Number.isFinite(first) ? Math.min(first, seenAt) : seenAt };
}

/** The assets a scan covered, grouped by the time each was scanned (from the file). */
function byScanTime(scope: ReadonlyMap<string, number>): Map<number, string[]> {
  const byTime = new Map<number, string[]>();
  for (const [assetId, at] of scope) {
    const group = byTime.get(at);
    if (group) group.push(assetId);
    else byTime.set(at, [assetId]);
  }
  return byTime;
}

/**
 * Imports one scanner report into one tenant in a single transaction: records stream in and are
 * written in batches (assets matched or created, findings upserted, scanners accumulated), then
 * a full scan closes as Fixed what it no longer reports on the assets it covered. A malformed
 * file rolls everything back.
 */
export async function importFindingFile(
  ctx: AppContext,
  tenantId: string,
  source: ImportSource,
  options: {
    format?: string;
    filename: string | null;
    doer: Doer;
    partial?: boolean;
    includeInfo?: boolean;
    offThread?: boolean;
  },
): Promise<FindingImportReport> {
  const format = await resolveFindingFormat(source, options.format, options.filename);
  return storeFindingEvents(ctx, tenantId, findingEvents(source, format, options.offThread), { ...options, format });
}

/** Stores a stream of importer events (a parsed file, or generated demo records) as one import run. */
export async function storeFindingEvents(
  ctx: AppContext,
  tenantId: string,
  events: AsyncIterable<WireEvent>,
  options: { format: FindingImportFormat; filename: string | null; doer: Doer; partial?: boolean; includeInfo?: boolean },
): Promise<FindingImportReport> {
  const { format } = options;
  const now = ctx.now();
  const fullScan = !options.partial;
  const slaDays = await remediationSlaDays(ctx.db, tenantId);
  const importId = newId();
  const tally = new ImportTally({ tenantId, importId, format, now });
  const counts = {
    created: 0,
    updated: 0,
    merged: 0,
    reopened: 0,
    fixed: 0,
    assetsCreated: 0,
    assetsMatched: 0,
    observations: 0,
    observationsGone: 0,
  };
  // New findings: whether to wake automation once the import has committed.
  const createdIds: string[] = [];
  const report = (): FindingImportReport => ({
    importId,
    format,
    filename: options.filename,
    fullScan,
    includeInfo: Boolean(options.includeInfo),
    ...counts,
    ...tally.summary(),
  });
  const restoreCache = await widenPageCache(ctx.db as never);
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await lockTenantForImport(trx, tenantId);
      await insertImportRun(trx, {
        id: importId,
        tenantId,
        kind: "findings",
        format: format,
        filename: options.filename,
        createdBy: options.doer.userId,
        at: now,
      });
      await insertFindingImport(trx, {
        id: importId,
        tenant_id: tenantId,
        scanner: format,
        full_scan: fullScan ? 1 : 0,
        scanned_at: now,
        asset_ids: "[]",
        created_at: now,
      });
      const assets = new AssetResolver(trx, tenantId, now);
      const writer = new FindingBatchWriter(trx, {
        tenantId,
        importId,
        now,
        slaDays: (s) => slaDays[s as FindingSeverity] ?? slaDays.Low,
        tally,
        bulk: ctx.bulk,
      });
      const scanners = new Set<string>();
      let batch: { finding: Finding; rawJson?: string; row: number; seenAt: number; firstSeen: number }[] = [];
      const flush = async () => {
        if (batch.length === 0) return;
        const resolved = await assets.resolve(batch);
        const result = await writer.write(batch.map((b, i) => ({ ...b, ...(resolved[i] as (typeof resolved)[number]) })));
        for (const k of ["created", "updated", "merged", "reopened"] as const) counts[k] += result[k];
        for (const id of result.createdIds) createdIds.push(id);
        // The new findings' event commits with them (one outbox row per batch).
        await recordEvent(trx, { type: "finding.created", tenantId, ids: result.createdIds }, now);
        batch = [];
        // Other requests (and /healthz) get their turn between batches; the transaction stays open.
        await yieldToEventLoop();
      };
      const observations = new ObservationBatch(trx, { tenantId, importId, now, assets });
      for await (const event of events) {
        tally.rowsRead++;
        if (event.kind === "record") {
          const finding = event.finding as Finding;
          scanners.add(finding.scanner);
          batch.push({ finding, rawJson: event.rawJson, row: event.row, ...seenTimes(finding, now) });
          if (batch.length >= BATCH) await flush();
        } else if (event.kind === "skipped") {
          tally.skip(event.reason);
        } else if (event.kind === "informational") {
          if (!options.includeInfo) tally.skip(event.reason);
          else {
            scanners.add(event.finding.scanner);
            await observations.add(event.finding as Finding, event.rawJson, seenTimes(event.finding as Finding, now));
          }
        } else {
          await tally.reject(trx, event.row, event.problems, event.raw);
        }
      }
      await flush();
      counts.observations = await observations.finish();
      tally.finish();
      await assets.finish();
      counts.assetsCreated = assets.created;
      counts.assetsMatched = assets.matched;
      if (fullScan) {
        for (const scanner of scanners) {
          counts.fixed += await markFixed(trx, { tenantId, importId, now, scanner, scope: assets.seen, doer: options.doer });
          if (options.includeInfo)
            counts.observationsGone += await observationsGone(trx, { tenantId, now, scanner, scope: assets.seen });
        }
      }
      let scannedAt = 0;
      for (const at of assets.seen.values()) scannedAt = Math.max(scannedAt, at);
      await finishFindingImport(trx, importId, scannedAt || now, [...assets.seen.keys()], report());
    });
  } catch (error) {
    throw malformedFile(error);
  } finally {
    await restoreCache();
  }
  await refreshRiskAfterImport(ctx, tenantId);
  ctx.events.emit({ type: "finding.created", tenantId, ids: createdIds });
  return report();
}

/** Closes as Fixed, with a timeline entry, what this scanner's full scan no longer reports. */
async function markFixed(
  trx: Parameters<typeof closeAsFixed>[0],
  run: { tenantId: string; importId: string; now: number; scanner: string; scope: ReadonlyMap<string, number>; doer: Doer },
): Promise<number> {
  // Assets scanned at the same moment are checked together; each against its own scan time.
  let fixed = 0;
  for (const [scannedAt, assetIds] of byScanTime(run.scope)) {
    const absent = await findingsAbsentFromScan(trx, run.tenantId, assetIds, run.scanner, run.importId, scannedAt);
    if (absent.length === 0) continue;
    // Scan times come from the file (capped at the clock when read); cap again so closed_at never
    // lies in the server's future whatever the caller passed.
    const gone = await closeAsFixed(trx, run.tenantId, absent, Math.min(scannedAt, run.now), run.now);
    await addTimeline(
      trx,
      gone.map((g) => ({
        tenantId: run.tenantId,
        subjectType: "finding" as const,
        subjectId: g.id,
        at: run.now,
        actorUserId: run.doer.userId,
        actorName: run.doer.name,
        kind: "status" as const,
        changes: { status: [g.status, "Closed"], closeReason: "Fixed", scanner: run.scanner, importId: run.importId },
        comment: `No longer reported by a full ${run.scanner} scan of the asset.`,
      })),
    );
    fixed += gone.length;
  }
  return fixed;
}

/** Marks gone the informational results this scanner's full scan no longer reports on the assets it covered. */
async function observationsGone(
  trx: Parameters<typeof markObservationsGone>[0],
  run: { tenantId: string; now: number; scanner: string; scope: ReadonlyMap<string, number> },
): Promise<number> {
  let gone = 0;
  for (const [scannedAt, assetIds] of byScanTime(run.scope))
    gone += await markObservationsGone(trx, { tenantId: run.tenantId, scanner: run.scanner, assetIds, scannedAt, now: run.now });
  return gone;
}
