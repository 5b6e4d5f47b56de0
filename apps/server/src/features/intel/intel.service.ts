import {
  type CweEntry,
  type EpssMeta,
  type EpssScore,
  type IntelFeed,
  type IntelImportFormat,
  type IntelImportReport,
  type IntelStatus,
  intelFeeds,
  type KevCatalog,
  type KevEntry,
} from "@watchfloor/shared";
import type { AppContext } from "../../context";
import { recordEvent } from "../../db/automation-outbox.repository";
import { invalid } from "../../http/errors";
import {
  detectIntelFormat,
  importCweCsv,
  importCweJson,
  importEpss,
  importKevCsv,
  importKevJson,
  type IntelEvent,
} from "../../importers/intel";
import type { ImportSource } from "../../importers/types";
import { iso } from "../../lib/time";
import type { Doer } from "../../http/actor";
import { malformedFile, REPORT_LIMIT, readHead } from "../imports/import-tally";
import { refreshRiskAfterImport } from "../risk/risk-snapshots.service";
import { intelCounts, intelLoads, recordLoad, reflagKev, rerankEpss, upsertCwe, upsertEpss, upsertKev } from "./intel.repository";

export { intelFeeds, type IntelFeed };

const formatsOf: Record<IntelFeed, IntelImportFormat[]> = {
  kev: ["kev-json", "kev-csv"],
  epss: ["epss-csv"],
  cwe: ["cwe-json", "cwe-csv"],
};
const BATCH = 2000;

async function resolveFormat(feed: IntelFeed, source: ImportSource, format: string | undefined): Promise<IntelImportFormat> {
  const allowed = formatsOf[feed];
  if (format) {
    if (!(allowed as string[]).includes(format)) throw invalid("format", `must be one of ${allowed.join(", ")}`);
    return format as IntelImportFormat;
  }
  const detected = detectIntelFormat(await readHead(source, 8192));
  if (!detected || !allowed.includes(detected)) {
    throw invalid(
      "format",
      detected
        ? `the file looks like ${detected}, not ${feed}`
        : `could not be detected from the file; pass one of ${allowed.join(", ")}`,
    );
  }
  return detected;
}

type AnyEvent = IntelEvent<KevEntry, KevCatalog> | IntelEvent<EpssScore, EpssMeta> | IntelEvent<CweEntry>;

function parserFor(format: IntelImportFormat): (source: ImportSource) => AsyncIterable<AnyEvent> {
  if (format === "kev-json") return importKevJson;
  if (format === "kev-csv") return importKevCsv;
  if (format === "epss-csv") return importEpss;
  if (format === "cwe-json") return importCweJson;
  if (format === "cwe-csv") return importCweCsv;
  throw invalid("format", `${format} is not a KEV, EPSS or CWE file`);
}

/**
 * Loads one intel file (CISA KEV, FIRST EPSS or a CWE list) in one transaction: entries are
 * upserted in batches as they stream in, then every tenant's findings are re-flagged (KEV) or
 * re-ranked (EPSS). Intel is global reference data; rejected entries are reported, not kept.
 */
export async function importIntelFile(
  ctx: AppContext,
  feed: IntelFeed,
  source: ImportSource,
  options: { format?: string; filename: string | null; doer: Doer },
): Promise<IntelImportReport> {
  const format = await resolveFormat(feed, source, options.format);
  const report: IntelImportReport = {
    feed,
    format,
    filename: options.filename,
    version: null,
    released: null,
    rowsRead: 0,
    loaded: 0,
    rejected: [],
    rejectedCount: 0,
    findingsUpdated: 0,
  };
  let newlyKnownExploited: { id: string; tenant_id: string }[] = [];
  try {
    await ctx.db.transaction().execute(async (trx) => {
      let batch: unknown[] = [];
      const flush = async () => {
        if (feed === "kev") await upsertKev(trx, batch as KevEntry[]);
        else if (feed === "epss") await upsertEpss(trx, batch as EpssScore[], report.released);
        else await upsertCwe(trx, batch as CweEntry[]);
        report.loaded += batch.length;
        batch = [];
      };
      for await (const event of parserFor(format)(source)) {
        if (event.kind === "meta") {
          const meta = event.meta as Partial<KevCatalog & EpssMeta>;
          report.version = meta.catalogVersion ?? meta.modelVersion ?? null;
          report.released = meta.dateReleased ?? meta.scoreDate ?? null;
          continue;
        }
        report.rowsRead++;
        if (event.kind === "rejected") {
          report.rejectedCount++;
          if (report.rejected.length < REPORT_LIMIT) report.rejected.push({ row: event.row, problems: event.problems });
          continue;
        }
        batch.push(event.record);
        if (batch.length >= BATCH) await flush();
      }
      await flush();
      if (feed === "kev") {
        newlyKnownExploited = await reflagKev(trx);
        report.findingsUpdated = newlyKnownExploited.length;
        // Findings that just became known-exploited, per tenant, for automation rules: committed with the flags.
        for (const [tenantId, ids] of byTenant(newlyKnownExploited))
          await recordEvent(trx, { type: "finding.known_exploited", tenantId, ids }, ctx.now());
      }
      if (feed === "epss") report.findingsUpdated = await rerankEpss(trx);
      await recordLoad(trx, {
        source: feed,
        version: report.version,
        released: report.released,
        filename: options.filename,
        records: report.loaded,
        loaded_at: ctx.now(),
        loaded_by: options.doer.name,
      });
    });
  } catch (error) {
    throw malformedFile(error);
  }
  if (feed !== "cwe") await refreshRiskAfterImport(ctx, "all");
  for (const [tenantId, ids] of byTenant(newlyKnownExploited))
    ctx.events.emit({ type: "finding.known_exploited", tenantId, ids });
  return report;
}

function byTenant(findings: readonly { id: string; tenant_id: string }[]): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const f of findings) {
    const ids = map.get(f.tenant_id);
    if (ids) ids.push(f.id);
    else map.set(f.tenant_id, [f.id]);
  }
  return map;
}

/** What intel is loaded: entry counts and each feed's last load. */
export async function intelStatus(ctx: AppContext): Promise<IntelStatus> {
  const counts = await intelCounts(ctx.db);
  const loads = new Map((await intelLoads(ctx.db)).map((l) => [l.source, l]));
  return {
    feeds: intelFeeds.map((feed) => {
      const load = loads.get(feed);
      return {
        feed,
        entries: counts[feed],
        version: load?.version ?? null,
        released: load?.released ?? null,
        filename: load?.filename ?? null,
        loadedAt: load ? iso(load.loaded_at) : null,
        loadedBy: load?.loaded_by ?? null,
      };
    }),
  };
}
