import type { ComplianceImportFormat } from "@watchfloor/shared";

function jsonFormat(text: string): ComplianceImportFormat | null {
  const has = (key: string) => new RegExp(`"${key}"\\s*:`).test(text);
  if (/"class_uid"\s*:\s*2003\b/.test(text)) return "ocsf-compliance";
  if (/"class_uid"\s*:\s*2004\b/.test(text) && has("event_code") && /"Prowler"/.test(text)) return "prowler-ocsf";
  if (has("CheckID") && has("Status") && (has("FindingUniqueId") || has("Compliance"))) return "prowler-json";
  if (has("provider_code") && (has("last_run") || has("services"))) return "scoutsuite";
  // InSpec's JSON reporter: platform and profiles come first; a profile's controls may start past the head.
  if (has("profiles") && (has("controls") || has("platform"))) return "inspec";
  if (has("code_desc") || (has("control_tags") && has("results"))) return "inspec";
  if (has("test_number") || (has("node_type") && has("tests"))) return "kube-bench";
  if (has("policy_id") && (has("affected_items") || has("rationale") || has("checks"))) return "wazuh-sca";
  if (has("Misconfigurations") || has("MisconfSummary")) return "trivy-misconfig";
  // A Trivy report whose first results are vulnerabilities: its misconfigurations come later.
  if (text.startsWith("{") && has("SchemaVersion") && has("ArtifactName")) return "trivy-misconfig";
  if (text.startsWith("{") && has("ClusterName") && has("Resources")) return "trivy-misconfig";
  return null;
}

/**
 * Guesses a compliance file's format from its first bytes (16 KB) and, failing that, its name.
 * Returns null when neither says anything, so the caller asks for --format.
 */
export function detectComplianceFormat(head: string, filename?: string): ComplianceImportFormat | null {
  const text = head.replace(/^\uFEFF/, "").trimStart();
  if (text.startsWith("<")) return /<([\w.-]+:)?(Benchmark|TestResult|asset-report-collection)[\s>]/.test(text) ? "xccdf" : null;
  if (/^(var\s+)?scoutsuite_results\s*=/.test(text)) return "scoutsuite";
  if (text.startsWith("{") || text.startsWith("[")) return jsonFormat(text);
  const header = text.split(/\r?\n/, 1)[0]?.toUpperCase().split(";") ?? [];
  if (header.includes("CHECK_ID") && header.includes("STATUS")) return "prowler-csv";
  const name = filename?.toLowerCase() ?? "";
  if (/scoutsuite_results.*\.js$/.test(name)) return "scoutsuite";
  return null;
}
