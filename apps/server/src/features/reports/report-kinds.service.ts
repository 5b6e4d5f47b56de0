import {
  executiveReportSchema,
  reportIncidentFileLimit,
  incidentsReportSchema,
  type ReportKind,
  serviceReportSchema,
  threatReportSchema,
} from "@watchfloor/shared";
import type { AppContext } from "../../context";
import { archiveReport, type ReportMaker } from "./report-archive.service";
import { executiveReport } from "./executive-report.service";
import { incidentListPages, incidentsReport, periodIncidents } from "./incidents-report.service";
import { incidentsPdf } from "./incidents-pdf";
import type { ReportInput } from "./report-params";
import { executivePdf, servicePdf, threatPdf } from "./report-pdf";
import { executiveTables, incidentsTables, serviceTables, threatTables } from "./report-tables";
import { BREACH_CSV_LIMIT, breachedAlerts, breachRow, serviceReport } from "./service-report.service";
import { threatLayer, threatReport } from "./threat-report.service";

/** "Report A and Report B" -> "report-a-and-report-b", for file names. */
export const slug = (text: string) =>
  text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60) || "report";

export const reportFileName = (kind: string, input: ReportInput, ext: string, part?: string) =>
  `watchfloor-${kind}-${slug(input.subject)}${part ? `-${part}` : ""}-${input.period.fromDay}-to-${input.period.toDay}.${ext}`;

/** What each kind does: its JSON, its PDF and its tables (the full lists for CSV). */
export function reportMakers(ctx: AppContext) {
  return {
    executive: {
      schema: executiveReportSchema,
      json: (input: ReportInput) => executiveReport(ctx, input),
      pdf: async (input: ReportInput) => {
        const r = await executiveReport(ctx, input);
        return { title: r.meta.title, pdf: await executivePdf(r, input.brand) };
      },
      tables: async (input: ReportInput) => executiveTables(await executiveReport(ctx, input)),
    },
    service: {
      schema: serviceReportSchema,
      json: (input: ReportInput) => serviceReport(ctx, input),
      pdf: async (input: ReportInput) => {
        const r = await serviceReport(ctx, input);
        return { title: r.meta.title, pdf: await servicePdf(r, r.breaches.items, input.brand) };
      },
      tables: async (input: ReportInput, table: string) => {
        const r = await serviceReport(ctx, input);
        if (table !== "breaches") return serviceTables(r);
        const all = await breachedAlerts(ctx, input, BREACH_CSV_LIMIT);
        return serviceTables(r, all.map(breachRow));
      },
    },
    incidents: {
      schema: incidentsReportSchema,
      json: (input: ReportInput) => incidentsReport(ctx, input),
      pdf: async (input: ReportInput) => {
        const r = await incidentsReport(ctx, input);
        // The document lists more than the screen's 500: every incident of a busy period up to a
        // limit, streamed page by page (incidents-pdf.ts), created up to the moment it began.
        const list = await incidentListPages(ctx, input, input.generatedAt + 1);
        return { title: r.meta.title, pdf: await incidentsPdf(r, list, input.brand) };
      },
      tables: async (input: ReportInput, table: string) => {
        const r = await incidentsReport(ctx, input);
        return incidentsTables(
          r,
          table === "incidents" ? (await periodIncidents(ctx, input, reportIncidentFileLimit)).items : r.items,
        );
      },
    },
    threat: {
      schema: threatReportSchema,
      json: (input: ReportInput) => threatReport(ctx, input),
      pdf: async (input: ReportInput) => {
        const r = await threatReport(ctx, input);
        return { title: r.meta.title, pdf: await threatPdf(r, await threatLayer(ctx, input), input.brand) };
      },
      tables: async (input: ReportInput) => threatTables(await threatReport(ctx, input)),
    },
  } as const;
}

/** Makes a kind's PDF and keeps it in the archive (audited); returns its archive id, file name and bytes. */
export async function makeArchivedPdf(ctx: AppContext, kind: ReportKind, input: ReportInput, maker: ReportMaker) {
  const { title, pdf } = await reportMakers(ctx)[kind].pdf(input);
  const fileName = reportFileName(kind, input, "pdf");
  const id = await archiveReport(ctx, maker, {
    kind,
    title,
    subject: input.subject,
    periodLabel: input.period.label,
    query: input.query,
    incidentId: null,
    tenants: input.tenants,
    fileName,
    content: pdf,
  });
  return { id, fileName, pdf };
}
