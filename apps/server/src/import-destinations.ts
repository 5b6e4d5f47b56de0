import type { ImportDestinations } from "./features/imports/alert-import.service";
import { importRoutedCompliance } from "./features/compliance/compliance-import.routed";
import { importRoutedVulnerabilities } from "./features/findings/findings-import.routed";

/**
 * Where the alert import hands rows that belong to another store (importers/ocsf-classes.ts
 * decides which rows). Composed here, beside app.ts, because the imports feature is imported by
 * the stores and may not import them back. The compliance module's import of OCSF Compliance
 * Findings (class 2003) go to `compliance`.
 */
export const alertImportDestinations: ImportDestinations = {
  vulnerabilities: importRoutedVulnerabilities,
  compliance: importRoutedCompliance,
};
