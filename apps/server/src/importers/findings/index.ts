import type { FindingImportFormat } from "@watchfloor/shared";
import { importBurp } from "./burp";
import { importGenericCsv } from "./generic-csv";
import { importNessus } from "./nessus";
import { importNuclei } from "./nuclei";
import { importOcsfVulnerabilities } from "./ocsf-vulnerability";
import { importOpenvas } from "./openvas";
import { importOpenvasCsv } from "./openvas-csv";
import { importQualys } from "./qualys";
import { importTrivy } from "./trivy";
import type { FindingImporter } from "./types";
import { importWazuhVulnerabilities } from "./wazuh-vulnerabilities";

export { detectFindingFormat } from "./detect";
export { genericCsvColumns } from "./generic-csv";
export { type FindingImportSummary, summariseFindings } from "./summarise";
export { type FindingImportEvent, type FindingImporter, ImportFileError, sourceFromFile, sourceFromString } from "./types";
export {
  importBurp,
  importGenericCsv,
  importNessus,
  importNuclei,
  importOcsfVulnerabilities,
  importOpenvas,
  importOpenvasCsv,
  importQualys,
  importTrivy,
  importWazuhVulnerabilities,
};

const importers: Record<FindingImportFormat, FindingImporter> = {
  nessus: importNessus,
  trivy: importTrivy,
  openvas: importOpenvas,
  "openvas-csv": importOpenvasCsv,
  nuclei: importNuclei,
  qualys: importQualys,
  burp: importBurp,
  "wazuh-vulnerabilities": importWazuhVulnerabilities,
  "generic-csv": importGenericCsv,
  ocsf: importOcsfVulnerabilities,
};

export function findingImporterFor(format: FindingImportFormat): FindingImporter {
  return importers[format];
}
