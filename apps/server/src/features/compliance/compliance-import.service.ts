import { createHash } from "node:crypto";
import {
  type ComplianceImportFormat,
  complianceImportFormats,
  type ComplianceImportReport,
  type ComplianceResult,
  type ComplianceScanInput,
} from "@watchfloor/shared";
import type { Insertable } from "kysely";
import type { AppContext } from "../../context";
import { recordEvent } from "../../db/automation-outbox.repository";
import type { ComplianceResultsTable } from "../../db/tables";
import type { Doer } from "../../http/actor";
import { invalid } from "../../http/errors";
import { complianceImporterFor, detectComplianceFormat } from "../../importers/compliance";
import type { ImportSource } from "../../importers/types";
import { newId, sha256 } from "../../lib/tokens";
import { iso } from "../../lib/time";
import { yieldToEventLoop } from "../../lib/yield";
import { ImportTally, malformedFile, readHead } from "../imports/import-tally";
import { insertImportRun, lockTenantForImport, saveImportReport } from "../imports/imports.repository";
import * as repo from "./compliance-import.repository";
import { noticeNewlyFailing } from "./compliance-notify";
import { latestScansWithControls, rebuildRollups } from "./compliance-rollups.repository";

const BATCH = 500;

export async function resolveComplianceFormat(
  source: ImportSource,
  format: string | undefined,
  filename: string | null,
): Promise<ComplianceImportFormat> {
  if (format) {
    if (!(complianceImportFormats as readonly string[]).includes(format))
      throw invalid("format", `must be one of ${complianceImportFormats.join(", ")}`);
    return format as ComplianceImportFormat;
  }
  const detected = detectComplianceFormat(await readHead(source), filename ?? undefined);
  if (!detected)
    throw invalid("format", `could not be detected from the file; pass one of ${complianceImportFormats.join(", ")}`);
  return detected;
}

/** One scan being written: records of the same tool, target and benchmark in a file fold into it. */
interface OpenScan {
  id: string;
  scan: ComplianceScanInput;
  /** The newest time the tool gave for it, capped at the server's clock. */
  toolTime: number | null;
  digest: ReturnType<typeof createHash>;
}

const groupOf = (s: ComplianceScanInput) => JSON.stringify([s.tool, s.targetKind, s.targetId, s.benchmarkId]);

/**
 * Imports one compliance file into one tenant in a single transaction. Records stream in and are
 * written in batches; a scan is identified by tool, target, benchmark and the tool's time (or a
 * digest of its records when the tool writes no time), so importing the same file again replaces
 * the scan rather than adding one. A malformed or mostly unreadable file rolls everything back.
 */
export async function importComplianceFile(
  ctx: AppContext,
  tenantId: string,
  source: ImportSource,
  options: { format?: string; filename: string | null; doer: Doer; target?: string },
): Promise<ComplianceImportReport> {
  const format = await resolveComplianceFormat(source, options.format, options.filename);
  const target = options.target?.trim().slice(0, 500) || undefined;
  const now = ctx.now();
  const importId = newId();
  const tally = new ImportTally({ tenantId, importId, format, now });
  const scans = new Map<string, OpenScan>();
  const counts = { resultsStored: 0, merged: 0, mappings: 0 };
  const summaries: ComplianceImportReport["scans"] = [];
  const report = (): ComplianceImportReport => ({
    importId,
    format,
    filename: options.filename,
    ...counts,
    scans: summaries,
    ...tally.summary(),
  });
  // Results failing now that did not before: their event is recorded with the import, and wakes automation once committed.
  let newlyFailing: string[] = [];
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await lockTenantForImport(trx, tenantId);
      await insertImportRun(trx, {
        id: importId,
        tenantId,
        kind: "compliance",
        format,
        filename: options.filename,
        createdBy: options.doer.userId,
        at: now,
      });
      const mappingKeys = new Set<string>();
      // Keys of the pending batch only (the same key twice in one INSERT is an error on PostgreSQL);
      // across batches the upsert keeps the later record. A set of every key read grew with the file.
      let batchKeys = new Set<string>();
      let accepted = 0;
      let results: Insertable<ComplianceResultsTable>[] = [];
      let mappings: {
        tenant_id: string;
        tool: string;
        control_id: string;
        source: string;
        framework: string | null;
        requirement: string;
      }[] = [];
      // Controls whose mappings grew: scans stored before with them are rolled up again.
      const grown = new Map<string, Set<string>>();
      const flush = async () => {
        await repo.upsertResults(trx, results);
        for (const m of await repo.insertMappings(trx, mappings))
          grown.set(m.tool, (grown.get(m.tool) ?? new Set()).add(m.control_id));
        results = [];
        mappings = [];
        batchKeys = new Set();
        await yieldToEventLoop();
      };
      for await (const event of complianceImporterFor(format)(source)) {
        tally.rowsRead++;
        if (event.kind === "skipped") {
          tally.skip(event.reason);
          continue;
        }
        if (event.kind === "rejected") {
          await tally.reject(trx, event.row, event.problems, event.raw);
          continue;
        }
        const { check } = event;
        // Names the target for tools that do not (kube-bench's cluster, a Wazuh checks response's agent).
        const scan = target ? { ...event.scan, targetId: target } : event.scan;
        let open = scans.get(groupOf(scan));
        if (!open) {
          open = { id: newId(), scan, toolTime: null, digest: createHash("sha256") };
          scans.set(groupOf(scan), open);
          await repo.insertScan(trx, {
            id: open.id,
            tenant_id: tenantId,
            import_id: importId,
            scan_key: `pending:${open.id}`,
            tool: scan.tool,
            tool_version: scan.toolVersion ?? null,
            target_kind: scan.targetKind,
            target_id: scan.targetId,
            target_name: scan.targetName ?? null,
            benchmark_id: scan.benchmarkId,
            benchmark_title: scan.benchmarkTitle ?? null,
            benchmark_version: scan.benchmarkVersion ?? null,
            scanned_at: now,
            time_source: "import",
            latest: 0,
            created_at: now,
            results_count: 0,
            pass_count: 0,
            fail_count: 0,
            error_count: 0,
            not_applicable_count: 0,
            manual_count: 0,
            not_checked_count: 0,
            fail_severity: "{}",
          });
        }
        const at = scan.scannedAt ? Math.min(Date.parse(scan.scannedAt), now) : null;
        if (at !== null && (open.toolTime === null || at > open.toolTime)) open.toolTime = at;
        open.digest.update(event.raw).update("\n");
        const resultKey = JSON.stringify([check.controlId, check.resourceId ?? ""]);
        accepted++;
        if (batchKeys.has(`${open.id} ${resultKey}`)) await flush();
        batchKeys.add(`${open.id} ${resultKey}`);
        results.push({
          id: newId(),
          tenant_id: tenantId,
          scan_id: open.id,
          result_key: resultKey,
          control_id: check.controlId,
          title: check.title,
          severity: check.severity,
          result: check.result,
          rationale: check.rationale ?? null,
          remediation: check.remediation ?? null,
          evidence: check.evidence ?? null,
          resource_id: check.resourceId ?? null,
          resource_type: check.resourceType ?? null,
          region: check.region ?? null,
          service: check.service ?? null,
          raw: event.raw.replaceAll("\u0000", "\uFFFD"),
          row_number: event.row,
        });
        for (const m of check.mappings) {
          const key = JSON.stringify([scan.tool, check.controlId, m.source, m.requirement]);
          if (mappingKeys.has(key)) continue;
          mappingKeys.add(key);
          mappings.push({
            tenant_id: tenantId,
            tool: scan.tool,
            control_id: check.controlId,
            source: m.source,
            framework: m.framework,
            requirement: m.requirement,
          });
        }
        if (results.length >= BATCH || mappings.length >= BATCH) await flush();
      }
      await flush();
      tally.finish();
      counts.mappings = mappingKeys.size;
      for (const open of scans.values()) summaries.push(await finish(trx, tenantId, open, now));
      // What was stored is what the scans hold; the rest repeated a control and resource of a scan.
      counts.resultsStored = summaries.reduce((n, x) => n + x.results, 0);
      counts.merged = accepted - counts.resultsStored;
      const rollUp = new Set(summaries.map((x) => x.id));
      for (const [tool, controls] of grown)
        for (const id of await latestScansWithControls(trx, tenantId, tool, [...controls])) rollUp.add(id);
      await rebuildRollups(trx, tenantId, [...rollUp]);
      newlyFailing = await noticeNewlyFailing(ctx, trx, tenantId, summaries);
      await recordEvent(trx, { type: "compliance.newly_failing", tenantId, ids: newlyFailing }, now);
      await saveImportReport(trx, importId, report());
    });
  } catch (error) {
    throw malformedFile(error);
  }
  ctx.events.emit({ type: "compliance.newly_failing", tenantId, ids: newlyFailing });
  return report();
}

/** Gives the scan its key (replacing an earlier import of the same scan), time, counts, and the latest flag. */
async function finish(
  trx: Parameters<typeof repo.insertScan>[0],
  tenantId: string,
  open: OpenScan,
  now: number,
): Promise<ComplianceImportReport["scans"][number]> {
  const { scan } = open;
  const identity = open.toolTime !== null ? iso(open.toolTime) : `digest:${open.digest.digest("hex")}`;
  const scanKey = sha256(JSON.stringify([scan.tool, scan.targetKind, scan.targetId, scan.benchmarkId, identity]));
  const replaced = await repo.deleteScansWithKey(trx, tenantId, scanKey, open.id);
  const byResult = Object.fromEntries((await repo.resultCounts(trx, tenantId, open.id)).map((r) => [r.result, r.n])) as Partial<
    Record<ComplianceResult, number>
  >;
  const total = Object.values(byResult).reduce((a, b) => a + (b ?? 0), 0);
  const scannedAt = open.toolTime ?? now;
  await repo.finishScan(trx, tenantId, open.id, {
    scan_key: scanKey,
    scanned_at: scannedAt,
    time_source: open.toolTime !== null ? "tool" : "import",
    results_count: total,
    pass_count: byResult.pass ?? 0,
    fail_count: byResult.fail ?? 0,
    error_count: byResult.error ?? 0,
    not_applicable_count: byResult.not_applicable ?? 0,
    manual_count: byResult.manual ?? 0,
    not_checked_count: byResult.not_checked ?? 0,
    fail_severity: JSON.stringify(await repo.failSeverityCounts(trx, tenantId, open.id)),
  });
  await repo.refreshLatest(trx, tenantId, {
    tool: scan.tool,
    target_kind: scan.targetKind,
    target_id: scan.targetId,
    benchmark_id: scan.benchmarkId,
  });
  return {
    id: open.id,
    tool: scan.tool,
    targetKind: scan.targetKind,
    targetId: scan.targetId,
    benchmarkId: scan.benchmarkId,
    scannedAt: iso(scannedAt),
    results: total,
    replacedEarlierImport: replaced > 0,
  };
}
