import { z } from "zod";
import { prioritySchema } from "./enums";
import { riskStages } from "./risk";

/** Trend windows of the Executive Risk View, in days. */
export const riskTrendWindows = [30, 90, 180, 365] as const;

export const riskSummaryQuerySchema = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((d) => (riskTrendWindows as readonly number[]).includes(d), `must be one of ${riskTrendWindows.join(", ")}`)
    .default(90),
});
export type RiskSummaryQuery = z.infer<typeof riskSummaryQuerySchema>;

const count = z.number().int();
const byPriority = z.record(prioritySchema, count);

/** One factor of a score: what it adds to the factors before it (riskStages order), and why. */
export const riskFactorSchema = z.object({
  stage: z.enum(riskStages),
  label: z.string(),
  points: z.number(),
  detail: z.string(),
});
export type RiskFactor = z.infer<typeof riskFactorSchema>;

export const riskScoreSchema = z.object({
  score: z.number(),
  band: prioritySchema,
  /** Mean score of the worst five assets, and the impact-weighted mean over every asset. */
  peak: z.number(),
  breadth: z.number(),
  factors: z.array(riskFactorSchema),
});
export type RiskScore = z.infer<typeof riskScoreSchema>;

export const assetRiskSchema = z.object({
  assetId: z.string(),
  tenantId: z.string(),
  tenantName: z.string(),
  assetKey: z.string(),
  name: z.string(),
  type: z.string(),
  businessImpact: z.string().nullable(),
  environment: z.string().nullable(),
  internetFacing: z.boolean(),
  openFindings: count,
  openBySeverity: byPriority,
  kevFindings: count,
  openIncidents: count,
  /** Risk of the worst open finding (0-20) and the diminishing sum of all of them (findingsScore). */
  worstFindingRisk: z.number(),
  findingsScore: z.number(),
  multipliers: z.object({ impact: z.number(), exposure: z.number(), incidents: z.number() }),
  score: z.number(),
  band: prioritySchema,
});
export type AssetRiskView = z.infer<typeof assetRiskSchema>;

/**
 * A top risk and what remediating it would take off the score: a CVE everywhere it is open in
 * scope (kind "cve"), or one finding that has no CVE (kind "finding"). The finding fields
 * describe its worst finding.
 */
export const riskActionSchema = z.object({
  kind: z.enum(["cve", "finding"]),
  /** The CVE id (the first, when several CVEs always occur together), or the finding id. */
  key: z.string(),
  title: z.string(),
  /** "Remediate CVE-… on 12 assets" / "… on ASSET-… (name)". */
  action: z.string(),
  affectedAssets: z.number().int(),
  affectedFindings: z.number().int(),
  findingId: z.string(),
  tenantId: z.string(),
  tenantName: z.string(),
  assetId: z.string(),
  assetKey: z.string(),
  assetName: z.string(),
  priority: prioritySchema,
  cvss: z.number().nullable(),
  cveIds: z.array(z.string()),
  kev: z.boolean(),
  epss: z.number().nullable(),
  base: z.number(),
  exploitability: z.number(),
  findingRisk: z.number(),
  /** CISA's required action for a KEV entry, else the scanner's remediation text. */
  remediation: z.string().nullable(),
  /** Points the score shown would drop by, and the worst finding's asset score before and after. */
  scoreDrop: z.number(),
  assetScoreBefore: z.number(),
  assetScoreAfter: z.number(),
});
export type RiskAction = z.infer<typeof riskActionSchema>;

export const riskAgeBuckets = [
  { key: "0-7", label: "0–7 days", minDays: 0, maxDays: 7 },
  { key: "8-30", label: "8–30 days", minDays: 8, maxDays: 30 },
  { key: "31-90", label: "31–90 days", minDays: 31, maxDays: 90 },
  { key: "90+", label: "Over 90 days", minDays: 91, maxDays: null },
] as const;
export const riskAgeBucketKeySchema = z.enum(["0-7", "8-30", "31-90", "90+"]);

export const riskTrendPointSchema = z.object({
  /** UTC day, YYYY-MM-DD. */
  date: z.string(),
  score: z.number(),
  /** True for today's point, computed now rather than read from a snapshot. */
  live: z.boolean(),
});

export const tenantRiskRowSchema = z.object({
  tenantId: z.string(),
  tenantName: z.string(),
  score: z.number(),
  band: prioritySchema,
  /** Change since the tenant's oldest snapshot of the last 30 days (null without one before today). */
  change: z.object({ since: z.string(), points: z.number() }).nullable(),
  openFindings: count,
  criticalFindings: count,
  kevFindings: count,
  overdueFindings: count,
  topAsset: z.object({ assetId: z.string(), assetKey: z.string(), name: z.string(), score: z.number() }).nullable(),
});
export type TenantRiskRow = z.infer<typeof tenantRiskRowSchema>;

export const riskSummarySchema = z.object({
  generatedAt: z.string(),
  modelVersion: z.number().int(),
  hasFindings: z.boolean(),
  score: riskScoreSchema,
  totals: z.object({
    assets: count,
    assetsWithOpenFindings: count,
    openFindings: count,
    kevFindings: count,
    overdueFindings: count,
    openIncidentsOnAssets: count,
  }),
  byPriority,
  byAge: z.array(z.object({ key: riskAgeBucketKeySchema, label: z.string(), count, byPriority })),
  trend: z.object({ days: count, points: z.array(riskTrendPointSchema) }),
  topAssets: z.array(assetRiskSchema),
  topRisks: z.array(riskActionSchema),
  /** One row per tenant when several are in scope, highest score first; null for one tenant. */
  tenants: z.array(tenantRiskRowSchema).nullable(),
});
export type RiskSummary = z.infer<typeof riskSummarySchema>;

/** Cloud Posture: the cloud assets Watchfloor knows (client environment Cloud) and their open findings. */
export const cloudAssetSchema = z.object({
  assetId: z.string(),
  tenantId: z.string(),
  tenantName: z.string(),
  assetKey: z.string(),
  name: z.string(),
  type: z.string(),
  site: z.string().nullable(),
  owner: z.string().nullable(),
  internetFacing: z.boolean(),
  lastSeenAt: z.string(),
  openFindings: count,
  openBySeverity: byPriority,
  kevFindings: count,
  maxScore: z.number().nullable(),
});
export type CloudAsset = z.infer<typeof cloudAssetSchema>;

export const cloudPostureLimit = 500;

export const cloudPostureSchema = z.object({
  totals: z.object({ assets: count, withOpenFindings: count, openFindings: count, kevFindings: count, internetFacing: count }),
  /** Most open findings first, at most cloudPostureLimit. */
  assets: z.array(cloudAssetSchema),
  truncated: z.boolean(),
});
export type CloudPosture = z.infer<typeof cloudPostureSchema>;
