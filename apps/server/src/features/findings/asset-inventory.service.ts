import type { AssetImportReport, Finding, FindingSeverity } from "@watchfloor/shared";
import type { Transaction } from "kysely";
import type { AppContext } from "../../context";
import type { AssetIdentitiesTable, AssetsTable, DB, FindingsTable } from "../../db/tables";
import { parsedOffThread, worthAWorker } from "../../importers/off-thread";
import type { ImportSource } from "../../importers/types";
import { newId } from "../../lib/tokens";
import { startWorker } from "../../lib/worker-entry";
import { yieldToEventLoop } from "../../lib/yield";
import type { Doer } from "../../http/actor";
import {
  existingFindings,
  moveDueDate,
  remediationSlaDays,
  setTriageState,
  upsertFindings,
  upsertSources,
} from "./findings-import.repository";
import { assignableMembersByName } from "./findings.repository";
import { mergeFinding, newFindingRow } from "./findings-import.rows";
import { ImportTally, malformedFile } from "../imports/import-tally";
import { type InventoryEvent, type InventoryRecord, readAssetInventory } from "./asset-inventory";
import { identitiesOf } from "../assets/assets-match";
import {
  type AssetRow,
  assetsByKey,
  cweNames,
  findIdentityOwners,
  insertAssets,
  insertIdentities,
  syncFindingAssetFields,
  updateAssetFields,
} from "../assets/assets.repository";
import { insertImportRun, lockTenantForImport, saveImportReport } from "../imports/imports.repository";

// Records per write; the event loop runs between batches (a batch is about 10-20 ms of SQLite work).
const BATCH = 200;

/** The inventory's events: read on this thread, or for a big file in a worker thread (importers/off-thread.ts). */
async function* inventoryEvents(source: ImportSource, offThread?: boolean): AsyncGenerator<InventoryEvent> {
  if (!source.path || !(await worthAWorker(source, offThread))) {
    yield* readAssetInventory(source);
    return;
  }
  yield* parsedOffThread<{ path: string }, InventoryEvent>(
    startWorker(import.meta.url, "./asset-inventory.worker.ts", "asset-inventory-worker"),
    { path: source.path },
  );
}

export type { AssetImportReport };

/**
 * Imports the spec's vulnerable-asset records into a tenant's inventory in one transaction:
 * assets upserted by their ASSET-nnnn key (the file fills what it gives, keeps the rest), their
 * host names and addresses added as identities, and each record's vulnerability stored as a
 * finding of scanner "inventory" with the file's status and assignee.
 */
export async function importAssetInventory(
  ctx: AppContext,
  tenantId: string,
  source: ImportSource,
  options: { filename: string | null; doer: Doer; offThread?: boolean },
): Promise<AssetImportReport> {
  const now = ctx.now();
  const importId = newId();
  const format = "asset-inventory" as const;
  const tally = new ImportTally({ tenantId, importId, format, now });
  const counts = { assetsCreated: 0, assetsUpdated: 0, findingsCreated: 0, findingsUpdated: 0 };
  const report = (): AssetImportReport => ({ importId, format, filename: options.filename, ...counts, ...tally.summary() });
  try {
    await ctx.db.transaction().execute(async (trx) => {
      // As the scanner import does: one import per tenant at a time, so new asset keys and
      // finding upserts of two imports never race.
      await lockTenantForImport(trx, tenantId);
      await insertImportRun(trx, {
        id: importId,
        tenantId,
        kind: "assets",
        format: format,
        filename: options.filename,
        createdBy: options.doer.userId,
        at: now,
      });
      const days = await remediationSlaDays(trx, tenantId);
      let batch: { row: number; record: InventoryRecord }[] = [];
      const flush = async () => {
        const result = await storeBatch(
          trx,
          { tenantId, importId, now, tally, slaDays: (s) => days[s as FindingSeverity] ?? days.Low, bulk: ctx.bulk },
          batch,
        );
        for (const k of Object.keys(counts) as (keyof typeof counts)[]) counts[k] += result[k];
        batch = [];
        await yieldToEventLoop();
      };
      for await (const event of inventoryEvents(source, options.offThread)) {
        tally.rowsRead++;
        if (event.kind === "rejected") {
          await tally.reject(trx, event.row, event.problems, event.raw);
          continue;
        }
        for (const n of event.notes) tally.note(n);
        batch.push(event);
        if (batch.length >= BATCH) await flush();
      }
      await flush();
      tally.finish();
      await saveImportReport(trx, importId, report());
    });
  } catch (error) {
    throw malformedFile(error);
  }
  return report();
}

type Run = {
  tenantId: string;
  importId: string;
  now: number;
  tally: ImportTally;
  slaDays: (severity: string) => number;
  bulk: AppContext["bulk"];
};

async function storeBatch(trx: Transaction<DB>, run: Run, batch: { row: number; record: InventoryRecord }[]) {
  const counts = { assetsCreated: 0, assetsUpdated: 0, findingsCreated: 0, findingsUpdated: 0 };
  const { tenantId, now } = run;
  const stored = await assetsByKey(
    trx,
    tenantId,
    batch.map((b) => b.record.key),
  );
  const known = new Map<string, AssetRow>(stored);
  const identities: AssetIdentitiesTable[] = [];
  const owners = new Map(
    (
      await findIdentityOwners(
        trx,
        tenantId,
        batch.flatMap((b) => ids(b.record)),
      )
    ).map((o) => [`${o.kind}\u0000${o.value}`, o.asset_id]),
  );
  for (const { row, record: r } of batch) {
    // A date from the file never lies in the server's future.
    const at = r.createdAt ? Math.min(Date.parse(r.createdAt), now) : now;
    // A key seen earlier (stored, or earlier in this file) is updated: what the row leaves empty stays.
    const before = known.get(r.key);
    const asset: AssetRow = {
      id: before?.id ?? newId(),
      tenant_id: tenantId,
      asset_key: r.key,
      name: r.name,
      type: r.type,
      department: r.department ?? before?.department ?? null,
      business_impact: r.businessImpact ?? before?.business_impact ?? null,
      client_environment: r.clientEnvironment ?? before?.client_environment ?? null,
      site: r.site ?? before?.site ?? null,
      latitude: r.latitude ?? before?.latitude ?? null,
      longitude: r.longitude ?? before?.longitude ?? null,
      owner: r.owner ?? before?.owner ?? null,
      internet_facing: before?.internet_facing ?? 0,
      created_at: before?.created_at ?? at,
      updated_at: now,
      first_seen: Math.min(before?.first_seen ?? at, at),
      last_seen: Math.max(before?.last_seen ?? at, at),
    };
    known.set(r.key, asset);
    for (const identity of ids(r)) {
      const key = `${identity.kind}\u0000${identity.value}`;
      const owner = owners.get(key);
      if (owner && owner !== asset.id) {
        run.tally.note({
          row,
          field: identity.kind,
          value: identity.value,
          kind: "invalid_value",
          message: `${identity.value} already identifies another asset; not added to ${r.key}`,
        });
      } else if (!owner) {
        owners.set(key, asset.id);
        identities.push({ tenant_id: tenantId, asset_id: asset.id, kind: identity.kind, value: identity.value });
      }
    }
  }
  const batchKeys = new Set(batch.map((b) => b.record.key));
  const created = [...batchKeys].filter((k) => !stored.has(k)).map((k) => known.get(k) as AssetsTable);
  const updated = [...batchKeys].filter((k) => stored.has(k)).map((k) => known.get(k) as AssetRow);
  await insertAssets(trx, created);
  for (const a of updated) {
    await updateAssetFields(trx, a);
    await syncFindingAssetFields(trx, tenantId, a.id);
  }
  await insertIdentities(trx, identities);
  counts.assetsCreated = created.length;
  counts.assetsUpdated = updated.length;
  Object.assign(counts, await storeVulnerabilities(trx, run, batch, known));
  return counts;
}

const ids = (r: InventoryRecord) => [
  ...r.hostnames.flatMap((h) => identitiesOf({ scanner: "inventory", hostname: h })),
  ...r.ips.flatMap((ip) => identitiesOf({ scanner: "inventory", ip })),
];

/** Each record's vulnerability as an "inventory" finding on its asset; the file's status and assignee win. */
async function storeVulnerabilities(
  trx: Transaction<DB>,
  run: Run,
  batch: { row: number; record: InventoryRecord }[],
  assets: Map<string, AssetRow>,
) {
  const withVuln = batch.filter((b) => b.record.vulnerability);
  const names = await cweNames(trx, withVuln.map((b) => b.record.vulnerability?.cweId ?? "").filter(Boolean));
  // The file names assignees; the member of that name (if exactly one may work findings) is the user.
  const members = await assignableMembersByName(
    trx,
    run.tenantId,
    withVuln.map((b) => b.record.vulnerability?.assignee ?? "").filter(Boolean),
  );
  const rows = new Map<string, FindingsTable>();
  for (const { record: r } of withVuln) {
    const v = r.vulnerability;
    const asset = assets.get(r.key);
    if (!v || !asset) continue;
    const seen = v.date ? Math.min(Date.parse(v.date), run.now) : run.now;
    const title = v.cweId
      ? names.has(v.cweId)
        ? `${v.cweId}: ${names.get(v.cweId)}`
        : v.cweId
      : "Vulnerability reported by the asset inventory";
    const finding = {
      scanner: "inventory",
      scannerFindingId: `${r.key}:${v.cweId ?? "vulnerability"}`,
      title,
      severity: v.severity,
      cvssScore: v.score,
      cweId: v.cweId,
      remediation: v.remediation,
      cveIds: [],
    } as Finding;
    const copy = {
      id: asset.id,
      asset_key: asset.asset_key,
      name: asset.name,
      type: asset.type,
      department: asset.department,
      business_impact: asset.business_impact,
      client_environment: asset.client_environment,
    };
    const row = newFindingRow({
      tenantId: run.tenantId,
      id: newId(),
      record: finding,
      asset: copy,
      identities: [],
      firstSeen: seen,
      seenAt: seen,
      now: run.now,
      slaDays: run.slaDays(v.severity),
      cvss: null,
      intel: { kev: false, epss: null, epssPercentile: null },
    });
    Object.assign(row, {
      status: v.status,
      assignee: v.assignee,
      assignee_user_id: v.assignee ? (members.get(v.assignee) ?? null) : null,
      services: JSON.stringify(v.services.length ? v.services : ["inventory"]),
      closed_at: v.status === "Closed" ? seen : null,
    });
    rows.set(`${row.asset_id}\u0000${row.dedupe_key}`, row);
  }
  const list = [...rows.values()];
  const stored = new Map(
    (
      await existingFindings(
        trx,
        run.tenantId,
        run.importId,
        list.map((r) => r.asset_id),
        list.map((r) => r.dedupe_key),
      )
    ).map((f) => [`${f.asset_id}\u0000${f.dedupe_key}`, f]),
  );
  const existed: FindingsTable[] = [];
  const dueMoves: { id: string; from: number | null; to: number | null }[] = [];
  const out = list.map((row) => {
    const before = stored.get(`${row.asset_id}\u0000${row.dedupe_key}`);
    if (!before) return row;
    const { seen_in_import: _seen, ...existing } = before;
    const merged = mergeFinding(existing, row, run.slaDays).row;
    // The inventory is the record of triage here: its status and assignee replace the stored ones.
    const next = {
      ...merged,
      status: row.status,
      assignee: row.assignee,
      assignee_user_id: row.assignee_user_id,
      services: row.services,
      closed_at: row.status === "Closed" ? (existing.closed_at ?? row.closed_at) : null,
      close_reason: row.status === "Closed" ? existing.close_reason : null,
    };
    existed.push(next);
    if (next.due_at !== existing.due_at) dueMoves.push({ id: next.id, from: existing.due_at, to: next.due_at });
    return next;
  });
  await upsertFindings(trx, out, run.bulk);
  // The upsert leaves a stored finding's due date alone; move it only if nobody has meanwhile.
  for (const m of dueMoves) await moveDueDate(trx, run.tenantId, m.id, m.from, m.to);
  // Assignees are people's and never rewritten by scanner imports; here the file is the record.
  for (const f of existed)
    await setTriageState(trx, run.tenantId, [f.id], {
      status: f.status,
      closeReason: f.close_reason,
      assignee: f.assignee,
      assigneeUserId: f.assignee_user_id,
      closedAt: f.closed_at,
      now: run.now,
    });
  await upsertSources(
    trx,
    out.map((f) => ({
      finding_id: f.id,
      tenant_id: run.tenantId,
      scanner: "inventory",
      scanner_finding_id: f.dedupe_key.split("|")[0]?.slice("inventory:".length) ?? f.dedupe_key,
      first_seen: f.first_seen,
      last_seen: f.last_seen,
      last_import_id: run.importId,
    })),
    run.bulk,
  );
  return { findingsCreated: out.length - existed.length, findingsUpdated: existed.length };
}
