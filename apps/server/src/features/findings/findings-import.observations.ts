import type { Finding } from "@watchfloor/shared";
import type { Transaction } from "kysely";
import type { DB, ScannerObservationsTable } from "../../db/tables";
import { newId } from "../../lib/tokens";
import { yieldToEventLoop } from "../../lib/yield";
import type { AssetResolver } from "./findings-import.assets";
import { upsertObservations } from "./observations.repository";

const BATCH = 500;

/**
 * Informational results of one import kept as observations (`includeInfo`): their assets are
 * matched or created as a finding's would be, and each (asset, scanner result, port) is stored
 * once, as the last record of the file that names it.
 */
export class ObservationBatch {
  private pending: { finding: Finding; rawJson: string | undefined; seenAt: number; firstSeen: number }[] = [];
  private readonly stored = new Set<string>();

  constructor(
    private readonly trx: Transaction<DB>,
    private readonly run: { tenantId: string; importId: string; now: number; assets: AssetResolver },
  ) {}

  async add(finding: Finding, rawJson: string | undefined, seen: { seenAt: number; firstSeen: number }): Promise<void> {
    this.pending.push({ finding, rawJson, ...seen });
    if (this.pending.length >= BATCH) await this.flush();
  }

  /** Writes what is left; answers how many distinct observations the import stored. */
  async finish(): Promise<number> {
    await this.flush();
    return this.stored.size;
  }

  private async flush(): Promise<void> {
    if (this.pending.length === 0) return;
    const resolved = await this.run.assets.resolve(this.pending);
    const rows = new Map<string, ScannerObservationsTable>();
    for (const [i, p] of this.pending.entries()) {
      const assetId = resolved[i]?.asset.id;
      if (!assetId) continue;
      const f = p.finding;
      const row: ScannerObservationsTable = {
        id: newId(),
        tenant_id: this.run.tenantId,
        asset_id: assetId,
        scanner: f.scanner,
        result_id: f.scannerFindingId,
        port: f.port ?? 0,
        protocol: (f.protocol ?? "tcp").toLowerCase(),
        service: f.service ?? null,
        title: f.title,
        evidence: f.evidence ?? null,
        raw: p.rawJson ?? (f.raw === undefined ? null : JSON.stringify(f.raw)),
        first_seen: p.firstSeen,
        last_seen: p.seenAt,
        last_import_id: this.run.importId,
        gone_at: null,
      };
      const key = [assetId, row.scanner, row.result_id, row.port, row.protocol].join("\u0000");
      rows.set(key, row);
      this.stored.add(key);
    }
    this.pending = [];
    await upsertObservations(this.trx, [...rows.values()]);
    await yieldToEventLoop();
  }
}
