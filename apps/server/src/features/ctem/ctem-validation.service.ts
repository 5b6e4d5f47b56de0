import type { CtemExposure, CtemNucleiReport, CtemValidate, CtemValidationState } from "@watchfloor/shared";
import type { AppContext } from "../../context";
import type { Doer } from "../../http/actor";
import { notFound } from "../../http/errors";
import { importNuclei } from "../../importers/findings";
import type { ImportSource } from "../../importers/types";
import { identitiesOf } from "../assets/assets-match";
import { findIdentityOwners } from "../assets/assets.repository";
import { recordAudit } from "../audit/audit.repository";
import { findingSources } from "../findings/findings.repository";
import * as repo from "./ctem.repository";
import { scopeExposures } from "./ctem-exposures.service";
import { recordScopeSnapshot } from "./ctem-snapshots.service";

async function refreshSnapshot(ctx: AppContext, row: repo.ScopeRow) {
  const { score, exposures } = await scopeExposures(ctx, row);
  await recordScopeSnapshot(ctx, row, score, exposures.length);
}

/** Marks one exposure of the scope validated, not exploitable or mitigated, with evidence; audited. */
export async function validateExposure(ctx: AppContext, doer: Doer, row: repo.ScopeRow, body: CtemValidate) {
  const { exposures } = await scopeExposures(ctx, row);
  const exposure = exposures.find((e) => e.key === body.exposureKey);
  if (!exposure) throw notFound("Exposure of this scope");
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.upsertValidation(trx, {
      tenant_id: row.tenant_id,
      exposure_key: exposure.key,
      state: body.state,
      evidence: body.evidence,
      source: "manual",
      by_user_id: doer.userId,
      by_name: doer.name,
      at: now,
    });
    await recordAudit(trx, {
      event: "ctem.exposure_validated",
      at: now,
      tenantId: row.tenant_id,
      actorUserId: doer.userId,
      details: {
        scopeId: row.id,
        exposureKey: exposure.key,
        state: body.state,
        evidence: body.evidence,
        previous: exposure.validation?.state ?? null,
      },
    });
  });
  await refreshSnapshot(ctx, row);
  return { key: exposure.key };
}

const lower = (values: readonly string[]) => new Set(values.map((v) => v.toLowerCase()));

/** Whether a Nuclei result confirms a finding exposure: a shared CVE, or the same Nuclei template match. */
async function confirms(
  ctx: AppContext,
  tenantId: string,
  e: CtemExposure,
  cves: Set<string>,
  nucleiId: string,
  port: number | undefined,
) {
  if (e.kind === "service") return port !== undefined && e.port === port;
  if (e.cves.some((c) => cves.has(c.toLowerCase()))) return true;
  if (!e.findingId || !nucleiId) return false;
  const sources = await findingSources(ctx.db, tenantId, e.findingId);
  return sources.some((s) => s.scanner === "nuclei" && s.scanner_finding_id === nucleiId);
}

/**
 * Nuclei results (JSON lines or a JSON array, the importer features/findings uses) confirm the
 * scope's exposures: a result on a host the scope holds (by its addresses and host names) with a
 * CVE or template the exposure has, or on the port of an open service, marks it validated.
 */
export async function importNucleiValidations(
  ctx: AppContext,
  doer: Doer,
  row: repo.ScopeRow,
  source: ImportSource,
  filename: string | null,
): Promise<CtemNucleiReport> {
  const { exposures } = await scopeExposures(ctx, row);
  const report: CtemNucleiReport = { results: 0, validated: 0, unmatched: 0, skipped: 0, rejected: 0, keys: [] };
  const confirmed = new Map<string, string>();
  for await (const event of importNuclei(source)) {
    if (event.kind === "skipped") report.skipped++;
    if (event.kind === "rejected") report.rejected++;
    if (event.kind !== "record") continue;
    report.results++;
    const f = event.finding;
    const owners = new Set((await findIdentityOwners(ctx.db, row.tenant_id, identitiesOf(f))).map((o) => o.asset_id));
    const cves = lower(f.cveIds ?? []);
    let matched = false;
    for (const e of exposures.filter((x) => owners.has(x.asset.id))) {
      if (!(await confirms(ctx, row.tenant_id, e, cves, f.scannerFindingId, f.port ?? undefined))) continue;
      matched = true;
      if (!confirmed.has(e.key)) confirmed.set(e.key, `Nuclei ${f.title}${f.evidence ? `\n${f.evidence}` : ""}`.slice(0, 4000));
    }
    if (!matched) report.unmatched++;
  }
  const now = ctx.now();
  const state: CtemValidationState = "validated";
  await ctx.db.transaction().execute(async (trx) => {
    for (const [key, evidence] of confirmed)
      await repo.upsertValidation(trx, {
        tenant_id: row.tenant_id,
        exposure_key: key,
        state,
        evidence,
        source: "nuclei",
        by_user_id: doer.userId,
        by_name: doer.name,
        at: now,
      });
    await recordAudit(trx, {
      event: "ctem.validations_imported",
      at: now,
      tenantId: row.tenant_id,
      actorUserId: doer.userId,
      details: {
        scopeId: row.id,
        filename,
        results: report.results,
        validated: confirmed.size,
        exposureKeys: [...confirmed.keys()].slice(0, 200),
      },
    });
  });
  report.validated = confirmed.size;
  report.keys = [...confirmed.keys()];
  await refreshSnapshot(ctx, row);
  return report;
}
