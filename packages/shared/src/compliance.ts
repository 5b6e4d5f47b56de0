import { z } from "zod";
import { dataQualityFindingSchema } from "./alerts";
import { complianceFrameworkSchema, type complianceFrameworks } from "./enums";

/**
 * Configuration-assessment results (issue 15): a scan of one target against one benchmark or
 * policy, and one result per control (and resource, for cloud tools that check many).
 */
export const complianceResults = ["pass", "fail", "error", "not_applicable", "manual", "not_checked"] as const;
export const complianceResultSchema = z.enum(complianceResults);
export type ComplianceResult = z.infer<typeof complianceResultSchema>;

export const complianceSeverities = ["critical", "high", "medium", "low", "info", "unknown"] as const;
export const complianceSeveritySchema = z.enum(complianceSeverities);
export type ComplianceSeverity = z.infer<typeof complianceSeveritySchema>;
/** A stored severity as one of the known ones ("unknown" for anything else). */
export const complianceSeverityOf = (value: string): ComplianceSeverity =>
  (complianceSeverities as readonly string[]).includes(value) ? (value as ComplianceSeverity) : "unknown";

/** What was assessed: a host or agent, a cloud account (subscription, project) or a Kubernetes cluster. */
export const complianceTargetKinds = ["host", "cloud-account", "kubernetes-cluster"] as const;
export const complianceTargetKindSchema = z.enum(complianceTargetKinds);
export type ComplianceTargetKind = z.infer<typeof complianceTargetKindSchema>;

export const complianceFrameworkLabels: Record<(typeof complianceFrameworks)[number], string> = {
  cis: "CIS Benchmarks",
  "pci-dss-4.0": "PCI DSS 4.0",
  "nist-800-53-r5": "NIST SP 800-53 rev. 5",
  "nist-csf-2.0": "NIST CSF 2.0",
  "iso-27001-2022": "ISO/IEC 27001:2022",
  soc2: "SOC 2",
  hipaa: "HIPAA",
  gdpr: "GDPR",
};
export type ComplianceFramework = z.infer<typeof complianceFrameworkSchema>;

export const complianceImportFormats = [
  "xccdf",
  "inspec",
  "kube-bench",
  "wazuh-sca",
  "prowler-csv",
  "prowler-json",
  "prowler-ocsf",
  "scoutsuite",
  "ocsf-compliance",
  "trivy-misconfig",
] as const;
export const complianceImportFormatSchema = z.enum(complianceImportFormats);
export type ComplianceImportFormat = z.infer<typeof complianceImportFormatSchema>;

export const complianceTextMax = 10_000;
export const complianceEvidenceMax = 4000;

export const complianceScanInputSchema = z.object({
  tool: z.string().min(1).max(80),
  toolVersion: z.string().max(80).nullish(),
  targetKind: complianceTargetKindSchema,
  /** Host name or agent id, account id / subscription / project, cluster name. */
  targetId: z.string().min(1).max(500),
  targetName: z.string().max(500).nullish(),
  /** Benchmark or policy id, e.g. "cis_ubuntu22-04" or "CIS AWS Foundations 3.0". */
  benchmarkId: z.string().min(1).max(500),
  benchmarkTitle: z.string().max(500).nullish(),
  benchmarkVersion: z.string().max(80).nullish(),
  /** When the tool ran; null when its output does not say (kube-bench, ScoutSuite without last_run). */
  scannedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type ComplianceScanInput = z.infer<typeof complianceScanInputSchema>;

export const complianceMappingSchema = z.object({
  /** The label as the tool wrote it. */
  source: z.string().min(1).max(200),
  framework: complianceFrameworkSchema.nullable(),
  requirement: z.string().min(1).max(200),
});
export type ComplianceMapping = z.infer<typeof complianceMappingSchema>;

export const complianceCheckInputSchema = z.object({
  controlId: z.string().min(1).max(500),
  title: z.string().max(1000),
  severity: complianceSeveritySchema,
  result: complianceResultSchema,
  rationale: z.string().max(complianceTextMax).nullish(),
  remediation: z.string().max(complianceTextMax).nullish(),
  evidence: z.string().max(complianceEvidenceMax).nullish(),
  resourceId: z.string().max(2000).nullish(),
  resourceType: z.string().max(200).nullish(),
  region: z.string().max(100).nullish(),
  service: z.string().max(100).nullish(),
  mappings: z.array(complianceMappingSchema).max(500),
});
export type ComplianceCheckInput = z.infer<typeof complianceCheckInputSchema>;

/** The normalised id for a tool's framework label, or null when it names another framework or version. */
export function complianceFrameworkOf(label: string): ComplianceFramework | null {
  const l = label.toLowerCase().replace(/[\s_]+/g, "-");
  if (/^cis(\b|-|$)|center-for-internet-security/.test(l)) return "cis";
  if (/^pci(-dss)?-?(v)?4(\.0)?(\.\d)?$/.test(l)) return "pci-dss-4.0";
  if (/nist[-.]?800-53.*(r|rev|revision)-?5|800-53r5/.test(l)) return "nist-800-53-r5";
  if (/nist[-.]?csf.*2(\.0)?/.test(l)) return "nist-csf-2.0";
  if (/iso-?27001.*2022/.test(l)) return "iso-27001-2022";
  // Wazuh labels SOC 2 by its Trust Services Criteria ("tsc").
  if (/^soc-?2|^tsc$/.test(l)) return "soc2";
  if (/^hipaa/.test(l)) return "hipaa";
  if (/^gdpr/.test(l)) return "gdpr";
  return null;
}

const problemsSchema = z.array(z.object({ field: z.string(), reason: z.string() }));

/** What one compliance import did (POST /imports/compliance, `watchfloor import compliance`). */
export const complianceImportReportSchema = z.object({
  importId: z.string(),
  format: complianceImportFormatSchema,
  filename: z.string().nullable(),
  rowsRead: z.number().int(),
  skipped: z.array(z.object({ reason: z.string(), count: z.number().int() })),
  rejected: z.array(z.object({ row: z.number().int(), problems: problemsSchema })),
  rejectedCount: z.number().int(),
  findings: z.array(dataQualityFindingSchema),
  findingCount: z.number().int(),
  quarantined: z.number().int(),
  notQuarantined: z.number().int(),
  /** Distinct results written (one per control and resource in a scan). */
  resultsStored: z.number().int(),
  /** Records repeating a control and resource already read for the same scan (the later one is kept). */
  merged: z.number().int(),
  /** Distinct framework mappings read (stored once per tenant, tool, control, label and requirement). */
  mappings: z.number().int(),
  scans: z.array(
    z.object({
      id: z.string(),
      tool: z.string(),
      targetKind: complianceTargetKindSchema,
      targetId: z.string(),
      benchmarkId: z.string(),
      scannedAt: z.string(),
      results: z.number().int(),
      /** True when this file (or one with the same scan) was imported before: the earlier copy was replaced. */
      replacedEarlierImport: z.boolean(),
    }),
  ),
});
export type ComplianceImportReport = z.output<typeof complianceImportReportSchema>;

const count = z.number().int();
export const complianceCountsSchema = z.object({
  total: count,
  pass: count,
  fail: count,
  error: count,
  notApplicable: count,
  manual: count,
  notChecked: count,
});

/** pass / (pass + fail + error): not applicable, manual and not-checked results are not scored. */
export function compliancePassRate(c: { pass: number; fail: number; error: number }): number | null {
  const scored = c.pass + c.fail + c.error;
  return scored === 0 ? null : Math.round((c.pass / scored) * 1000) / 10;
}

export const complianceScanSchema = z.object({
  id: z.string(),
  tenantId: z.string(),
  importId: z.string(),
  tool: z.string(),
  toolVersion: z.string().nullable(),
  targetKind: complianceTargetKindSchema,
  targetId: z.string(),
  targetName: z.string().nullable(),
  benchmarkId: z.string(),
  benchmarkTitle: z.string().nullable(),
  benchmarkVersion: z.string().nullable(),
  scannedAt: z.string(),
  /** "tool" when the file gave the time, "import" when the import's time stands in. */
  timeSource: z.enum(["tool", "import"]),
  latest: z.boolean(),
  counts: complianceCountsSchema,
  passRate: z.number().nullable(),
  createdAt: z.string(),
});
export type ComplianceScan = z.output<typeof complianceScanSchema>;

const flag = z.enum(["true", "false"]).transform((v) => v === "true");

export const complianceScansQuerySchema = z.object({
  targetKind: complianceTargetKindSchema.optional(),
  targetId: z.string().min(1).max(500).optional(),
  tool: z.string().min(1).max(80).optional(),
  latest: flag.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(200).optional(),
});
export type ComplianceScansQuery = z.output<typeof complianceScansQuerySchema>;
export const complianceScanListSchema = z.object({ items: z.array(complianceScanSchema), nextCursor: z.string().nullable() });

/** Drift between a scan and the previous scan of the same tool, target and benchmark. */
export const complianceDriftStates = ["newly_failing", "fixed", "still_failing"] as const;
export const complianceDriftItemSchema = z.object({
  controlId: z.string(),
  resourceId: z.string().nullable(),
  title: z.string(),
  severity: complianceSeveritySchema,
  /** The result in the previous scan (null when the control was not in it) and in this one (null when gone). */
  before: complianceResultSchema.nullable(),
  after: complianceResultSchema.nullable(),
});
export type ComplianceDriftItem = z.output<typeof complianceDriftItemSchema>;
export const complianceDriftSchema = z.object({
  scan: complianceScanSchema,
  previous: complianceScanSchema.nullable(),
  newlyFailing: z.array(complianceDriftItemSchema),
  fixed: z.array(complianceDriftItemSchema),
  stillFailing: z.array(complianceDriftItemSchema),
});
export type ComplianceDrift = z.output<typeof complianceDriftSchema>;

export const complianceScoreSchema = z.object({
  pass: count,
  /** Failing and erroring results not under an exception; those under one count as excepted. */
  fail: count,
  error: count,
  excepted: count,
  other: count,
  passRate: z.number().nullable(),
});
export const complianceFrameworkScoresSchema = z.object({
  items: z.array(
    complianceScoreSchema.extend({
      framework: complianceFrameworkSchema,
      /** The tools' own labels mapped to it ("CIS-3.0", "cis", ...). */
      sources: z.array(z.string()),
      /** Requirements (per tool label) the results map to... */
      requirements: count,
      /** ...and those with at least one failing or erroring result. */
      requirementsFailing: count,
      /** Distinct alerts tagged with one of its requirements in the last `alertWindowDays` days. */
      alerts: count,
    }),
  ),
  alertWindowDays: count,
  /** Frameworks no scan speaks to that alerts were tagged with, in the same window. */
  alertOnly: z.array(z.object({ framework: complianceFrameworkSchema, alerts: count })),
});
/** Alerts tagged with one requirement id in the window (Wazuh `rule.pci_dss` and the like). */
export const complianceAlertTagSchema = z.object({ requirement: z.string(), alerts: count, lastAlertAt: z.string() });
export const complianceRequirementScoresSchema = z.object({
  framework: complianceFrameworkSchema,
  items: z.array(
    complianceScoreSchema.extend({
      source: z.string(),
      requirement: z.string(),
      controls: count,
      /** Alert tags that name this requirement, one under it or one above it (docs/compliance.md). */
      alertTags: z.array(complianceAlertTagSchema),
    }),
  ),
  alertWindowDays: count,
  /** Alert tags of this framework that no scanned requirement takes. */
  alertOnly: z.array(complianceAlertTagSchema),
});
/** Scores over one kind of target (hosts for Agent-Based Compliance, cloud accounts for Cloud Compliance), or all. */
export const complianceFrameworksQuerySchema = z.object({ targetKind: complianceTargetKindSchema.optional() });
/** A framework is named in the query, not the path: it is a vocabulary word, not a tenant resource. */
export const complianceRequirementsQuerySchema = z.object({
  framework: complianceFrameworkSchema,
  targetKind: complianceTargetKindSchema.optional(),
});

export const complianceFailingQuerySchema = z.object({
  targetKind: complianceTargetKindSchema.optional(),
  framework: complianceFrameworkSchema.optional(),
  severity: complianceSeveritySchema.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type ComplianceFailingQuery = z.output<typeof complianceFailingQuerySchema>;
export const complianceFailingSchema = z.object({
  items: z.array(
    z.object({
      tool: z.string(),
      controlId: z.string(),
      title: z.string(),
      severity: complianceSeveritySchema,
      /** Failing results (control and resource) in the latest scans, and the targets they are on. */
      failing: count,
      /** Failing results under an active exception (not in `failing`). */
      excepted: count,
      targets: count,
    }),
  ),
  total: count,
});
