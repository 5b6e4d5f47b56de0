import { z } from "zod";
import { cveIdSchema, cweIdSchema } from "./findings";

/**
 * Vulnerability intelligence records: what is known about a CVE or CWE independently of any asset
 * (CISA KEV, FIRST EPSS, MITRE CWE names, NVD CVE records). The intel parsers produce these; the
 * finding views join them on `cveId` / `cweId` to rank findings (exploited, likely to be exploited).
 */

const text = (max = 500) => z.string().trim().max(max);
const when = z.iso.datetime({ offset: true });
/** A calendar day as CISA writes it (YYYY-MM-DD), kept as a day: a KEV due date has no time or zone. */
const day = z.iso.date();

/** One entry of the CISA Known Exploited Vulnerabilities catalog. */
export const kevEntrySchema = z.object({
  cveId: cveIdSchema,
  vendorProject: text(200).min(1),
  product: text(200).min(1),
  /** `vulnerabilityName` in the catalog. */
  name: text(500).min(1),
  dateAdded: day,
  dueDate: day,
  requiredAction: text(2000).min(1),
  shortDescription: text(5000).min(1),
  /** `knownRansomwareCampaignUse`: "Known" is true; "Unknown" (CISA lacks confirmation) is false. */
  knownRansomware: z.boolean(),
  notes: text(10000).nullish(),
  cwes: z.array(cweIdSchema).max(50).default([]),
});
export type KevEntry = z.output<typeof kevEntrySchema>;

/** The catalog's header: only the JSON feed carries it (the CSV has rows only). */
export const kevCatalogSchema = z.object({
  catalogVersion: text(40).min(1),
  dateReleased: when,
  count: z.number().int().min(0),
});
export type KevCatalog = z.output<typeof kevCatalogSchema>;

/** One row of a FIRST EPSS daily scores file: probability of exploitation in the next 30 days. */
export const epssScoreSchema = z.object({
  cveId: cveIdSchema,
  epss: z.number().min(0).max(1),
  percentile: z.number().min(0).max(1),
});
export type EpssScore = z.output<typeof epssScoreSchema>;

/** The `#model_version:...,score_date:...` line EPSS files start with (absent in old files). */
export const epssMetaSchema = z.object({
  modelVersion: text(40).nullish(),
  scoreDate: when.nullish(),
});
export type EpssMeta = z.output<typeof epssMetaSchema>;

export const cweEntrySchema = z.object({
  cweId: cweIdSchema,
  name: text(500).min(1),
});
export type CweEntry = z.output<typeof cweEntrySchema>;

/** One CVSS rating as NVD lists it: the vector, its base score and NVD's severity word. */
export const cvssRatingSchema = z.object({
  version: z.enum(["3.0", "3.1", "4.0"]),
  vector: text(300).min(1),
  baseScore: z.number().min(0).max(10),
  baseSeverity: z.enum(["NONE", "LOW", "MEDIUM", "HIGH", "CRITICAL"]).nullish(),
  /** Who rated it: `nvd@nist.gov` (NVD's own, "Primary") or the CNA ("Secondary"). */
  source: text(200).nullish(),
});
export type CvssRating = z.output<typeof cvssRatingSchema>;

/** CISA KEV fields NVD copies onto a CVE that is in the catalog. */
export const nvdKevSchema = z.object({
  dateAdded: day,
  dueDate: day.nullish(),
  requiredAction: text(2000).nullish(),
  name: text(500).nullish(),
});

/** One CVE from the NVD CVE API 2.0 (`vulnerabilities[].cve`). */
export const nvdCveSchema = z.object({
  cveId: cveIdSchema,
  published: when,
  lastModified: when,
  vulnStatus: text(60).nullish(),
  /** The English description. */
  description: text(20000).nullish(),
  /** CVSS v3.1, else v3.0: NVD's own (Primary) rating first, else the CNA's. */
  cvssV3: cvssRatingSchema.nullish(),
  cvssV4: cvssRatingSchema.nullish(),
  cweIds: z.array(cweIdSchema).max(50).default([]),
  kev: nvdKevSchema.nullish(),
});
export type NvdCve = z.output<typeof nvdCveSchema>;

/** The page header of an NVD CVE API 2.0 response. */
export const nvdPageSchema = z.object({
  resultsPerPage: z.number().int().min(0),
  startIndex: z.number().int().min(0),
  totalResults: z.number().int().min(0),
  timestamp: when,
});
export type NvdPage = z.output<typeof nvdPageSchema>;

/** The intel files the parsers read (apps/server/src/importers/intel). */
export const intelImportFormats = ["kev-json", "kev-csv", "epss-csv", "cwe-json", "cwe-csv", "nvd-json"] as const;
export const intelImportFormatSchema = z.enum(intelImportFormats);
export type IntelImportFormat = z.infer<typeof intelImportFormatSchema>;

/** The intel feeds a platform administrator loads: CISA KEV, FIRST EPSS and CWE names. */
export const intelFeeds = ["kev", "epss", "cwe"] as const;
export const intelFeedSchema = z.enum(intelFeeds);
export type IntelFeed = z.infer<typeof intelFeedSchema>;

/** `POST /intel/:feed`: what one intel file loaded. */
export const intelImportReportSchema = z.object({
  feed: intelFeedSchema,
  format: intelImportFormatSchema,
  filename: z.string().nullable(),
  /** KEV catalog version or EPSS model version, when the file says. */
  version: z.string().nullable(),
  /** KEV release instant or EPSS score date, when the file says. */
  released: z.string().nullable(),
  rowsRead: z.number(),
  loaded: z.number(),
  rejected: z.array(z.object({ row: z.number(), problems: z.array(z.object({ field: z.string(), reason: z.string() })) })),
  rejectedCount: z.number(),
  /** Findings of all tenants newly flagged KEV (kev) or now carrying an EPSS score (epss). */
  findingsUpdated: z.number(),
});
export type IntelImportReport = z.infer<typeof intelImportReportSchema>;

/** `GET /intel/status`: entry counts and each feed's last load. */
export const intelStatusSchema = z.object({
  feeds: z.array(
    z.object({
      feed: intelFeedSchema,
      entries: z.number(),
      version: z.string().nullable(),
      released: z.string().nullable(),
      filename: z.string().nullable(),
      loadedAt: z.string().nullable(),
      loadedBy: z.string().nullable(),
    }),
  ),
});
export type IntelStatus = z.infer<typeof intelStatusSchema>;
