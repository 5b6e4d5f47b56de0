import { z } from "zod";
import { complianceFrameworkSchema, incidentStatusSchema, prioritySchema } from "./enums";
import type { Permission } from "./permissions";
import { queryList } from "./query-list";
import { reportPeriods } from "./reports-period";
import { riskActionSchema, riskFactorSchema, riskTrendPointSchema } from "./risk-api";
import { slaStateSchema } from "./workflow";

export * from "./reports-format";
export * from "./reports-period";

/**
 * Reports (docs/reports.md): executive, service, incidents and threat reports over a period for
 * one, several or all of the caller's tenants. Every figure comes from the services the
 * dashboard, lists and risk pages use, so a report and those pages agree.
 */
export const reportKinds = ["executive", "service", "incidents", "threat"] as const;
export const reportKindSchema = z.enum(reportKinds);
export type ReportKind = z.infer<typeof reportKindSchema>;

export const reportKindLabels: Record<ReportKind, string> = {
  executive: "Executive report",
  service: "Service report",
  incidents: "Incidents report",
  threat: "Threat report",
};

export const reportKindDescriptions: Record<ReportKind, string> = {
  executive:
    "Risk score and trend, incidents and alerts by priority, SLA adherence, response times, KEV exposure and the top risks, in two pages of plain language.",
  service:
    "The provider's monthly account to a client: alerts received and handled, escalations, SLA met and missed with the breaches, response and closure times, noise, top rules, sources and assets, analyst activity.",
  incidents:
    "Every incident of the period with its priority, status and owner, or one incident as a document: timeline, alerts, ATT&CK techniques, affected assets and users, root cause and resolution.",
  threat:
    "ATT&CK tactics and techniques seen, with the change against the previous period and the new ones, top source addresses and countries, exploited CVEs with KEV and EPSS, and the period's Navigator layer.",
};

/**
 * Who may read each kind: the executive and threat reports summarise what the dashboard and
 * ATT&CK views show (executives included); the service and incidents reports list alerts and
 * incidents, which need the operational read permission like their lists do.
 */
export const reportKindPermission: Record<ReportKind, Extract<Permission, "dashboards.read" | "tenant.read">> = {
  executive: "dashboards.read",
  service: "tenant.read",
  incidents: "tenant.read",
  threat: "dashboards.read",
};

/**
 * The parameters of every report, as the URL carries them. Formats of month, quarter, days and
 * the time zone are checked by resolvePeriod, which names the parameter at fault.
 */
export const reportQuerySchema = z.object({
  /** Tenant ids; absent means every tenant in the caller's scope. */
  tenants: queryList(z.string().max(64)),
  period: z.enum(reportPeriods).default("last30"),
  month: z.string().max(7).optional(),
  quarter: z.string().max(7).optional(),
  from: z.string().max(10).optional(),
  to: z.string().max(10).optional(),
  tz: z.string().max(64).default("UTC"),
});
export type ReportQuery = z.output<typeof reportQuerySchema>;
export type ReportQueryInput = z.input<typeof reportQuerySchema>;

/** The tables of each report, downloadable as CSV (`.csv?table=`). */
export const reportTables = {
  executive: ["alerts-by-priority", "incidents-by-priority", "sla-and-times", "kev", "top-risks", "risk-trend", "compliance"],
  service: ["volumes", "sla-by-priority", "breaches", "response-times", "top-rules", "top-sources", "top-assets", "analysts"],
  incidents: ["incidents", "by-priority", "by-status"],
  incident: ["timeline", "alerts", "techniques", "assets", "users"],
  threat: ["tactics", "techniques", "new-techniques", "addresses", "countries", "cves"],
} as const;
export type ReportTableSet = keyof typeof reportTables;

export const reportCsvQuerySchema = reportQuerySchema.extend({ table: z.string().max(40) });
export const incidentDocumentCsvQuerySchema = z.object({ table: z.string().max(40), tz: z.string().max(64).default("UTC") });
export const incidentDocumentQuerySchema = z.object({ tz: z.string().max(64).default("UTC") });

const count = z.number().int();
const nullableNumber = z.number().nullable();
/** A figure over the period and over the previous period. */
const trend = z.object({ current: nullableNumber, previous: nullableNumber });
const countTrend = z.object({ current: count, previous: count });
const ranked = z.object({ key: z.string(), label: z.string(), count });
const tenantRef = z.object({ id: z.string(), name: z.string() });

export const reportPeriodSchema = z.object({
  period: z.enum(reportPeriods),
  label: z.string(),
  timeZone: z.string(),
  /** ISO instants; `to` is exclusive. */
  from: z.string(),
  to: z.string(),
  /** First and last day, inclusive, in the time zone. */
  fromDay: z.string(),
  toDay: z.string(),
  month: z.string().nullable(),
  quarter: z.string().nullable(),
  previous: z.object({ label: z.string(), from: z.string(), to: z.string(), fromDay: z.string(), toDay: z.string() }),
});
export type ReportPeriodView = z.infer<typeof reportPeriodSchema>;

export const reportMetaSchema = z.object({
  kind: reportKindSchema,
  title: z.string(),
  /** "Tenant A", "Tenant A, Tenant B" or "All 5 tenants". */
  subject: z.string(),
  generatedAt: z.string(),
  generatedBy: z.string(),
  /** The provider's name from Administration → Branding, shown on the cover; null when unset. */
  provider: z.string().nullable(),
  tenants: z.array(tenantRef),
  /** True when no tenants were named: every tenant the caller may read. */
  allTenants: z.boolean(),
  /** Null for a single incident, which is not a report over a period. */
  period: reportPeriodSchema.nullable(),
  timeZone: z.string(),
  /** The report's parameters as a URL query string (normalised), for links and downloads. */
  query: z.string(),
});
export type ReportMeta = z.infer<typeof reportMetaSchema>;

const byPriorityTrend = z.array(z.object({ priority: prioritySchema, current: count, previous: count }));

export const executiveReportSchema = z.object({
  meta: reportMetaSchema,
  /** The figures in plain sentences, most important first. */
  summary: z.array(z.string()),
  risk: z.object({
    hasFindings: z.boolean(),
    /** The Executive Risk View's score now (at generation), with its factors. */
    score: z.number(),
    band: prioritySchema,
    factors: z.array(riskFactorSchema),
    /** Daily scores inside the period (snapshots; today's point is live). */
    trend: z.array(riskTrendPointSchema),
    /** First and last score of the period's trend, when it has two or more days. */
    change: z.object({ from: z.string(), to: z.string(), points: z.number() }).nullable(),
    totals: z.object({
      assets: count,
      assetsWithOpenFindings: count,
      openFindings: count,
      kevFindings: count,
      overdueFindings: count,
    }),
  }),
  alerts: z.object({
    total: countTrend,
    byPriority: byPriorityTrend,
    /** Of the period's alerts: still open now, by priority as the dashboard shows them. */
    open: count,
    openByPriority: z.record(prioritySchema, count),
    escalated: countTrend,
    resolved: countTrend,
    resolvedAutomatically: count,
    breachedNow: count,
  }),
  incidents: z.object({ total: countTrend, byPriority: byPriorityTrend, open: count }),
  sla: z.object({ ackMetPercent: trend, respondMetPercent: trend }),
  mttaMinutes: trend,
  mttrMinutes: trend,
  kev: z.object({
    openFindings: count,
    cves: count,
    assets: count,
    top: z.array(
      z.object({ cveId: z.string(), name: z.string().nullable(), openFindings: count, assets: count, epss: nullableNumber }),
    ),
  }),
  /** The five largest score reductions of the Executive Risk View. */
  topRisks: z.array(riskActionSchema),
  /**
   * Framework pass rates over the latest scans of the report's tenants that have the Compliance
   * module: the figures the compliance pages show now (scans are states, not period events).
   */
  compliance: z.object({
    available: z.boolean(),
    note: z.string(),
    tenantsWithModule: count,
    tenantsWithout: count,
    frameworks: z.array(
      z.object({
        framework: complianceFrameworkSchema,
        label: z.string(),
        passRate: nullableNumber,
        pass: count,
        fail: count,
        error: count,
        requirements: count,
        requirementsFailing: count,
      }),
    ),
  }),
});
export type ExecutiveReport = z.infer<typeof executiveReportSchema>;

export const slaRowSchema = z.object({
  priority: z.union([prioritySchema, z.literal("All")]),
  alerts: count,
  ackMet: count,
  ackMissed: count,
  ackMetPercent: nullableNumber,
  respondMet: count,
  respondMissed: count,
  respondMetPercent: nullableNumber,
});
export type SlaRow = z.infer<typeof slaRowSchema>;

export const breachRowSchema = z.object({
  id: z.string(),
  tenantName: z.string(),
  name: z.string(),
  priority: prioritySchema,
  status: incidentStatusSchema,
  assignee: z.string().nullable(),
  detectedAt: z.string(),
  ackSla: slaStateSchema.nullable(),
  respondSla: slaStateSchema.nullable(),
});

/** Most breaches a service report lists; the CSV has every one. */
export const reportBreachLimit = 200;

export const serviceReportSchema = z.object({
  meta: reportMetaSchema,
  summary: z.array(z.string()),
  alerts: z.object({
    received: countTrend,
    /** Resolved or closed (of the alerts received in the period). */
    handled: countTrend,
    /** Still open now. */
    open: count,
    escalated: countTrend,
    /** Incidents created in the period. */
    incidentsCreated: countTrend,
  }),
  bucket: z.enum(["hour", "day"]),
  overTime: z.array(z.object({ start: z.string(), total: count, critical: count, high: count })),
  sla: z.object({ byPriority: z.array(slaRowSchema), total: slaRowSchema }),
  breaches: z.object({ total: count, items: z.array(breachRowSchema), truncated: z.boolean() }),
  times: z.object({
    mttaMinutes: trend,
    mttrMinutes: trend,
    byPriority: z.array(
      z.object({ priority: prioritySchema, alerts: count, mttaMinutes: nullableNumber, mttrMinutes: nullableNumber }),
    ),
  }),
  resolution: z.object({ resolved: count, automated: count, manual: count, unrecorded: count }),
  /** Closed without being escalated: the product records no benign / false-positive verdict yet. */
  noise: z.object({ closedWithoutEscalation: count, sharePercent: nullableNumber, note: z.string() }),
  topRules: z.array(ranked),
  topSources: z.array(ranked),
  topAssets: z.array(ranked),
  topUsers: z.array(ranked),
  analysts: z.array(
    z.object({
      name: z.string(),
      alerts: count,
      mttaMinutes: nullableNumber,
      mttrMinutes: nullableNumber,
      ackMetPercent: nullableNumber,
    }),
  ),
});
export type ServiceReport = z.infer<typeof serviceReportSchema>;

export const reportIncidentRowSchema = z.object({
  id: z.string(),
  reference: z.string(),
  tenantName: z.string(),
  title: z.string(),
  priority: prioritySchema,
  status: incidentStatusSchema,
  ownerName: z.string().nullable(),
  alertCount: count,
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});

/** Most incidents an incidents report lists on screen and in its JSON. */
export const reportIncidentLimit = 500;
/** Most incidents its PDF (streamed) and its CSV list. */
export const reportIncidentFileLimit = 20_000;

export const incidentsReportSchema = z.object({
  meta: reportMetaSchema,
  summary: z.array(z.string()),
  totals: z.object({
    created: countTrend,
    /** Of the incidents created in the period: still open now, and resolved or closed. */
    open: count,
    closed: count,
    /** Mean minutes from creation to acknowledgement / resolution, over the incidents that have one. */
    mttaMinutes: nullableNumber,
    mttrMinutes: nullableNumber,
  }),
  byPriority: z.array(z.object({ priority: prioritySchema, current: count, previous: count })),
  byStatus: z.array(z.object({ status: incidentStatusSchema, count })),
  items: z.array(reportIncidentRowSchema),
  truncated: z.boolean(),
});
export type IncidentsReport = z.infer<typeof incidentsReportSchema>;

export const incidentDocumentSchema = z.object({
  meta: reportMetaSchema,
  incident: z.object({
    id: z.string(),
    reference: z.string(),
    tenantName: z.string(),
    title: z.string(),
    priority: prioritySchema,
    status: incidentStatusSchema,
    ownerName: z.string().nullable(),
    createdAt: z.string(),
    acknowledgedAt: z.string().nullable(),
    resolvedAt: z.string().nullable(),
    closedAt: z.string().nullable(),
    description: z.string().nullable(),
    rootCause: z.string().nullable(),
    resolutionType: z.string().nullable(),
    closureNotes: z.string().nullable(),
    ticketId: z.string().nullable(),
    alertCount: count,
  }),
  timeline: z.array(z.object({ at: z.string(), actorName: z.string().nullable(), kind: z.string(), text: z.string() })),
  alerts: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      priority: prioritySchema,
      status: incidentStatusSchema,
      source: z.string(),
      detectedAt: z.string(),
      hostname: z.string().nullable(),
      username: z.string().nullable(),
      srcIp: z.string().nullable(),
      dstIp: z.string().nullable(),
      techniques: z.array(z.string()),
    }),
  ),
  techniques: z.array(z.object({ id: z.string(), name: z.string().nullable(), tactics: z.array(z.string()), alerts: count })),
  assets: z.array(z.object({ name: z.string(), kind: z.enum(["host", "address"]), alerts: count })),
  users: z.array(z.object({ name: z.string(), alerts: count })),
});
export type IncidentDocument = z.infer<typeof incidentDocumentSchema>;

export const threatReportSchema = z.object({
  meta: reportMetaSchema,
  summary: z.array(z.string()),
  tactics: z.array(z.object({ tactic: z.string(), current: count, previous: count })),
  techniqueCount: z.object({ current: count, previous: count, new: count }),
  /** The most frequent techniques of the period (at most 25), with the previous period's count. */
  techniques: z.array(
    z.object({ id: z.string(), name: z.string().nullable(), current: count, previous: count, isNew: z.boolean() }),
  ),
  /** Seen in the period and not in the previous one. */
  newTechniques: z.array(z.object({ id: z.string(), name: z.string().nullable(), current: count })),
  sources: z.object({
    addresses: z.array(
      z.object({ address: z.string(), country: z.string().nullable(), countryName: z.string().nullable(), alerts: count }),
    ),
    countries: z.array(z.object({ country: z.string(), countryName: z.string(), alerts: count, addresses: count })),
    /** Alerts of the period by source address: public (located or not), internal or reserved, none. */
    publicAlerts: count,
    internalAlerts: count,
    withoutSource: count,
    /** True when the period has more distinct addresses than were read (the most frequent first). */
    truncated: z.boolean(),
  }),
  cves: z.object({
    /** Open findings in scope whose CVE is in CISA's KEV catalog, per CVE (most findings first). */
    items: z.array(
      z.object({
        cveId: z.string(),
        name: z.string().nullable(),
        dateAdded: z.string().nullable(),
        knownRansomware: z.boolean(),
        epss: nullableNumber,
        epssPercentile: nullableNumber,
        openFindings: count,
        assets: count,
        /** A finding of it was first seen in the period. */
        newInPeriod: z.boolean(),
        requiredAction: z.string().nullable(),
      }),
    ),
    total: count,
    kevFindings: count,
  }),
  layer: z.object({ techniques: count, fileName: z.string() }),
});
export type ThreatReport = z.infer<typeof threatReportSchema>;

export type AnyReport = ExecutiveReport | ServiceReport | IncidentsReport | IncidentDocument | ThreatReport;

/** A generated report kept in the archive. */
export const reportArchiveEntrySchema = z.object({
  id: z.string(),
  kind: reportKindSchema,
  title: z.string(),
  subject: z.string(),
  periodLabel: z.string().nullable(),
  /** The report's parameters as a query string, to open it again on screen. */
  query: z.string(),
  /** For a single-incident document, the incident's id. */
  incidentId: z.string().nullable(),
  tenants: z.array(tenantRef),
  createdAt: z.string(),
  createdBy: z.string(),
  fileName: z.string(),
  size: count,
});
export type ReportArchiveEntry = z.infer<typeof reportArchiveEntrySchema>;

export const reportArchiveQuerySchema = z.object({
  kind: reportKindSchema.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(200).optional(),
});
export const reportArchivePageSchema = z.object({ items: z.array(reportArchiveEntrySchema), nextCursor: z.string().nullable() });
export type ReportArchivePage = z.infer<typeof reportArchivePageSchema>;
