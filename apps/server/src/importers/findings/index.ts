import type { FindingImportFormat } from "@watchfloor/shared";
import { importNessus } from "./nessus";
import { importOpenvas } from "./openvas";
import { importTrivy } from "./trivy";
import type { FindingImporter } from "./types";

export { detectFindingFormat } from "./detect";
export { type FindingImportSummary, summariseFindings } from "./summarise";
export { type FindingImportEvent, type FindingImporter, ImportFileError, sourceFromFile, sourceFromString } from "./types";
export { importNessus, importOpenvas, importTrivy };

const importers: Record<FindingImportFormat, FindingImporter> = {
  nessus: importNessus,
  trivy: importTrivy,
  openvas: importOpenvas,
};

export function findingImporterFor(format: FindingImportFormat): FindingImporter {
  return importers[format];
}
