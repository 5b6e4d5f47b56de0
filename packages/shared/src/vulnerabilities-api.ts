import { z } from "zod";
import { queryList as list } from "./query-list";
import { assignBodySchema, commentBodySchema, timelineEntrySchema, userRefSchema } from "./alerts-api";
import { businessImpactSchema } from "./assets";
import { prioritySchema } from "./enums";
import { cveIdSchema } from "./findings";
import { findingStatusSchema, manualCloseReasons } from "./vulnerabilities";

/** "true" / "false" in a URL. */
const flag = z
  .enum(["true", "false"])
  .transform((v) => v === "true")
  .optional();

const name = z.string().max(120);

/** Open (anything but Closed), Closed, or every finding. */
export const findingViews = ["open", "closed", "all"] as const;

/**
 * Sortable columns of the vulnerable-asset list: every column the table shows. Array columns
 * (CVEs, services) sort on their first value, remediation on its first 80 characters, and the
 * overdue flag through its due date. Empty values come last in either direction.
 */
export const findingSortKeys = [
  "lastSeen",
  "priority",
  "score",
  "status",
  "dueAt",
  "createdAt",
  "epss",
  "kev",
  "title",
  "assetKey",
  "assetName",
  "assetType",
  "assignee",
  "department",
  "businessImpact",
  "environment",
  "cwe",
  "cve",
  "services",
  "remediation",
] as const;
export const findingSortKeySchema = z.enum(findingSortKeys);
export type FindingSortKey = z.infer<typeof findingSortKeySchema>;

/** Every filter of the vulnerable-asset list; the web app keeps exactly this object in the URL. */
export const findingListQuerySchema = z.object({
  view: z.enum(findingViews).default("all"),
  status: list(findingStatusSchema),
  priority: list(prioritySchema),
  scoreMin: z.coerce.number().min(0).max(10).optional(),
  scoreMax: z.coerce.number().min(0).max(10).optional(),
  kev: flag,
  /** EPSS probability (0-1) strictly above this. */
  epssAbove: z.coerce.number().min(0).max(1).optional(),
  scanner: list(name),
  department: list(name),
  businessImpact: list(businessImpactSchema),
  environment: list(name),
  overdue: flag,
  assignee: list(name),
  tenant: list(z.string().max(64)),
  assetId: list(z.string().max(64)),
  cve: list(z.string().trim().toUpperCase().pipe(cveIdSchema)),
  /** Age in whole days since first seen, at least / at most (the VM overview's age buckets). */
  ageMin: z.coerce.number().int().min(0).max(36500).optional(),
  ageMax: z.coerce.number().int().min(0).max(36500).optional(),
  /** The exact remediation text: a VM fix group (docs/vm.md). */
  fix: z.string().trim().min(1).max(5000).optional(),
  /** Free text in the title, CVE ids, CWE, asset key, asset name and host names (case-insensitive substring). */
  q: z.string().trim().max(200).optional(),
  sort: findingSortKeySchema.default("lastSeen"),
  dir: z.enum(["asc", "desc"]).default("desc"),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type FindingListQuery = z.output<typeof findingListQuerySchema>;
/** The export takes the list filters and sort, never a page. */
export const findingExportQuerySchema = findingListQuerySchema.omit({ cursor: true, limit: true });

/** One row of the vulnerable-asset list: a finding with its asset. */
export const findingSummarySchema = z.object({
  id: z.string(),
  tenantId: z.string(),
  tenantName: z.string(),
  assetId: z.string(),
  assetKey: z.string(),
  assetName: z.string(),
  assetType: z.string().nullable(),
  title: z.string(),
  priority: prioritySchema,
  score: z.number().nullable(),
  status: findingStatusSchema,
  /** The spec's "date": when a scanner last reported the finding. */
  lastSeenAt: z.string(),
  assignee: z.string().nullable(),
  assigneeUserId: z.string().nullable(),
  /** The scanners that report it (the spec's "services"). */
  services: z.array(z.string()),
  remediation: z.string().nullable(),
  cweId: z.string().nullable(),
  cweName: z.string().nullable(),
  department: z.string().nullable(),
  businessImpact: z.string().nullable(),
  createdAt: z.string(),
  environment: z.string().nullable(),
  cveIds: z.array(z.string()),
  kev: z.boolean(),
  epss: z.number().nullable(),
  dueAt: z.string().nullable(),
  overdue: z.boolean(),
});
export type FindingSummary = z.infer<typeof findingSummarySchema>;

export const findingPageSchema = z.object({ items: z.array(findingSummarySchema), nextCursor: z.string().nullable() });
export type FindingPage = z.infer<typeof findingPageSchema>;

export const findingSourceSchema = z.object({
  scanner: z.string(),
  scannerFindingId: z.string(),
  firstSeenAt: z.string().nullable(),
  lastSeenAt: z.string().nullable(),
});

export const findingDetailSchema = z.object({
  finding: findingSummarySchema.extend({
    description: z.string().nullable(),
    evidence: z.string().nullable(),
    port: z.number().nullable(),
    protocol: z.string().nullable(),
    service: z.string().nullable(),
    cvssVector: z.string().nullable(),
    firstSeenAt: z.string().nullable(),
    updatedAt: z.string(),
    closedAt: z.string().nullable(),
    closeReason: z.string().nullable(),
  }),
  sources: z.array(findingSourceSchema),
  /** The moves the server will accept from the current status. */
  allowedMoves: z.array(findingStatusSchema),
  timeline: z.array(timelineEntrySchema),
});
export type FindingDetail = z.infer<typeof findingDetailSchema>;

/** Why a person closes a finding; "Fixed" is the importer's. Required when closing. */
const closeReasonSchema = z.enum(manualCloseReasons);

export const findingStatusBodySchema = z.object({
  status: findingStatusSchema,
  closeReason: closeReasonSchema.optional(),
  comment: z.string().trim().max(5000).optional(),
});
export type FindingStatusBody = z.infer<typeof findingStatusBodySchema>;
export const findingAssignBodySchema = assignBodySchema;
export const findingCommentBodySchema = commentBodySchema;

export const findingBulkBodySchema = z.object({
  ids: z.array(z.string()).min(1).max(1000),
  action: z.discriminatedUnion("type", [
    z.object({ type: z.literal("assign"), assigneeUserId: userRefSchema }),
    z.object({
      type: z.literal("status"),
      status: findingStatusSchema,
      closeReason: closeReasonSchema.optional(),
      comment: z.string().trim().max(5000).optional(),
    }),
  ]),
});
export type FindingBulkBody = z.infer<typeof findingBulkBodySchema>;

/** CSV columns of the finding export, in order. */
export const findingCsvColumns = [
  "id",
  "tenant",
  "assetKey",
  "assetName",
  "assetType",
  "title",
  "priority",
  "score",
  "status",
  "lastSeenAt",
  "assignee",
  "services",
  "remediation",
  "cweId",
  "cweName",
  "department",
  "businessImpact",
  "createdAt",
  "environment",
  "cveIds",
  "kev",
  "epss",
  "dueAt",
  "overdue",
  "closeReason",
] as const;

/** Asset inventory. */
export const assetSortKeys = [
  "assetKey",
  "name",
  "type",
  "department",
  "businessImpact",
  "environment",
  "site",
  "owner",
  "lastSeen",
  "openFindings",
  "maxScore",
  "kevCount",
  "overdueCount",
] as const;
export const assetSortKeySchema = z.enum(assetSortKeys);
export type AssetSortKey = z.infer<typeof assetSortKeySchema>;

export const assetListQuerySchema = z.object({
  type: list(name),
  department: list(name),
  businessImpact: list(businessImpactSchema),
  environment: list(name),
  site: list(name),
  tenant: list(z.string().max(64)),
  /** Only assets with at least one open finding (true) or none (false). */
  vulnerable: flag,
  /** Only assets with an open finding in the CISA KEV catalogue. */
  kev: flag,
  /** Only assets with an overdue finding. */
  overdue: flag,
  /** Free text in the asset key, name and identities (hostname, IP, FQDN, image...). */
  q: z.string().trim().max(200).optional(),
  sort: assetSortKeySchema.default("assetKey"),
  dir: z.enum(["asc", "desc"]).default("asc"),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AssetListQuery = z.output<typeof assetListQuerySchema>;

/** Open findings by priority. */
export const severityCountsSchema = z.object({ Critical: z.number(), High: z.number(), Medium: z.number(), Low: z.number() });

export const assetIdentitySchema = z.object({ kind: z.string(), value: z.string() });

export const assetSummarySchema = z.object({
  id: z.string(),
  tenantId: z.string(),
  tenantName: z.string(),
  assetKey: z.string(),
  name: z.string(),
  type: z.string().nullable(),
  identities: z.array(assetIdentitySchema),
  department: z.string().nullable(),
  businessImpact: z.string().nullable(),
  environment: z.string().nullable(),
  site: z.string().nullable(),
  owner: z.string().nullable(),
  lastSeenAt: z.string().nullable(),
  openFindings: z.number(),
  openBySeverity: severityCountsSchema,
  maxScore: z.number().nullable(),
  kevCount: z.number(),
  overdueCount: z.number(),
});
export type AssetSummary = z.infer<typeof assetSummarySchema>;

export const assetPageSchema = z.object({ items: z.array(assetSummarySchema), nextCursor: z.string().nullable() });
export type AssetPage = z.infer<typeof assetPageSchema>;

/** The asset page: its fields and a summary of its findings (the rows come from /findings?assetId=). */
export const assetDetailSchema = z.object({
  asset: assetSummarySchema.extend({ createdAt: z.string(), updatedAt: z.string() }),
  findings: z.object({
    total: z.number(),
    byStatus: z.record(z.string(), z.number()),
    openBySeverity: severityCountsSchema,
    kevCount: z.number(),
    overdueCount: z.number(),
    nextDueAt: z.string().nullable(),
  }),
});
export type AssetDetail = z.infer<typeof assetDetailSchema>;

/** Remediation SLA: days to fix an open finding, per tenant and priority. */
export const remediationSlaItemSchema = z.object({
  tenantId: z.string(),
  priority: prioritySchema,
  days: z.number().int(),
  custom: z.boolean(),
});
export const remediationSlaBodySchema = z.object({
  tenantId: z.string().min(1),
  policies: z
    .array(z.object({ priority: prioritySchema, days: z.number().int().min(1).max(3650) }))
    .min(1)
    .max(4),
});
export type RemediationSlaBody = z.infer<typeof remediationSlaBodySchema>;
export type RemediationSlaItem = z.infer<typeof remediationSlaItemSchema>;

/** `GET /remediation-sla`: days to fix per severity for every tenant in scope, and the defaults. */
export const remediationSlaSchema = z.object({
  items: z.array(remediationSlaItemSchema),
  defaults: z.record(prioritySchema, z.number()),
});
export type RemediationSla = z.infer<typeof remediationSlaSchema>;
/** `PUT /remediation-sla`: the same, and how many open findings got a new due date. */
export const remediationSlaSavedSchema = remediationSlaSchema.extend({ recomputed: z.number() });
export type RemediationSlaSaved = z.infer<typeof remediationSlaSavedSchema>;
