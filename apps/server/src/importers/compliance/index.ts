import type { ComplianceImportFormat } from "@watchfloor/shared";
import { importInspec } from "./inspec";
import { importKubeBench } from "./kube-bench";
import { importOcsfCompliance, importProwlerOcsf } from "./ocsf";
import { importProwlerCsv } from "./prowler-csv";
import { importProwlerJson } from "./prowler-json";
import { importScoutSuite } from "./scoutsuite";
import { importTrivyMisconfig } from "./trivy-misconfig";
import type { ComplianceImportEvent, ComplianceImporter } from "./types";
import { importWazuhSca } from "./wazuh-sca";
import { importXccdf } from "./xccdf";

export { detectComplianceFormat } from "./detect";
export type { ComplianceImportEvent, ComplianceImporter } from "./types";

const importers: Record<ComplianceImportFormat, ComplianceImporter> = {
  xccdf: importXccdf,
  inspec: importInspec,
  "kube-bench": importKubeBench,
  "wazuh-sca": importWazuhSca,
  "prowler-csv": importProwlerCsv,
  "prowler-json": importProwlerJson,
  "prowler-ocsf": importProwlerOcsf,
  scoutsuite: importScoutSuite,
  "ocsf-compliance": importOcsfCompliance,
  "trivy-misconfig": importTrivyMisconfig,
};

export function complianceImporterFor(format: ComplianceImportFormat): ComplianceImporter {
  return importers[format];
}

export interface ComplianceImportSummary {
  records: Extract<ComplianceImportEvent, { kind: "record" }>[];
  rejected: Extract<ComplianceImportEvent, { kind: "rejected" }>[];
  skipped: Record<string, number>;
}

/** Drains an importer (for tests and previews). */
export async function summariseCompliance(events: AsyncIterable<ComplianceImportEvent>): Promise<ComplianceImportSummary> {
  const out: ComplianceImportSummary = { records: [], rejected: [], skipped: {} };
  for await (const e of events) {
    if (e.kind === "record") out.records.push(e);
    else if (e.kind === "rejected") out.rejected.push(e);
    else out.skipped[e.reason] = (out.skipped[e.reason] ?? 0) + 1;
  }
  return out;
}
