import { z } from "zod";
import { alertImportFormatSchema, dataQualityFindingSchema, routedImportReportSchema } from "./alerts";
import { findingImportFormatSchema } from "./findings";
import { freeFormRecord } from "./responses";

/** Why a row was refused, field by field. */
export const rowProblemSchema = z.object({ field: z.string(), reason: z.string() });

/** The part of an import report every kind of import shares; lists stop at 1,000, counts are whole. */
export const importTallySchema = z.object({
  rowsRead: z.number(),
  skipped: z.array(z.object({ reason: z.string(), count: z.number() })),
  rejected: z.array(z.object({ row: z.number(), problems: z.array(rowProblemSchema) })),
  rejectedCount: z.number(),
  /** Data-quality notes on values that were read but not placed; not vulnerabilities. */
  findings: z.array(dataQualityFindingSchema),
  findingCount: z.number(),
  /** Rejected rows kept in quarantine, and those only counted (the rest of rejectedCount). */
  quarantined: z.number(),
  notQuarantined: z.number(),
});

/** `POST /imports/alerts`. */
export const alertImportReportSchema = importTallySchema.extend({
  importId: z.string(),
  format: alertImportFormatSchema,
  filename: z.string().nullable(),
  created: z.number(),
  updated: z.number(),
  /** Rows handed to another store's import (OCSF vulnerability and compliance findings), one entry per store. */
  routed: z.array(routedImportReportSchema),
});
export type AlertImportReport = z.infer<typeof alertImportReportSchema>;

/** `POST /imports/findings`: a scanner report. */
export const findingImportReportSchema = importTallySchema.extend({
  importId: z.string(),
  format: findingImportFormatSchema,
  filename: z.string().nullable(),
  /** False for partial scans, which never mark findings fixed. */
  fullScan: z.boolean(),
  /** Informational results were kept as observations (`includeInfo`), not skipped. */
  includeInfo: z.boolean(),
  created: z.number(),
  updated: z.number(),
  /** Records folded into a finding another record of the same file already gave. */
  merged: z.number(),
  reopened: z.number(),
  fixed: z.number(),
  assetsCreated: z.number(),
  assetsMatched: z.number(),
  /** Informational results stored as observations (0 unless `includeInfo`). */
  observations: z.number(),
  /** Observations a full scan no longer reported on the assets it covered. */
  observationsGone: z.number(),
});
export type FindingImportReport = z.infer<typeof findingImportReportSchema>;

/** `POST /imports/assets`: an asset inventory. */
export const assetImportReportSchema = importTallySchema.extend({
  importId: z.string(),
  format: z.literal("asset-inventory"),
  filename: z.string().nullable(),
  assetsCreated: z.number(),
  assetsUpdated: z.number(),
  findingsCreated: z.number(),
  findingsUpdated: z.number(),
});
export type AssetImportReport = z.infer<typeof assetImportReportSchema>;

/** `GET /imports`: the latest 100 import runs of the tenants in scope. */
export const importRunsSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      tenantId: z.string(),
      kind: z.string(),
      format: z.string(),
      filename: z.string().nullable(),
      createdAt: z.string(),
      report: freeFormRecord(
        "The run's report as written when it ran ({} if it never finished); its fields depend on the kind and on the version that wrote it.",
      ),
    }),
  ),
});

/** A rejected row kept for an administrator to fix and send again. */
export const quarantineRowSchema = z.object({
  id: z.string(),
  tenantId: z.string(),
  /** Null for a row refused outside a file import. */
  importId: z.string().nullable(),
  format: z.string(),
  row: z.number(),
  raw: z.string(),
  problems: z.array(rowProblemSchema),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type QuarantineRow = z.infer<typeof quarantineRowSchema>;

export const quarantinePageSchema = z.object({ items: z.array(quarantineRowSchema) });

/** `POST /quarantine/:id/resubmit`: the alert the fixed row became, and whether it was new. */
export const resubmittedSchema = z.object({ alertId: z.string(), created: z.boolean() });
export type QuarantinePage = z.infer<typeof quarantinePageSchema>;
export type ImportTallyReport = z.infer<typeof importTallySchema>;
