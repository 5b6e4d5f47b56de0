import type { RoutedImport } from "../imports/alert-import.service";
import { importFindingFile } from "./findings-import.service";

/**
 * OCSF Vulnerability Findings (class 2002) sent to the alert import: the same file goes through
 * the scanner import with the OCSF importer. Partial, because an alert feed is not a full scan and
 * must never close findings it does not mention.
 */
export const importRoutedVulnerabilities: RoutedImport = async (ctx, tenantId, source, options) => {
  const report = await importFindingFile(ctx, tenantId, source, {
    format: "ocsf",
    filename: options.filename,
    doer: options.doer,
    partial: true,
  });
  return {
    importId: report.importId,
    created: report.created,
    updated: report.updated,
    skipped: report.skipped,
    rejectedCount: report.rejectedCount,
  };
};
