import type { FindingImportFormat } from "@watchfloor/shared";
import { genericCsvColumns } from "./generic-csv";
import { foldHeader } from "./csv-table";

function xmlFormat(text: string): FindingImportFormat | null {
  if (/<NessusClientData_v2[\s>]/.test(text)) return "nessus";
  // A GVM report: <report> (or the GMP response around it) with GVM-only children.
  if (
    /<(report|get_reports_response)[\s>]/.test(text) &&
    /<(gmp|omp|scan_run_status|results|nvt\s)[\s>]|<nvt\s+oid=/.test(text)
  ) {
    return "openvas";
  }
  if (/<(HOST_LIST_VM_DETECTION_OUTPUT|ASSET_DATA_REPORT)[\s>]/.test(text)) return "qualys";
  // Burp's export declares its DTD inline; the root carries burpVersion, issues carry serialNumber.
  if (/<issues[\s>]/.test(text) && /<issues[^>]*\bburpVersion=|<serialNumber>/.test(text)) return "burp";
  return null;
}

function jsonFormat(text: string): FindingImportFormat | null {
  const has = (key: string) => new RegExp(`"${key}"\\s*:`).test(text);
  if (text.startsWith("{") && has("SchemaVersion") && (has("Results") || has("ArtifactName"))) return "trivy";
  // `trivy k8s`: ClusterName with Resources[] (or the summary's Findings[], or older releases'
  // Vulnerabilities[]/Misconfigurations[] of resources); SchemaVersion is often left out.
  if (text.startsWith("{") && has("ClusterName") && ["Resources", "Findings", "Vulnerabilities", "Misconfigurations"].some(has)) {
    return "trivy";
  }
  // Legacy Trivy: a bare array of results, each with a Target and a Type.
  if (text.startsWith("[") && has("Target") && (has("Vulnerabilities") || has("Type"))) return "trivy";
  if (has("template-id") && (has("matched-at") || has("info"))) return "nuclei";
  if (/"class_uid"\s*:\s*2002\b/.test(text)) return "ocsf";
  if (/"_index"\s*:\s*"wazuh-states-vulnerabilities/.test(text)) return "wazuh-vulnerabilities";
  if (has("vulnerability") && has("detected_at") && has("package")) return "wazuh-vulnerabilities";
  return null;
}

/** A CSV header: GVM's export by its NVT columns, else the documented generic columns. */
function csvFormat(text: string): FindingImportFormat | null {
  const header = text.split(/\r?\n/, 1)[0] ?? "";
  const columns = header.split(/[,;\t]/).map((c) => foldHeader(c.replace(/^"|"$/g, "")));
  if (columns.length < 2) return null;
  const has = (names: readonly string[]) => names.some((n) => columns.includes(foldHeader(n)));
  if (has(["NVT OID"]) && has(["IP"]) && has(["NVT Name"])) return "openvas-csv";
  const c = genericCsvColumns;
  if (has(c.title) && (has(c.severity) || has(c.cvss)) && (has(c.hostname) || has(c.ip) || has(c.fqdn) || has(c.target))) {
    return "generic-csv";
  }
  return null;
}

/**
 * Guesses a scanner report's format from its first bytes (16 KB is plenty) and, failing that,
 * its file name. Returns null when neither says anything, so the caller asks the user.
 */
export function detectFindingFormat(head: string, filename?: string): FindingImportFormat | null {
  const text = head.replace(/^\uFEFF/, "").trimStart();
  const found = text.startsWith("<")
    ? xmlFormat(text)
    : text.startsWith("{") || text.startsWith("[")
      ? jsonFormat(text)
      : csvFormat(text);
  if (found) return found;
  const name = filename?.toLowerCase() ?? "";
  if (name.endsWith(".nessus")) return "nessus";
  return null;
}
