import type { Finding } from "@watchfloor/shared";
import type { Transaction } from "kysely";
import type { SqliteBulk } from "../../db/sqlite-bulk";
import type { DB, FindingSourcesTable, FindingsTable } from "../../db/tables";
import { newId } from "../../lib/tokens";
import { addTimeline, type TimelineEntry } from "../timeline/timeline.repository";
import type { ImportTally } from "../imports/import-tally";
import type { ResolvedAsset } from "./findings-import.assets";
import { type Intel, mergeFinding, newFindingRow } from "./findings-import.rows";
import {
  existingFindings,
  intelForCves,
  moveDueDate,
  reopenFindings,
  upsertFindings,
  upsertSources,
  writeCveLinks,
} from "./findings-import.repository";
import { type CvssResult, scoreCvssVector } from "./cvss";

export interface BatchItem extends ResolvedAsset {
  finding: Finding;
  /** The record's raw form already as JSON (from the parsing worker). */
  rawJson?: string;
  row: number;
  seenAt: number;
  firstSeen: number;
}

interface Group {
  row: FindingsTable;
  sources: Map<string, FindingSourcesTable>;
  cvesChanged: boolean;
  existed: boolean;
}

const noIntel: Intel = { kev: false, epss: null, epssPercentile: null };

/**
 * Writes one batch of scanner records as findings: records of one vulnerability on one asset and
 * port become one finding (within the batch and against what is stored), each scanner's sighting
 * is kept as a source, and the CVE links follow the finding's CVEs.
 */
export class FindingBatchWriter {
  // Distinct vectors are few (a scan repeats the same ones); parse each once per import.
  private readonly cvss = new Map<string, CvssResult>();

  constructor(
    private readonly trx: Transaction<DB>,
    private readonly run: {
      tenantId: string;
      importId: string;
      now: number;
      slaDays: (severity: string) => number;
      tally: ImportTally;
      bulk?: SqliteBulk;
    },
  ) {}

  async write(items: BatchItem[]) {
    const result = { created: 0, updated: 0, merged: 0, reopened: 0, createdIds: [] as string[] };
    const { tenantId, importId, now, slaDays, tally } = this.run;
    const intel = await intelForCves(
      this.trx,
      items.flatMap((i) => i.finding.cveIds),
    );
    const groups = new Map<string, Group>();
    for (const item of items) {
      const f = item.finding;
      const incoming = newFindingRow({
        tenantId,
        id: newId(),
        record: f,
        rawJson: item.rawJson,
        asset: item.asset,
        identities: item.identities,
        firstSeen: item.firstSeen,
        seenAt: item.seenAt,
        now,
        slaDays: slaDays(f.severity),
        cvss: this.score(f, item.row),
        intel: combine(f.cveIds.map((c) => intel.get(c) ?? noIntel)),
      });
      const key = `${incoming.asset_id}\u0000${incoming.dedupe_key}`;
      const sourceKey = `${f.scanner}\u0000${f.scannerFindingId}`;
      const source: FindingSourcesTable = {
        finding_id: "",
        tenant_id: tenantId,
        scanner: f.scanner,
        scanner_finding_id: f.scannerFindingId,
        first_seen: item.firstSeen,
        last_seen: item.seenAt,
        last_import_id: importId,
      };
      const group = groups.get(key);
      if (!group) {
        groups.set(key, { row: incoming, sources: new Map([[sourceKey, source]]), cvesChanged: true, existed: false });
        continue;
      }
      result.merged++;
      if (group.sources.has(sourceKey)) {
        tally.note({
          row: item.row,
          field: "scannerFindingId",
          value: f.scannerFindingId,
          kind: "duplicate_id",
          message: `${f.scanner} reported ${f.scannerFindingId} twice on ${item.asset.asset_key} ${incoming.dedupe_key.split("|")[1]}; kept once`,
        });
      }
      group.row = mergeFinding(group.row, incoming, slaDays).row;
      group.sources.set(sourceKey, source);
    }

    const rows = [...groups.values()];
    const stored = await this.existing(rows.map((g) => g.row));
    const reopens: { id: string; closeReason: string | null; dueAt: number | null; entry: TimelineEntry }[] = [];
    const dueMoves: { id: string; from: number | null; to: number | null }[] = [];
    for (const group of rows) {
      const found = stored.get(`${group.row.asset_id}\u0000${group.row.dedupe_key}`);
      if (!found) {
        result.created++;
        result.createdIds.push(group.row.id);
        continue;
      }
      // Seen earlier in this same file (another batch): a merge, not a second update.
      if (found.seenInImport) result.merged++;
      else result.updated++;
      const merged = mergeFinding(found.row, group.row, slaDays);
      group.cvesChanged = found.row.cve_ids !== merged.row.cve_ids;
      group.existed = true;
      group.row = merged.row;
      if (merged.reopened) {
        reopens.push({
          id: merged.row.id,
          closeReason: found.row.close_reason,
          dueAt: merged.row.due_at,
          entry: {
            tenantId,
            subjectType: "finding",
            subjectId: merged.row.id,
            at: now,
            actorName: "import",
            kind: "status",
            changes: { status: ["Closed", "Open"], closeReason: [found.row.close_reason, null], importId },
            comment: `Reported again by ${[...group.sources.values()].map((s) => s.scanner).join(", ")} after it was closed as ${found.row.close_reason}.`,
          },
        });
      } else if (merged.row.due_at !== found.row.due_at) {
        dueMoves.push({ id: merged.row.id, from: found.row.due_at, to: merged.row.due_at });
      }
    }
    const bulk = this.run.bulk;
    await upsertFindings(
      this.trx,
      rows.map((g) => g.row),
      bulk,
    );
    // The upsert leaves the workflow columns as they are now; these guarded updates change them
    // only where they still hold what this import read.
    const reopened = await reopenFindings(this.trx, tenantId, reopens, now);
    for (const m of dueMoves) await moveDueDate(this.trx, tenantId, m.id, m.from, m.to);
    result.reopened += reopened.size;
    const timeline = reopens.filter((r) => reopened.has(r.id)).map((r) => r.entry);
    await upsertSources(
      this.trx,
      rows.flatMap((g) => [...g.sources.values()].map((s) => ({ ...s, finding_id: g.row.id }))),
      bulk,
    );
    await writeCveLinks(
      this.trx,
      tenantId,
      rows.filter((g) => g.cvesChanged).map((g) => ({ findingId: g.row.id, cves: JSON.parse(g.row.cve_ids) as string[] })),
      rows.filter((g) => g.existed && g.cvesChanged).map((g) => g.row.id),
      bulk,
    );
    await addTimeline(this.trx, timeline);
    return result;
  }

  private score(f: Finding, row: number): CvssResult | null {
    if (!f.cvssVector) return null;
    let result = this.cvss.get(f.cvssVector);
    if (!result) {
      result = scoreCvssVector(f.cvssVector);
      this.cvss.set(f.cvssVector, result);
    }
    if (!result.ok) {
      const kept = f.cvssScore != null ? `the scanner's score ${f.cvssScore} is kept` : "no score is stored";
      this.run.tally.note({
        row,
        field: "cvssVector",
        value: f.cvssVector,
        kind: "invalid_value",
        message: `CVSS vector ${result.reason}; ${kept}`,
      });
    }
    return result;
  }

  private async existing(rows: FindingsTable[]): Promise<Map<string, { row: FindingsTable; seenInImport: boolean }>> {
    const out = new Map<string, { row: FindingsTable; seenInImport: boolean }>();
    if (rows.length === 0) return out;
    const found = await existingFindings(
      this.trx,
      this.run.tenantId,
      this.run.importId,
      rows.map((r) => r.asset_id),
      rows.map((r) => r.dedupe_key),
    );
    for (const { seen_in_import, ...row } of found)
      out.set(`${row.asset_id}\u0000${row.dedupe_key}`, { row, seenInImport: Number(seen_in_import) === 1 });
    return out;
  }
}

/** A finding's KEV flag is any of its CVEs'; its EPSS the highest (with that CVE's percentile). */
export function combine(values: Intel[]): Intel {
  let best: Intel = noIntel;
  for (const v of values) if (v.epss != null && (best.epss == null || v.epss > best.epss)) best = v;
  return { kev: values.some((v) => v.kev), epss: best.epss, epssPercentile: best.epssPercentile };
}
