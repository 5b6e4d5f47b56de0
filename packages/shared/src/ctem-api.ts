import { z } from "zod";
import { ctemImpacts, ctemValidationStates } from "./ctem";
import { prioritySchema } from "./enums";
import { refuseNul } from "./nul";

/** CTEM HTTP contract (docs/ctem.md): scopes, their ranked exposures, validation, tasks, score over time. */
const count = z.number().int();
const when = z.iso.datetime({ offset: true });
const id = z.string().min(1).max(100);

export const ctemImpactSchema = z.enum(ctemImpacts);
export const ctemValidationStateSchema = z.enum(ctemValidationStates);

/** Which assets a scope holds: named assets, and/or every asset matching all the rule's parts. */
export const ctemScopeRuleSchema = z
  .object({
    assetIds: z.array(id).max(1000).optional(),
    /** The asset's department, exactly (case-insensitive). */
    department: z.string().trim().min(1).max(200).optional(),
    /** Text the asset's name or key contains (case-insensitive). */
    nameContains: z.string().trim().min(1).max(200).optional(),
    internetFacingOnly: z.boolean().optional(),
  })
  .refine((r) => Boolean(r.assetIds?.length || r.department || r.nameContains || r.internetFacingOnly), {
    message: "name assets or give a department, a name pattern or internet-facing only",
    path: ["assetIds"],
  });
export type CtemScopeRule = z.infer<typeof ctemScopeRuleSchema>;

export const ctemScopeCreateSchema = refuseNul(
  z.object({
    tenantId: id,
    name: z.string().trim().min(1).max(200),
    ownerUserId: id,
    /** Applies to assets that carry no business impact of their own. */
    businessImpact: ctemImpactSchema,
    rule: ctemScopeRuleSchema,
  }),
);
export type CtemScopeCreate = z.input<typeof ctemScopeCreateSchema>;

/** What a scope's edit may change (its tenant stays); a field left out keeps its value. */
export const ctemScopeUpdateSchema = refuseNul(
  z.object({
    name: z.string().trim().min(1).max(200).optional(),
    ownerUserId: id.optional(),
    businessImpact: ctemImpactSchema.optional(),
    /** Replaces the whole rule. */
    rule: ctemScopeRuleSchema.optional(),
  }),
);
export type CtemScopeUpdate = z.input<typeof ctemScopeUpdateSchema>;

export const ctemScopeSchema = z.object({
  id: z.string(),
  tenantId: z.string(),
  name: z.string(),
  owner: z.object({ id: z.string().nullable(), name: z.string().nullable() }),
  businessImpact: ctemImpactSchema,
  rule: z.object({
    assetIds: z.array(z.string()).optional(),
    department: z.string().optional(),
    nameContains: z.string().optional(),
    internetFacingOnly: z.boolean().optional(),
  }),
  createdAt: when,
  assets: count,
  exposures: count,
  score: z.number(),
});
export type CtemScope = z.infer<typeof ctemScopeSchema>;
export const ctemScopeListSchema = z.object({ items: z.array(ctemScopeSchema) });
export const ctemQuerySchema = z.object({ tenantId: id.optional() });
export const ctemScopeParamsSchema = z.object({ scopeId: id });
export const ctemTaskParamsSchema = z.object({ scopeId: id, taskId: id });

export const ctemFactorSchema = z.object({
  factor: z.enum(["severity", "threat", "business impact", "internet exposure", "compensating controls"]),
  reason: z.string(),
  multiplier: z.number(),
  points: z.number(),
});
export const ctemValidationSchema = z.object({
  state: ctemValidationStateSchema,
  evidence: z.string(),
  source: z.enum(["manual", "nuclei"]),
  by: z.string().nullable(),
  at: when,
});
export type CtemValidation = z.infer<typeof ctemValidationSchema>;
export const ctemExposureSchema = z.object({
  /** `finding:<id>`, `service:<id>` or `cloud:<check result id>`: stable while it lasts. */
  key: z.string(),
  kind: z.enum(["finding", "service", "cloud"]),
  title: z.string(),
  asset: z.object({ id: z.string(), name: z.string(), key: z.string() }),
  severity: prioritySchema.nullable(),
  cves: z.array(z.string()),
  port: z.number().int().nullable(),
  findingId: z.string().nullable(),
  score: z.number(),
  factors: z.array(ctemFactorSchema),
  validation: ctemValidationSchema.nullable(),
});
export type CtemExposure = z.infer<typeof ctemExposureSchema>;

export const ctemTaskSchema = z.object({
  id: z.string(),
  title: z.string(),
  owner: z.object({ id: z.string().nullable(), name: z.string().nullable() }),
  dueDate: z.iso.date(),
  createdAt: when,
  total: count,
  /** Linked findings closed as Fixed by a later scan: the only progress that counts. */
  done: count,
  /** Closed by hand (Remediated, Accepted Risk, False Positive): shown, not progress. */
  closedOtherwise: count,
  open: count,
  overdue: z.boolean(),
});
export type CtemTask = z.infer<typeof ctemTaskSchema>;
export const ctemTrendPointSchema = z.object({ date: z.iso.date(), score: z.number(), live: z.boolean() });

export const ctemScopeDetailSchema = ctemScopeSchema.extend({
  /** Ranked by score, worst first (at most ctemExposureLimit). */
  items: z.array(ctemExposureSchema),
  tasks: z.array(ctemTaskSchema),
  /** Daily snapshots, then today's live score. */
  trend: z.array(ctemTrendPointSchema),
});
export type CtemScopeDetail = z.infer<typeof ctemScopeDetailSchema>;
export const ctemExposureLimit = 500;

export const ctemValidateSchema = refuseNul(
  z.object({
    exposureKey: z.string().min(1).max(200),
    state: ctemValidationStateSchema,
    evidence: z.string().trim().min(3).max(4000),
  }),
);
export type CtemValidate = z.input<typeof ctemValidateSchema>;

export const ctemTaskCreateSchema = refuseNul(
  z.object({
    title: z.string().trim().min(1).max(200),
    ownerUserId: id,
    dueDate: z.iso.date(),
    findingIds: z.array(id).min(1).max(1000),
  }),
);
export type CtemTaskCreate = z.input<typeof ctemTaskCreateSchema>;

/** What a task's edit may change; its findings stay as created. A field left out keeps its value. */
export const ctemTaskUpdateSchema = refuseNul(
  z.object({
    title: z.string().trim().min(1).max(200).optional(),
    ownerUserId: id.optional(),
    dueDate: z.iso.date().optional(),
  }),
);
export type CtemTaskUpdate = z.input<typeof ctemTaskUpdateSchema>;

export const ctemNucleiReportSchema = z.object({
  results: count,
  /** Exposures of the scope a result confirmed (host and CVE or template match). */
  validated: count,
  /** Results that matched no open finding of the scope. */
  unmatched: count,
  skipped: count,
  rejected: count,
  keys: z.array(z.string()),
});
export type CtemNucleiReport = z.infer<typeof ctemNucleiReportSchema>;
