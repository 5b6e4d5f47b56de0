import type { IntelImportFormat } from "@watchfloor/shared";

/**
 * Guesses an intel file's format from its first bytes (a few KB): the KEV catalog by its header
 * keys or CSV columns, EPSS by its comment or header line, the CWE list by its fixture model or
 * MITRE's columns, NVD by its `format`. Returns null when nothing matches.
 */
export function detectIntelFormat(head: string): IntelImportFormat | null {
  const text = head.replace(/^\uFEFF/, "").trimStart();
  const has = (key: string) => new RegExp(`"${key}"\\s*:`).test(text);
  if (text.startsWith("{") || text.startsWith("[")) {
    if (has("catalogVersion") && has("vulnerabilities")) return "kev-json";
    if (/"format"\s*:\s*"NVD_CVE"/.test(text)) return "nvd-json";
    if (/"model"\s*:\s*"dojo\.cwe"/.test(text)) return "cwe-json";
    return null;
  }
  if (text.startsWith("#model_version")) return "epss-csv";
  const header = (text.split(/\r?\n/, 1)[0] ?? "").replace(/"/g, "").toLowerCase();
  if (header.startsWith("cve,epss")) return "epss-csv";
  if (header.startsWith("cveid,vendorproject,product")) return "kev-csv";
  if (header.startsWith("cwe-id,name")) return "cwe-csv";
  return null;
}
