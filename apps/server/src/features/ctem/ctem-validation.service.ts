import type { CtemExposure, CtemNucleiReport, CtemValidate, CtemValidationState } from "@watchfloor/shared";
import type { AppContext } from "../../context";
import type { Doer } from "../../http/actor";
import { invalid, notFound } from "../../http/errors";
import { importNuclei } from "../../importers/findings";
import type { ImportSource } from "../../importers/types";
import { yieldToEventLoop } from "../../lib/yield";
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

/** Whether a Nuclei result confirms an exposure: a shared CVE, the same Nuclei template, or the port of a service. */
function confirms(e: CtemExposure, cves: Set<string>, nucleiId: string, port: number | undefined, templates: TemplatesOf) {
  if (e.kind === "service") return port !== undefined && e.port === port;
  if (e.cves.some((c) => cves.has(c.toLowerCase()))) return true;
  if (!e.findingId || !nucleiId) return false;
  return templates.get(e.findingId)?.has(nucleiId) ?? false;
}

type TemplatesOf = ReadonlyMap<string, ReadonlySet<string>>;

/** The Nuclei template ids each finding exposure was reported under, read once per upload. */
async function nucleiTemplates(ctx: AppContext, tenantId: string, exposures: readonly CtemExposure[]): Promise<TemplatesOf> {
  const map = new Map<string, Set<string>>();
  for (const [i, e] of exposures.entries()) {
    if (!e.findingId || map.has(e.findingId)) continue;
    const sources = await findingSources(ctx.db, tenantId, e.findingId);
    map.set(e.findingId, new Set(sources.filter((x) => x.scanner === "nuclei").map((x) => x.scanner_finding_id)));
    if (i % 200 === 199) await yieldToEventLoop();
  }
  return map;
}

/** Nuclei results one upload may hold (docs/ctem.md). */
export const NUCLEI_RESULT_LIMIT = 20_000;

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
  const templates = await nucleiTemplates(ctx, row.tenant_id, exposures);
  // The assets a host names, asked once per host: a scan reports many results per host.
  const ownersOf = new Map<string, Set<string>>();
  for await (const event of importNuclei(source)) {
    // Informational results (Nuclei "info") validate nothing: counted as skipped, as before.
    if (event.kind === "skipped" || event.kind === "informational") report.skipped++;
    if (event.kind === "rejected") report.rejected++;
    if (event.kind !== "record") continue;
    if (++report.results > NUCLEI_RESULT_LIMIT)
      throw invalid("file", `holds more than ${NUCLEI_RESULT_LIMIT.toLocaleString("en")} results; split it`);
    if (report.results % 200 === 0) await yieldToEventLoop();
    const f = event.finding;
    const identities = identitiesOf(f);
    const hostKey = JSON.stringify(identities);
    let owners = ownersOf.get(hostKey);
    if (!owners) {
      owners = new Set((await findIdentityOwners(ctx.db, row.tenant_id, identities)).map((o) => o.asset_id));
      ownersOf.set(hostKey, owners);
    }
    const cves = lower(f.cveIds ?? []);
    let matched = false;
    for (const e of exposures) {
      if (!owners.has(e.asset.id) || !confirms(e, cves, f.scannerFindingId, f.port ?? undefined, templates)) continue;
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
