import type { FindingImportFormat } from "@watchfloor/shared";

/**
 * Guesses a scanner report's format from its first bytes (16 KB is plenty) and, failing that,
 * its file name. Returns null when neither says anything, so the caller asks the user.
 */
export function detectFindingFormat(head: string, filename?: string): FindingImportFormat | null {
  const text = head.replace(/^\uFEFF/, "").trimStart();
  if (text.startsWith("<")) {
    if (/<NessusClientData_v2[\s>]/.test(text)) return "nessus";
    // A GVM report: <report> (or the GMP response around it) with GVM-only children.
    if (
      /<(report|get_reports_response)[\s>]/.test(text) &&
      /<(gmp|omp|scan_run_status|results|nvt\s)[\s>]|<nvt\s+oid=/.test(text)
    ) {
      return "openvas";
    }
  }
  if (text.startsWith("{") && /"SchemaVersion"\s*:/.test(text) && /"(Results|ArtifactName)"\s*:/.test(text)) return "trivy";
  // Legacy Trivy: a bare array of results, each with a Target and a Type.
  if (text.startsWith("[") && /"Target"\s*:/.test(text) && /"(Vulnerabilities|Type)"\s*:/.test(text)) return "trivy";
  const name = filename?.toLowerCase() ?? "";
  if (name.endsWith(".nessus")) return "nessus";
  return null;
}
