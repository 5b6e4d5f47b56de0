import { z } from "zod";
import { importTallySchema } from "./imports";

/** DRP findings (docs/drp.md): what a feed or the product's own alerts showed impersonating a watched asset. */
export const drpFindingKinds = ["lookalike-domain", "brand-in-domain", "executive-in-domain", "leaked-credential"] as const;
export const drpFindingKindSchema = z.enum(drpFindingKinds);
export type DrpFindingKind = z.infer<typeof drpFindingKindSchema>;

/** new → investigating → takedown-requested → taken-down; benign closes from any open state. */
export const drpFindingStatuses = ["new", "investigating", "takedown-requested", "taken-down", "benign"] as const;
export const drpFindingStatusSchema = z.enum(drpFindingStatuses);
export type DrpFindingStatus = z.infer<typeof drpFindingStatusSchema>;

export const drpConfidences = ["high", "medium", "low"] as const;
export const drpConfidenceSchema = z.enum(drpConfidences);
export type DrpConfidence = z.infer<typeof drpConfidenceSchema>;

/** The feeds a tenant imports; "alerts" is the product's own alert data (the scan action). */
export const drpFeeds = ["newly-registered", "cert-transparency", "leaked-credentials", "dns-log", "proxy-log"] as const;
export const drpFeedSchema = z.enum(drpFeeds);
export type DrpFeed = z.infer<typeof drpFeedSchema>;
export const drpSources = [...drpFeeds, "alerts"] as const;
export type DrpSource = (typeof drpSources)[number];

/** Where a finding was last seen: the feed import and line, or the alert. */
export const drpEvidenceSchema = z.object({
  source: z.enum(drpSources),
  importId: z.string().nullable(),
  /** Line (or record) of the feed file; null for alerts. */
  line: z.number().nullable(),
  alertId: z.string().nullable(),
  /** What the line or alert said: the host name as seen, the leak's source and date. Never a password. */
  detail: z.string(),
});
export type DrpEvidence = z.infer<typeof drpEvidenceSchema>;

export const drpFindingSchema = z.object({
  id: z.string(),
  tenantId: z.string(),
  kind: drpFindingKindSchema,
  /** The registrable domain (punycode) or the e-mail address. */
  value: z.string(),
  /** As a person reads it (Unicode form of an internationalised domain). */
  display: z.string(),
  watched: z.object({ id: z.string().nullable(), kind: z.string(), value: z.string() }),
  techniques: z.array(z.string()),
  confidence: drpConfidenceSchema,
  status: drpFindingStatusSchema,
  firstEvidence: drpEvidenceSchema,
  lastEvidence: drpEvidenceSchema,
  sightings: z.number(),
  firstSeen: z.string(),
  lastSeen: z.string(),
  statusChangedAt: z.string().nullable(),
  statusChangedBy: z.string().nullable(),
  statusNote: z.string().nullable(),
});
export type DrpFinding = z.infer<typeof drpFindingSchema>;

export const drpFindingListQuerySchema = z.object({
  tenantId: z.string().trim().min(1).max(100).optional(),
  status: drpFindingStatusSchema.optional(),
  kind: drpFindingKindSchema.optional(),
  confidence: drpConfidenceSchema.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(500).optional(),
});
export type DrpFindingListQuery = z.infer<typeof drpFindingListQuerySchema>;
export const drpFindingPageSchema = z.object({ items: z.array(drpFindingSchema), nextCursor: z.string().nullable() });
export type DrpFindingPage = z.infer<typeof drpFindingPageSchema>;

export const drpStatusBodySchema = z.object({
  status: drpFindingStatusSchema,
  note: z.string().trim().max(1000).optional(),
});
export type DrpStatusBody = z.infer<typeof drpStatusBodySchema>;

export const drpImportQuerySchema = z.object({
  tenantId: z.string().trim().min(1).max(100).optional(),
  feed: drpFeedSchema,
  filename: z.string().max(255).optional(),
});

/** What an import or an alert scan made: findings new and seen again, and what the feed's rows were. */
export const drpMatchCountsSchema = z.object({
  created: z.number(),
  updated: z.number(),
  /** New findings of high confidence (the owners and admins were told once, summarising them). */
  highConfidence: z.number(),
});

export const drpImportReportSchema = importTallySchema.extend(drpMatchCountsSchema.shape).extend({
  importId: z.string(),
  feed: drpFeedSchema,
  filename: z.string().nullable(),
});
export type DrpImportReport = z.infer<typeof drpImportReportSchema>;

export const drpAlertScanBodySchema = z.object({
  tenantId: z.string().trim().min(1).max(100),
  /** Alerts created in the last N days. */
  days: z.number().int().min(1).max(90).default(30),
});
export type DrpAlertScanBody = z.infer<typeof drpAlertScanBodySchema>;
export const drpAlertScanReportSchema = drpMatchCountsSchema.extend({ alertsScanned: z.number(), hostsSeen: z.number() });
export type DrpAlertScanReport = z.infer<typeof drpAlertScanReportSchema>;

/**
 * The matching pass run when a watched asset is added: the domains already known from earlier
 * imports and scans (the hosts of the tenant's findings) and the last 30 days of alerts, matched
 * against the new asset alone. `refused` says why nothing was stored (too many matches).
 */
export const drpWatchedMatchSchema = drpMatchCountsSchema.extend({
  knownHosts: z.number(),
  alertsScanned: z.number(),
  refused: z.string().nullable(),
});
export type DrpWatchedMatch = z.infer<typeof drpWatchedMatchSchema>;

/**
 * The workflow: new → investigating → takedown requested → taken down, and benign (closing)
 * from any state before taken down. A benign or taken-down finding reopens to investigating
 * (the domain came back, or was closed too soon). A re-import never reopens a closed finding.
 */
export const drpNextStatuses: Record<DrpFindingStatus, readonly DrpFindingStatus[]> = {
  new: ["investigating", "takedown-requested", "benign"],
  investigating: ["takedown-requested", "benign"],
  "takedown-requested": ["taken-down", "investigating", "benign"],
  "taken-down": ["investigating"],
  benign: ["investigating"],
};

export const drpStatusLabels: Record<DrpFindingStatus, string> = {
  new: "New",
  investigating: "Investigating",
  "takedown-requested": "Takedown requested",
  "taken-down": "Taken down",
  benign: "Benign",
};
