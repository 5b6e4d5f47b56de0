import { z } from "zod";
import { complianceResultSchema, complianceSeveritySchema } from "./compliance";
import { complianceSeverityCountsSchema } from "./compliance-views";

/**
 * Cloud Sec (docs/cloud-sec.md): the resource view of the cloud compliance data. Accounts and
 * resources seen in the latest cloud-account scans, misconfigurations by service, and three
 * categories of gap derived from the checks (the server's cloud-sec-categories.ts says how).
 */
const count = z.number().int();
const flag = z.enum(["true", "false"]).transform((v) => v === "true");

export const cloudSecCategories = ["public", "identity", "logging"] as const;
export const cloudSecCategorySchema = z.enum(cloudSecCategories);
export type CloudSecCategory = z.infer<typeof cloudSecCategorySchema>;
export const cloudSecCategoryLabels: Record<CloudSecCategory, string> = {
  public: "Publicly exposed",
  identity: "Identity",
  logging: "Logging",
};

/**
 * One resource of one account: the results of the latest scans that name it. A result that
 * names no resource (ScoutSuite rules) belongs to the account itself: `resourceId` null.
 * Failing counts fail and error results not under an active exception; excepted counts apart.
 */
export const cloudSecResourceSchema = z.object({
  tenantId: z.string(),
  accountId: z.string(),
  accountName: z.string().nullable(),
  resourceId: z.string().nullable(),
  /** The type, service and region when its results agree on one; null when none or several. */
  resourceType: z.string().nullable(),
  service: z.string().nullable(),
  services: count,
  region: z.string().nullable(),
  regions: count,
  failing: count,
  passing: count,
  excepted: count,
  /** The most severe failing result, null when nothing fails. */
  worstSeverity: complianceSeveritySchema.nullable(),
  /** Categories in which the resource has a failing result: publicly exposed, identity, logging. */
  gaps: z.array(cloudSecCategorySchema),
});
export type CloudSecResource = z.output<typeof cloudSecResourceSchema>;

/** Filters that choose results; a resource shows the counts of its chosen results. */
const cloudSecFilters = z.object({
  tenantId: z.string().max(100).optional(),
  account: z.string().max(500).optional(),
  service: z.string().max(100).optional(),
  region: z.string().max(100).optional(),
  /** Only the category's checks, and only resources failing one of them. */
  category: cloudSecCategorySchema.optional(),
  /** Text in the resource id or type, the account id or name, or the service. */
  q: z.string().trim().max(200).optional(),
});

export const cloudSecResourceSorts = ["severity", "failing", "resource", "account"] as const;
export const cloudSecResourcesQuerySchema = cloudSecFilters.extend({
  /** Only resources with a failing result. */
  failing: flag.optional(),
  sort: z.enum(cloudSecResourceSorts).default("severity"),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type CloudSecResourcesQuery = z.output<typeof cloudSecResourcesQuerySchema>;
export const cloudSecResourceListSchema = z.object({ items: z.array(cloudSecResourceSchema), total: count });

/** One resource's checks (the same filters as its row); without `resourceId`, the account's own. */
export const cloudSecChecksQuerySchema = cloudSecFilters.extend({
  tenantId: z.string().min(1).max(100),
  account: z.string().min(1).max(500),
  resourceId: z.string().min(1).max(2000).optional(),
});
export type CloudSecChecksQuery = z.output<typeof cloudSecChecksQuerySchema>;
export const cloudSecCheckSchema = z.object({
  id: z.string(),
  tool: z.string(),
  controlId: z.string(),
  title: z.string(),
  severity: complianceSeveritySchema,
  result: complianceResultSchema,
  /** A fail or error under an active exception: accepted, not a gap. */
  excepted: z.boolean(),
  service: z.string().nullable(),
  region: z.string().nullable(),
  resourceType: z.string().nullable(),
  evidence: z.string().nullable(),
  /** The categories of the check itself, whatever its result. */
  categories: z.array(cloudSecCategorySchema),
  scannedAt: z.string(),
});
export type CloudSecCheck = z.output<typeof cloudSecCheckSchema>;
/** Failing first, most severe first; at most 500 (`total` says how many there are). */
export const cloudSecCheckListSchema = z.object({ items: z.array(cloudSecCheckSchema), total: count });

export const cloudSecAccountSchema = z.object({
  tenantId: z.string(),
  accountId: z.string(),
  accountName: z.string().nullable(),
  tools: z.array(z.string()),
  lastScannedAt: z.string(),
  resources: count,
  resourcesFailing: count,
  failing: count,
});
export type CloudSecAccount = z.output<typeof cloudSecAccountSchema>;

export const cloudSecServiceSchema = z.object({
  service: z.string().nullable(),
  failing: count,
  passing: count,
  resources: count,
  resourcesFailing: count,
});
export type CloudSecService = z.output<typeof cloudSecServiceSchema>;

export const cloudSecCategorySummarySchema = z.object({
  category: cloudSecCategorySchema,
  /** Failing results, resources with one, and distinct checks (tool and control) failing. */
  failing: count,
  resources: count,
  checks: count,
});

export const cloudSecSummarySchema = z.object({
  totals: z.object({
    accounts: count,
    resources: count,
    resourcesFailing: count,
    failing: count,
    passing: count,
    excepted: count,
  }),
  failingBySeverity: complianceSeverityCountsSchema,
  accounts: z.array(cloudSecAccountSchema),
  /** Most failing first. */
  services: z.array(cloudSecServiceSchema),
  regions: z.array(z.string()),
  categories: z.array(cloudSecCategorySummarySchema),
});
export type CloudSecSummary = z.output<typeof cloudSecSummarySchema>;
