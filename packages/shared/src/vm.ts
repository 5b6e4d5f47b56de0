import { z } from "zod";
import { prioritySchema } from "./enums";
import { findingRemediationMax } from "./findings";
import { refuseNul } from "./nul";

/**
 * VM, the vulnerability-management programme (docs/vm.md): figures over the findings the
 * vulnerable-asset list holds, fix groups (findings one remediation closes), and remediation
 * campaigns whose progress only later scans make.
 */
const count = z.number().int();
const when = z.iso.datetime({ offset: true });

/** Age of an open finding in whole days since first seen; each bucket links to the list with ageMin/ageMax. */
export const vmAgeBuckets = [
  { key: "0-30", min: 0, max: 30 },
  { key: "31-90", min: 31, max: 90 },
  { key: "91-180", min: 91, max: 180 },
  { key: "181+", min: 181, max: null },
] as const;
export type VmAgeBucket = (typeof vmAgeBuckets)[number]["key"];
/** EPSS probability above which an open finding counts in the high-EPSS backlog. */
export const vmHighEpss = 0.1;
/** An asset not seen by any scan in this many days counts as not scanned (scan coverage). */
export const vmStaleScanDays = 30;
/** Months of SLA adherence and mean time to remediate the overview draws. */
export const vmTrendMonths = 6;

export const vmSeverityRowSchema = z.object({
  severity: prioritySchema,
  open: count,
  /** Open findings per age bucket, in vmAgeBuckets order. */
  ages: z.array(count),
  overdue: count,
});

export const vmTrendPointSchema = z.object({
  /** The calendar month (UTC) the findings were closed in: "2026-11". */
  month: z.string(),
  severity: prioritySchema.nullable(),
  /** Findings closed as Fixed or Remediated that month, and how many of them by their due date. */
  closed: count,
  onTime: count,
  /** Share closed on time, 0-1; null when nothing was closed. */
  adherence: z.number().nullable(),
  /** Mean days from first seen to closed; null when nothing was closed. */
  mttrDays: z.number().nullable(),
});

export const vmTenantRowSchema = z.object({
  tenantId: z.string(),
  tenantName: z.string(),
  open: count,
  critical: count,
  kev: count,
  highEpss: count,
  overdue: count,
  assets: count,
  assetsNotScanned: count,
  /** Over the trend's months. */
  adherence: z.number().nullable(),
  mttrDays: z.number().nullable(),
});

export const vmOverviewSchema = z.object({
  generatedAt: when,
  totals: z.object({
    open: count,
    overdue: count,
    kev: count,
    highEpss: count,
    /** Closed as Accepted Risk: counted apart, never in the open figures. */
    accepted: count,
    assets: count,
    assetsNotScanned: count,
  }),
  severities: z.array(vmSeverityRowSchema),
  /** Per month and severity, then per month over all severities (severity null). */
  trend: z.array(vmTrendPointSchema),
  tenants: z.array(vmTenantRowSchema),
});
export type VmOverview = z.infer<typeof vmOverviewSchema>;
export type VmTrendPoint = z.infer<typeof vmTrendPointSchema>;

export const vmQuerySchema = z.object({ tenantId: z.string().max(100).optional() });

export const vmFixGroupSchema = z.object({
  /** The scanners' fixed version or solution text, as stored on the findings (their remediation). */
  fix: z.string(),
  findings: count,
  assets: count,
  tenants: count,
  worstSeverity: prioritySchema,
  kev: count,
  /** The risk model's finding risks (docs/risk.md) the fix removes, summed. */
  riskRemoved: z.number(),
  /** Examples: the CVE ids of two of its findings (the least and greatest by CVE text), not every one. */
  cves: z.array(z.string()),
});
export type VmFixGroup = z.infer<typeof vmFixGroupSchema>;
export const vmFixGroupListSchema = z.object({ items: z.array(vmFixGroupSchema), total: count });
export const vmFixGroupsQuerySchema = vmQuerySchema.extend({
  q: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type VmFixGroupsQuery = z.output<typeof vmFixGroupsQuerySchema>;

const dueDate = z.iso.date();
export const vmCampaignCreateSchema = refuseNul(
  z
    .object({
      tenantId: z.string().min(1).max(100),
      name: z.string().trim().min(1).max(200),
      ownerUserId: z.string().min(1).max(100).nullish(),
      dueDate,
      /** Start from a fix group: its open findings in the tenant now. */
      fix: z.string().trim().min(1).max(findingRemediationMax).optional(),
      /** Or from named findings (open ones of the tenant). */
      findingIds: z.array(z.string().min(1).max(100)).min(1).max(5000).optional(),
    })
    .refine((b) => Boolean(b.fix) !== Boolean(b.findingIds), {
      message: "give either fix or findingIds",
      path: ["fix"],
    }),
);
export type VmCampaignCreate = z.input<typeof vmCampaignCreateSchema>;

export const vmBurndownPointSchema = z.object({ date: z.iso.date(), open: count });
export const vmCampaignSchema = z.object({
  id: z.string(),
  tenantId: z.string(),
  name: z.string(),
  ownerUserId: z.string().nullable(),
  ownerName: z.string().nullable(),
  fix: z.string().nullable(),
  dueDate: z.iso.date(),
  createdAt: when,
  total: count,
  /** Closed as Fixed by a later scan: the only progress that counts. */
  fixed: count,
  /** Closed by hand (Remediated, Accepted Risk, False Positive): shown, not counted as progress. */
  closedOtherwise: count,
  open: count,
  overdue: z.boolean(),
});
export type VmCampaign = z.infer<typeof vmCampaignSchema>;
export const vmCampaignListSchema = z.object({ items: z.array(vmCampaignSchema) });
export const vmCampaignDetailSchema = vmCampaignSchema.extend({
  /** Findings of the campaign not yet fixed by a scan, at the end of each day since it started. */
  burndown: z.array(vmBurndownPointSchema),
  link: z.string(),
});
export type VmCampaignDetail = z.infer<typeof vmCampaignDetailSchema>;
export const vmCampaignParamsSchema = z.object({ campaignId: z.string().min(1).max(100) });

/** A campaign as a webhook payload: what a ticketing system needs, with the link back. */
export const vmTicketSchema = z.object({
  summary: z.string(),
  description: z.string(),
  priority: z.string(),
  labels: z.array(z.string()),
  dueDate: z.iso.date(),
  link: z.string(),
  findings: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      severity: prioritySchema,
      asset: z.string(),
      cves: z.array(z.string()),
      link: z.string(),
    }),
  ),
});
export type VmTicket = z.infer<typeof vmTicketSchema>;

/** A risk acceptance expires at most this many days after it is given: it comes back for review. */
export const vmAcceptanceMaxDays = 365;
export const vmAcceptanceCreateSchema = refuseNul(
  z
    .object({
      tenantId: z.string().min(1).max(100),
      reason: z.string().trim().min(3).max(2000),
      expiresAt: when,
      /** Accept a fix group: its open findings in the tenant now. */
      fix: z.string().trim().min(1).max(findingRemediationMax).optional(),
      /** Or named open findings of the tenant. */
      findingIds: z.array(z.string().min(1).max(100)).min(1).max(1000).optional(),
    })
    .refine((b) => Boolean(b.fix) !== Boolean(b.findingIds), { message: "give either fix or findingIds", path: ["fix"] }),
);
export type VmAcceptanceCreate = z.input<typeof vmAcceptanceCreateSchema>;
export const vmAcceptanceSchema = z.object({
  id: z.string(),
  tenantId: z.string(),
  fix: z.string().nullable(),
  reason: z.string(),
  /** Whoever accepted it (the risk.accept permission) is its approver. */
  approvedBy: z.object({ id: z.string().nullable(), name: z.string() }),
  createdAt: when,
  expiresAt: when,
  state: z.enum(["active", "expired"]),
  findings: count,
});
export type VmAcceptance = z.infer<typeof vmAcceptanceSchema>;
export const vmAcceptanceListSchema = z.object({ items: z.array(vmAcceptanceSchema) });
