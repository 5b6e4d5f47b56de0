import { z } from "zod";
import {
  complianceScoreSchema,
  complianceResultSchema,
  complianceSeveritySchema,
  complianceTargetKindSchema,
} from "./compliance";
import { complianceFrameworkSchema } from "./enums";

/**
 * What the compliance screens read (issue 15, docs/compliance.md "Views"): targets against their
 * benchmarks, results with every filter the lists offer, one control across targets, breakdowns
 * and the trend, and exceptions (accepted failing controls).
 */
const count = z.number().int();
const flag = z.enum(["true", "false"]).transform((v) => v === "true");
const text = (max: number) => z.string().trim().min(1).max(max);

/** Hosts and accounts not assessed for this long count as stale ("not assessed in 30 days"). */
export const complianceStaleDays = 30;

export const complianceSeverityCountsSchema = z.object({
  critical: count,
  high: count,
  medium: count,
  low: count,
  info: count,
  unknown: count,
});

/** pass, fail, error scored; excepted (a failing or erroring result under an active exception) counts apart. */
export const complianceTallySchema = complianceScoreSchema;

export const complianceTargetSchema = z.object({
  tenantId: z.string(),
  targetKind: complianceTargetKindSchema,
  targetId: z.string(),
  targetName: z.string().nullable(),
  /** Benchmarks (latest scan of each) and the tools that ran them. */
  benchmarks: z.array(z.string()),
  tools: z.array(z.string()),
  lastScannedAt: z.string(),
  stale: z.boolean(),
  tally: complianceTallySchema,
  failingBySeverity: complianceSeverityCountsSchema,
});
export type ComplianceTarget = z.output<typeof complianceTargetSchema>;

export const complianceTargetSorts = ["passRate", "failing", "lastScannedAt", "target"] as const;
export const complianceTargetsQuerySchema = z.object({
  targetKind: complianceTargetKindSchema.optional(),
  stale: flag.optional(),
  q: z.string().trim().max(200).optional(),
  sort: z.enum(complianceTargetSorts).default("passRate"),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type ComplianceTargetsQuery = z.output<typeof complianceTargetsQuerySchema>;
export const complianceTargetListSchema = z.object({
  items: z.array(complianceTargetSchema),
  total: count,
  /** Targets in scope whose latest scan is older than complianceStaleDays. */
  stale: count,
});

/** One result as the lists show it (rationale and remediation are per control: see the control view). */
export const complianceResultItemSchema = z.object({
  id: z.string(),
  tenantId: z.string(),
  scanId: z.string(),
  tool: z.string(),
  targetKind: complianceTargetKindSchema,
  targetId: z.string(),
  targetName: z.string().nullable(),
  benchmarkId: z.string(),
  scannedAt: z.string(),
  latest: z.boolean(),
  controlId: z.string(),
  title: z.string(),
  severity: complianceSeveritySchema,
  result: complianceResultSchema,
  /** The active exception covering this result, when it fails or errs and one does. */
  exceptionId: z.string().nullable(),
  evidence: z.string().nullable(),
  resourceId: z.string().nullable(),
  resourceType: z.string().nullable(),
  region: z.string().nullable(),
  service: z.string().nullable(),
});
export type ComplianceResultItem = z.output<typeof complianceResultItemSchema>;

export const complianceResultSorts = ["severity", "control", "target", "scannedAt", "service", "region"] as const;
export const complianceResultsQuerySchema = z.object({
  /** One scan's results (history included); without it, the latest scans only. */
  scanId: z.string().max(100).optional(),
  tenantId: z.string().max(100).optional(),
  targetKind: complianceTargetKindSchema.optional(),
  targetId: z.string().max(500).optional(),
  tool: z.string().max(80).optional(),
  controlId: z.string().max(500).optional(),
  /** Every scan of the target or control, not only the latest (its history). */
  history: flag.optional(),
  result: complianceResultSchema.optional(),
  /** fail and error results not under an exception: what still needs work. */
  open: flag.optional(),
  excepted: flag.optional(),
  severity: complianceSeveritySchema.optional(),
  framework: complianceFrameworkSchema.optional(),
  service: z.string().max(100).optional(),
  region: z.string().max(100).optional(),
  resourceType: z.string().max(200).optional(),
  q: z.string().trim().max(200).optional(),
  sort: z.enum(complianceResultSorts).default("severity"),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type ComplianceResultsQuery = z.output<typeof complianceResultsQuerySchema>;
export const complianceResultListSchema = z.object({ items: z.array(complianceResultItemSchema), total: count });

/** One control of one tool: what it checks, its mappings, and its results in the latest scans. */
export const complianceControlQuerySchema = z.object({ tool: text(80), controlId: text(500) });
export const complianceControlSchema = z.object({
  tool: z.string(),
  controlId: z.string(),
  title: z.string(),
  severity: complianceSeveritySchema,
  rationale: z.string().nullable(),
  remediation: z.string().nullable(),
  mappings: z.array(z.object({ source: z.string(), framework: complianceFrameworkSchema.nullable(), requirement: z.string() })),
  tally: complianceTallySchema,
  targets: count,
  tenants: count,
});
export type ComplianceControl = z.output<typeof complianceControlSchema>;

export const complianceBreakdownKeys = ["service", "region", "resourceType", "severity", "tool", "benchmark"] as const;
export const complianceBreakdownQuerySchema = z.object({
  by: z.enum(complianceBreakdownKeys),
  targetKind: complianceTargetKindSchema.optional(),
  framework: complianceFrameworkSchema.optional(),
});
export const complianceBreakdownSchema = z.object({
  by: z.enum(complianceBreakdownKeys),
  /** Most failing first; a null key is a result without the field (a host check has no region). */
  items: z.array(complianceTallySchema.extend({ key: z.string().nullable(), resources: count })),
});

export const complianceTrendQuerySchema = z.object({
  targetKind: complianceTargetKindSchema.optional(),
  days: z.coerce.number().int().min(7).max(365).default(90),
});
/** Per day, the pass rate over the scans that were each target's latest at the end of that day. */
export const complianceTrendSchema = z.object({
  points: z.array(
    z.object({ day: z.string(), pass: count, fail: count, error: count, passRate: z.number().nullable(), targets: count }),
  ),
});

/** An accepted failing control: on one target (and resource) or on every target of the tenant. */
export const complianceExceptionStates = ["active", "expired", "revoked"] as const;
export const complianceExceptionSchema = z.object({
  id: z.string(),
  tenantId: z.string(),
  tool: z.string(),
  controlId: z.string(),
  title: z.string(),
  /** Null: every target of the tenant. */
  targetKind: complianceTargetKindSchema.nullable(),
  targetId: z.string().nullable(),
  /** Null: every resource of the target. */
  resourceId: z.string().nullable(),
  reason: z.string(),
  /** Who accepted the risk (an owner or admin of the tenant). */
  approvedBy: z.object({ id: z.string().nullable(), name: z.string() }),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  state: z.enum(complianceExceptionStates),
  /** Failing or erroring results in the latest scans it covers now. */
  covers: count,
});
export type ComplianceException = z.output<typeof complianceExceptionSchema>;

export const complianceExceptionMaxDays = 366;
export const complianceExceptionBodySchema = z
  .object({
    tenantId: z.string().max(100).optional(),
    tool: text(80),
    controlId: text(500),
    targetKind: complianceTargetKindSchema.nullish(),
    targetId: text(500).nullish(),
    resourceId: text(2000).nullish(),
    reason: z.string().trim().min(10, "Say why the risk is accepted (at least 10 characters)").max(2000),
    expiresAt: z.iso.datetime({ offset: true }),
  })
  .refine((b) => !b.resourceId || b.targetId, { path: ["resourceId"], message: "A resource is named only with its target" })
  .refine((b) => !b.targetId === !b.targetKind, { path: ["targetKind"], message: "Name the target's kind with the target" });
export type ComplianceExceptionBody = z.input<typeof complianceExceptionBodySchema>;

export const complianceExceptionsQuerySchema = z.object({
  state: z.enum(complianceExceptionStates).optional(),
  tool: z.string().max(80).optional(),
  controlId: z.string().max(500).optional(),
});
export const complianceExceptionListSchema = z.object({ items: z.array(complianceExceptionSchema) });
