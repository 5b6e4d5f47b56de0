import { z } from "zod";

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

/** What was assessed: a host or agent, a cloud account (subscription, project) or a Kubernetes cluster. */
export const complianceTargetKinds = ["host", "cloud-account", "kubernetes-cluster"] as const;
export const complianceTargetKindSchema = z.enum(complianceTargetKinds);
export type ComplianceTargetKind = z.infer<typeof complianceTargetKindSchema>;

/**
 * The frameworks scores are rolled up for. A tool's own label ("NIST-800-53-Revision-5",
 * "ISO27001_2013", "CIS-3.0") is kept beside the id; labels naming other frameworks or other
 * versions keep a null id and are still stored.
 */
export const complianceFrameworks = ["cis", "pci-dss-4.0", "nist-800-53-r5", "nist-csf-2.0", "iso-27001-2022", "soc2", "hipaa", "gdpr"] as const;
export const complianceFrameworkSchema = z.enum(complianceFrameworks);
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
