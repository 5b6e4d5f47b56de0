import { type AssetRiskInput, findingRisk, type Priority, type RiskAction, roundRisk } from "@watchfloor/shared";
import type { AppContext } from "../../context";
import { type ActionCandidate, rankActions } from "./risk-actions";
import { type Estate, estateInput } from "./risk-estate.service";
import * as repo from "./risk.repository";

const TOP_RISKS = 10;
/** Candidates: the CVEs (and CVE-less findings) among the worst findings of the riskiest assets. */
const CANDIDATE_ASSETS = 20;
const CANDIDATES_PER_ASSET = 3;
const CANDIDATE_CVES = 25;

type Seed = Awaited<ReturnType<typeof repo.worstFindingsOf>>[number];
type Removal = { assetId: string; findingId: string; risk: number };
interface Candidate {
  kind: RiskAction["kind"];
  cveIds: string[];
  seed: Seed;
  removed: Removal[];
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** One candidate per CVE among the seeds (CVEs that always occur together merged), one per CVE-less seed. */
async function candidatesOf(ctx: AppContext, tenantIds: readonly string[], seeds: Seed[]): Promise<Candidate[]> {
  const cvesOfSeed = new Map(seeds.map((s) => [s.id, JSON.parse(s.cve_ids) as string[]]));
  const worstSeed = new Map<string, Seed>();
  for (const s of [...seeds].sort((a, b) => b.risk - a.risk))
    for (const cve of cvesOfSeed.get(s.id) ?? []) if (!worstSeed.has(cve)) worstSeed.set(cve, s);
  const cves = [...worstSeed.keys()].slice(0, CANDIDATE_CVES);
  const rows = await repo.openFindingsWithCves(ctx.db, tenantIds, cves);
  const byCve = new Map<string, Removal[]>();
  for (const r of rows) push(byCve, r.cve_id, { assetId: r.asset_id, findingId: r.id, risk: r.risk });
  const bySignature = new Map<string, Candidate>();
  for (const cve of cves) {
    const removed = byCve.get(cve) ?? [];
    const signature = removed
      .map((r) => r.findingId)
      .sort()
      .join(",");
    const same = bySignature.get(signature);
    if (same) same.cveIds.push(cve);
    else bySignature.set(signature, { kind: "cve", cveIds: [cve], seed: worstSeed.get(cve) as Seed, removed });
  }
  const single = seeds
    .filter((s) => (cvesOfSeed.get(s.id) ?? []).length === 0)
    .map(
      (s): Candidate => ({
        kind: "finding",
        cveIds: [],
        seed: s,
        removed: [{ assetId: s.asset_id, findingId: s.id, risk: s.risk }],
      }),
    );
  return [...bySignature.values(), ...single];
}

/** Each affected asset without the removed findings: the sum drops by their risks, the max moves to the next one kept. */
async function changesOf(ctx: AppContext, estate: Estate, candidates: Candidate[]) {
  const index = new Map(estate.assets.map((a, i) => [a.row.asset_id, i]));
  const maxOf = (assetId: string) => estate.assets[index.get(assetId) ?? -1]?.input.findings.full.max ?? 0;
  const grouped = candidates.map((c) => {
    const byAsset = new Map<string, Removal[]>();
    for (const r of c.removed) push(byAsset, r.assetId, r);
    return byAsset;
  });
  // Only an asset losing its worst finding needs its next one; for the rest the max stays.
  const needs = new Set<string>();
  let most = 1;
  for (const byAsset of grouped) {
    for (const [assetId, removed] of byAsset) {
      if (!removed.some((r) => r.risk >= maxOf(assetId))) continue;
      needs.add(assetId);
      most = Math.max(most, removed.length);
    }
  }
  const top = new Map<string, { id: string; risk: number }[]>();
  for (const r of await repo.topRisksOf(ctx.db, [...needs], most + 1)) push(top, r.asset_id, r);
  return candidates.map((c, ci): ActionCandidate<Candidate> => {
    const byAsset = grouped[ci] as Map<string, Removal[]>;
    // The seed's asset first: its before/after scores are the ones shown.
    const assetIds = [c.seed.asset_id, ...[...byAsset.keys()].filter((a) => a !== c.seed.asset_id)];
    const changes = assetIds.flatMap((assetId) => {
      const i = index.get(assetId);
      const removed = byAsset.get(assetId) ?? [];
      const input = i === undefined ? undefined : estate.assets[i]?.input;
      if (i === undefined || !input || removed.length === 0) return [];
      const gone = new Set(removed.map((r) => r.findingId));
      const max = removed.some((r) => r.risk >= input.findings.full.max)
        ? (top.get(assetId)?.find((t) => !gone.has(t.id))?.risk ?? 0)
        : input.findings.full.max;
      const sum = Math.max(0, input.findings.full.sum - removed.reduce((s, r) => s + r.risk, 0));
      const after: AssetRiskInput = { ...input, findings: { ...input.findings, full: { max, sum } } };
      return [{ assetIndex: i, after }];
    });
    return { payload: c, changes };
  });
}

/** The remediations that would lower the score of the tenants in scope most, with the drop each gives. */
export async function topRisks(
  ctx: AppContext,
  tenantIds: readonly string[],
  estate: Estate,
  riskiest: string[],
  names: Map<string, string>,
): Promise<RiskAction[]> {
  const seeds = await repo.worstFindingsOf(ctx.db, riskiest.slice(0, CANDIDATE_ASSETS), CANDIDATES_PER_ASSET);
  const candidates = await candidatesOf(ctx, tenantIds, seeds);
  const best = rankActions(estateInput(estate), await changesOf(ctx, estate, candidates), TOP_RISKS);
  const kev = new Map(
    (
      await repo.kevEntries(
        ctx.db,
        best.flatMap((b) => b.payload.cveIds),
      )
    ).map((k) => [k.cve_id, k]),
  );
  const assetRow = new Map(estate.assets.map((a) => [a.row.asset_id, a.row]));
  return best.map(({ payload: c, scoreDrop, assetScoreBefore, assetScoreAfter }) => {
    const f = c.seed;
    const asset = assetRow.get(f.asset_id);
    const where = (n: number) =>
      n === 1 ? `${asset?.asset_key ?? "the asset"} (${asset?.name ?? ""})` : `${n.toLocaleString("en")} assets`;
    const affectedAssets = new Set(c.removed.map((r) => r.assetId)).size;
    const entry = c.cveIds.map((cve) => kev.get(cve)).find(Boolean);
    const isKev = f.kev === 1;
    const model = findingRisk({ cvssScore: f.cvss_score, severity: f.severity as Priority, kev: isKev, epss: f.epss });
    return {
      kind: c.kind,
      key: c.kind === "cve" ? (c.cveIds[0] as string) : f.id,
      title: (isKev && entry?.vulnerability_name) || f.title,
      action:
        c.kind === "cve"
          ? `Remediate ${c.cveIds.join(", ")} on ${where(affectedAssets)}`
          : `Remediate "${f.title}" on ${where(1)}`,
      affectedAssets,
      affectedFindings: c.removed.length,
      findingId: f.id,
      tenantId: f.tenant_id,
      tenantName: names.get(f.tenant_id) ?? f.tenant_id,
      assetId: f.asset_id,
      assetKey: asset?.asset_key ?? "",
      assetName: asset?.name ?? "",
      priority: f.severity as Priority,
      cvss: f.cvss_score,
      cveIds: c.kind === "cve" ? c.cveIds : (JSON.parse(f.cve_ids) as string[]),
      kev: isKev,
      epss: f.epss,
      base: model.base,
      exploitability: Math.round(model.exploitability * 100) / 100,
      findingRisk: roundRisk(f.risk),
      remediation: ((isKev && entry?.required_action) || f.remediation)?.slice(0, 600) ?? null,
      scoreDrop: roundRisk(scoreDrop),
      assetScoreBefore: roundRisk(assetScoreBefore),
      assetScoreAfter: roundRisk(assetScoreAfter),
    };
  });
}
