import { errorCodes } from "@watchfloor/shared";
import { tenantsWithModule } from "../../http/entitlements.repository";
import { AppError } from "../../http/errors";
import type { RoutedImport } from "../imports/alert-import.service";
import { importComplianceFile } from "./compliance-import.service";

/**
 * OCSF Compliance Findings (class 2003) sent to the alert import: the same file goes through the
 * compliance import with its OCSF importer, which skips the other classes. A tenant without the
 * compliance module gets no compliance data this way either: the alert import reports why.
 */
export const importRoutedCompliance: RoutedImport = async (ctx, tenantId, source, options) => {
  if ((await tenantsWithModule(ctx.db, [tenantId], "compliance")).length === 0) {
    throw new AppError(
      403,
      errorCodes.moduleNotEnabled,
      "The Compliance module is not enabled for this tenant, so its compliance results were not stored.",
    );
  }
  const report = await importComplianceFile(ctx, tenantId, source, {
    format: "ocsf-compliance",
    filename: options.filename,
    doer: options.doer,
  });
  return {
    importId: report.importId,
    created: report.resultsStored,
    updated: report.merged,
    skipped: report.skipped,
    rejectedCount: report.rejectedCount,
  };
};
