import { z } from "zod";
import { priorities } from "./enums";
import { refuseNul } from "./nul";

/**
 * Finding severities use the priority scale so a finding and an alert rank the same way in one
 * queue. Scanners' "informational" level (Nessus 0, GVM Log) has no place here: importers skip it.
 */
export const findingSeverities = priorities;
export const findingSeveritySchema = z.enum(findingSeverities);
export type FindingSeverity = z.infer<typeof findingSeveritySchema>;

/** Longest plugin output / detection text kept; scanner outputs can be megabytes of banners. */
export const findingEvidenceMax = 4000;
export const findingDescriptionMax = 10000;
export const findingRemediationMax = 5000;

export const cveIdSchema = z.string().regex(/^CVE-\d{4}-\d{4,}$/, "must look like CVE-YYYY-NNNN");
export const cweIdSchema = z.string().regex(/^CWE-\d+$/, "must look like CWE-n");

const text = (max = 500) => z.string().trim().max(max);
const when = z.iso.datetime({ offset: true });

/**
 * One vulnerability-scanner finding in canonical form: what was found (scanner + its stable id),
 * where (at least one asset identity), how bad, and the original record verbatim.
 * Importers produce this; the finding store de-duplicates on scanner + scannerFindingId + asset + port.
 */
export const findingInputSchema = refuseNul(
  z
    .object({
      scanner: z.string().trim().min(1).max(60),
      scannerFindingId: z.string().trim().min(1).max(300),
      hostname: text(255).nullish(),
      ip: z.union([z.ipv4(), z.ipv6()]).nullish(),
      fqdn: text(255).nullish(),
      cloudResourceId: text(500).nullish(),
      image: text(500).nullish(),
      target: text(500).nullish(),
      port: z.number().int().min(0).max(65535).nullish(),
      protocol: text(20).nullish(),
      service: text(120).nullish(),
      title: text(500).min(1),
      description: text(findingDescriptionMax).nullish(),
      severity: findingSeveritySchema,
      cvssScore: z.number().min(0).max(10).nullish(),
      cvssVector: text(300).nullish(),
      cveIds: z.array(cveIdSchema).max(500).default([]),
      cweId: cweIdSchema.nullish(),
      remediation: text(findingRemediationMax).nullish(),
      evidence: z.string().max(findingEvidenceMax).nullish(),
      firstSeen: when.nullish(),
      lastSeen: when.nullish(),
      raw: z.unknown().optional(),
    })
    .refine((f) => Boolean(f.hostname || f.ip || f.fqdn || f.cloudResourceId || f.image || f.target), {
      message: "needs at least one asset identity (hostname, ip, fqdn, cloudResourceId, image or target)",
      path: ["target"],
    }),
);
export type FindingInput = z.input<typeof findingInputSchema>;
export type Finding = z.output<typeof findingInputSchema>;

/**
 * A CVSS base score to a severity with the CVSS v3 qualitative bands (0.1-3.9 Low, 4-6.9 Medium,
 * 7-8.9 High, 9-10 Critical). A score of 0 is "None": no severity, the finding is informational.
 */
export function severityFromCvss(score: number): FindingSeverity | null {
  if (!(score > 0)) return null;
  if (score >= 9) return "Critical";
  if (score >= 7) return "High";
  if (score >= 4) return "Medium";
  return "Low";
}

export const findingImportFormats = [
  "nessus",
  "trivy",
  "openvas",
  "openvas-csv",
  "nuclei",
  "qualys",
  "burp",
  "wazuh-vulnerabilities",
  "generic-csv",
  "ocsf",
] as const;
export const findingImportFormatSchema = z.enum(findingImportFormats);
export type FindingImportFormat = z.infer<typeof findingImportFormatSchema>;
