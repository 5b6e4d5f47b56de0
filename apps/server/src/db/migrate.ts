import { type Kysely, type Migration, type MigrationProvider, Migrator } from "kysely";
import * as foundation from "./migrations/0001-foundation";
import * as alerts from "./migrations/0002-alerts";
import * as alertSearch from "./migrations/0003-alert-search";
import * as attackCatalogue from "./migrations/0004-attack-catalogue";
import * as assetsFindings from "./migrations/0005-assets-findings";
import * as findingSearch from "./migrations/0006-finding-search";
import * as dashboardRollups from "./migrations/0007-dashboard-rollups";
import * as riskSnapshots from "./migrations/0008-risk-snapshots";
import * as attackSurface from "./migrations/0009-attack-surface";
import * as alertSortIndexes from "./migrations/0010-alert-sort-indexes";
import * as alertSortRowid from "./migrations/0011-alert-sort-rowid";
import * as accountSecurity from "./migrations/0012-account-security";
import * as reports from "./migrations/0013-reports";
import * as compliance from "./migrations/0014-compliance";
import * as moduleEntitlements from "./migrations/0015-module-entitlements";
import * as drpWatchedAssets from "./migrations/0016-drp-watched-assets";
import * as rateLimits from "./migrations/0017-rate-limits";
import * as retention from "./migrations/0018-retention";
import * as jobsAndReportSchedules from "./migrations/0019-jobs-and-report-schedules";
import * as savedViewLists from "./migrations/0020-saved-view-lists";
import * as complianceExceptions from "./migrations/0021-compliance-exceptions";
import * as complianceRollups from "./migrations/0022-compliance-rollups";
import * as complianceResultsCover from "./migrations/0023-compliance-results-cover";
import * as automation from "./migrations/0024-automation";
import * as sigmaDetections from "./migrations/0025-sigma-detections";
import * as mdr from "./migrations/0026-mdr";
import * as vmCampaigns from "./migrations/0027-vm-campaigns";
import * as automationSlaRisk from "./migrations/0028-automation-sla-risk";
import * as drpFindings from "./migrations/0029-drp-findings";
import * as ctem from "./migrations/0030-ctem";
import * as attackVisibility from "./migrations/0031-attack-visibility";
import * as automationOutbox from "./migrations/0032-automation-outbox";
import * as scannerObservations from "./migrations/0033-scanner-observations";
import * as alertCompliance from "./migrations/0034-alert-compliance";
import * as reportRollups from "./migrations/0035-report-rollups";
import * as vmFigures from "./migrations/0036-vm-figures";
import * as complianceReadIndexes from "./migrations/0037-compliance-read-indexes";
import * as complianceLatestRequirements from "./migrations/0038-compliance-latest-requirements";
import * as postgresListIndexes from "./migrations/0039-postgres-list-indexes";
import * as complianceRequirementTotals from "./migrations/0040-compliance-requirement-totals";
import * as complianceTargetBreakdowns from "./migrations/0041-compliance-target-breakdowns";
import * as complianceFailingTotals from "./migrations/0042-compliance-failing-totals";
import * as postgresListCovering from "./migrations/0043-postgres-list-covering";

/** Migrations are imported statically so the bundled server carries them. */
const migrations: Record<string, Migration> = {
  "0001-foundation": foundation,
  "0002-alerts": alerts,
  "0003-alert-search": alertSearch,
  "0004-attack-catalogue": attackCatalogue,
  "0005-assets-findings": assetsFindings,
  "0006-finding-search": findingSearch,
  "0007-dashboard-rollups": dashboardRollups,
  "0008-risk-snapshots": riskSnapshots,
  "0009-attack-surface": attackSurface,
  "0010-alert-sort-indexes": alertSortIndexes,
  "0011-alert-sort-rowid": alertSortRowid,
  "0012-account-security": accountSecurity,
  "0013-reports": reports,
  "0014-compliance": compliance,
  "0015-module-entitlements": moduleEntitlements,
  "0016-drp-watched-assets": drpWatchedAssets,
  "0017-rate-limits": rateLimits,
  "0018-retention": retention,
  "0019-jobs-and-report-schedules": jobsAndReportSchedules,
  "0020-saved-view-lists": savedViewLists,
  "0021-compliance-exceptions": complianceExceptions,
  "0022-compliance-rollups": complianceRollups,
  "0023-compliance-results-cover": complianceResultsCover,
  "0024-automation": automation,
  "0025-sigma-detections": sigmaDetections,
  "0026-mdr": mdr,
  "0027-vm-campaigns": vmCampaigns,
  "0028-automation-sla-risk": automationSlaRisk,
  "0029-drp-findings": drpFindings,
  "0030-ctem": ctem,
  "0031-attack-visibility": attackVisibility,
  "0032-automation-outbox": automationOutbox,
  "0033-scanner-observations": scannerObservations,
  "0034-alert-compliance": alertCompliance,
  "0035-report-rollups": reportRollups,
  "0036-vm-figures": vmFigures,
  "0037-compliance-read-indexes": complianceReadIndexes,
  "0038-compliance-latest-requirements": complianceLatestRequirements,
  "0039-postgres-list-indexes": postgresListIndexes,
  "0040-compliance-requirement-totals": complianceRequirementTotals,
  "0041-compliance-target-breakdowns": complianceTargetBreakdowns,
  "0042-compliance-failing-totals": complianceFailingTotals,
  "0043-postgres-list-covering": postgresListCovering,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Kysely<unknown>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
