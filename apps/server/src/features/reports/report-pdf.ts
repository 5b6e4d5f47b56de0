import { createRequire } from "node:module";
import {
  type ExecutiveReport,
  formatChange,
  formatCount,
  formatInZone,
  formatMinutes,
  formatPercent,
  type IncidentDocument,
  type ReportMeta,
  type ServiceReport,
  type ThreatReport,
} from "@watchfloor/shared";
import type { Content, TableCell, TDocumentDefinitions } from "pdfmake/interfaces";
import type { Brand } from "../settings/branding.service";
import { barChart, lineChart, volumeChart } from "./report-charts";
import { executiveTables, incidentDocumentTables, type ReportTable, serviceTables, threatTables } from "./report-tables";

/**
 * Report PDFs with pdfmake: a cover (or, for the two-page executive report, a title block) with
 * the tenants, period, time zone and generation time, a table of contents for the longer
 * reports, page numbers, vector charts and tables that read in black and white. pdfmake and its
 * fonts load on the first PDF, not when the server starts.
 */

type PdfMake = typeof import("pdfmake");
const require = createRequire(import.meta.url);
let loaded: Promise<PdfMake> | null = null;

function loadPdfMake(): Promise<PdfMake> {
  loaded ??= (async () => {
    const mod = (await import("pdfmake")) as PdfMake & { default?: PdfMake };
    const pdfmake = mod.default ?? mod;
    const font = (file: string) => require.resolve(`pdfmake/fonts/Roboto/${file}`);
    const fonts = {
      normal: font("Roboto-Regular.ttf"),
      bold: font("Roboto-Medium.ttf"),
      italics: font("Roboto-Italic.ttf"),
      bolditalics: font("Roboto-MediumItalic.ttf"),
    };
    // Documents are built from our own data only: no fetching, and no file but the fonts.
    pdfmake.setUrlAccessPolicy(() => false);
    pdfmake.setLocalAccessPolicy((file) => Object.values(fonts).includes(file));
    pdfmake.addFonts({ Roboto: fonts });
    return pdfmake;
  })();
  return loaded;
}

export interface PdfAttachment {
  name: string;
  description: string;
  mime: string;
  content: Buffer;
}

const BRAND = "Watchfloor";
const PAGE_WIDTH = 515; // A4 less 40 pt margins

const styles: TDocumentDefinitions["styles"] = {
  brand: { fontSize: 10, bold: true, color: "#444444", characterSpacing: 1.5 },
  coverTitle: { fontSize: 28, bold: true, margin: [0, 4, 0, 6] },
  coverSubject: { fontSize: 16, margin: [0, 0, 0, 18] },
  titleBlock: { fontSize: 20, bold: true, margin: [0, 2, 0, 2] },
  h1: { fontSize: 14, bold: true, margin: [0, 14, 0, 6] },
  h2: { fontSize: 11, bold: true, margin: [0, 10, 0, 4] },
  muted: { color: "#555555" },
  small: { fontSize: 8.5, color: "#444444" },
  tableHeader: { bold: true, fillColor: "#e6e6e6" },
  figure: { fontSize: 16, bold: true },
  figureLabel: { fontSize: 8.5, color: "#444444" },
};

/** What a PDF's cover and footer say: a report's meta, or any document's (an evidence pack's). */
export type DocumentMeta = Pick<
  ReportMeta,
  "title" | "subject" | "generatedAt" | "generatedBy" | "tenants" | "allTenants" | "period" | "timeZone"
>;

export const h1 = (text: string, pageBreak = false): Content => ({
  text,
  style: "h1",
  tocItem: true,
  headlineLevel: 1,
  pageBreak: pageBreak ? "before" : undefined,
});
const h2 = (text: string): Content => ({ text, style: "h2", headlineLevel: 2 });
export const para = (text: string, style?: string): Content => ({ text, style, margin: [0, 0, 0, 6] });
export const bullets = (items: string[]): Content => ({ ul: items, margin: [0, 0, 0, 8] });
export const svg = (markup: string): Content => ({ svg: markup, width: PAGE_WIDTH, margin: [0, 4, 0, 8] });

/** A report table; empty tables say so in a sentence. */
export function table(t: ReportTable, options: { title?: boolean; empty?: string; tallRows?: boolean } = {}): Content[] {
  const out: Content[] = options.title === false ? [] : [h2(t.title)];
  if (t.rows.length === 0) return [...out, para(options.empty ?? "None in this period.", "muted")];
  const numeric = new Set(t.numeric ?? []);
  const header: TableCell[] = t.columns.map((c, i) => ({
    text: c,
    style: "tableHeader",
    alignment: numeric.has(i) ? "right" : "left",
  }));
  const body: TableCell[][] = t.rows.map((row) =>
    row.map((cell, i): TableCell => ({ text: cell == null ? "—" : String(cell), alignment: numeric.has(i) ? "right" : "left" })),
  );
  const node: Content = {
    table: {
      headerRows: 1,
      keepWithHeaderRows: 1,
      dontBreakRows: true,
      widths:
        t.widths ??
        t.columns.map((_, i) => (t.wide === undefined ? (numeric.has(i) ? "auto" : "*") : i === t.wide ? "*" : "auto")),
      body: [header, ...body],
    },
    layout: {
      hLineWidth: (i: number, node: { table: { body: unknown[] } }) =>
        i === 0 || i === 1 || i === node.table.body.length ? 0.8 : 0.3,
      vLineWidth: () => 0,
      hLineColor: (i: number) => (i <= 1 ? "#333333" : "#bbbbbb"),
      paddingTop: () => 2.5,
      paddingBottom: () => 2.5,
    },
    fontSize: t.columns.length > 6 ? 7.5 : 8.5,
    margin: [0, 0, 0, 8],
  };
  // A short table stays on one page with its title; a long one breaks between rows, repeating its header.
  // (`tallRows`: rows of long text, which a single page may not hold, always break.)
  return t.rows.length <= 15 && !options.tallRows ? [{ stack: [...out, node], unbreakable: true }] : [...out, node];
}

/** Key figures as a grid of boxes: the figure large, its label and comparison small. */
export function figures(items: { label: string; value: string; note?: string }[], perRow = 4): Content {
  const rows: TableCell[][] = [];
  for (let i = 0; i < items.length; i += perRow) {
    const slice = items.slice(i, i + perRow);
    const row: TableCell[] = slice.map((f) => ({
      stack: [
        { text: f.value, style: "figure" },
        { text: f.label, style: "figureLabel" },
        ...(f.note ? [{ text: f.note, style: "figureLabel" }] : []),
      ],
      margin: [4, 4, 4, 4],
    }));
    while (row.length < perRow) row.push({ text: "" });
    rows.push(row);
  }
  return {
    table: { widths: Array.from({ length: perRow }, () => "*"), body: rows },
    layout: { hLineWidth: () => 0.6, vLineWidth: () => 0.6, hLineColor: () => "#999999", vLineColor: () => "#999999" },
    margin: [0, 2, 0, 8],
  };
}

const generatedLine = (meta: DocumentMeta) =>
  `Generated ${formatInZone(meta.generatedAt, meta.timeZone)} (${meta.timeZone}) by ${meta.generatedBy}`;
/** The period's label, with its days when the label does not already give them. */
const periodText = (period: NonNullable<ReportMeta["period"]>) =>
  period.label.includes(period.fromDay) ? period.label : `${period.label} (${period.fromDay} to ${period.toDay})`;
const periodLine = (meta: DocumentMeta) =>
  meta.period
    ? `${periodText(meta.period)} · compared with ${meta.period.previous.label} · time zone ${meta.period.timeZone}`
    : `Time zone ${meta.timeZone}`;

/**
 * The provider's logo (at most 160 x 48 pt, its proportions kept) and name above the title, or
 * the product's name when no branding is set (Administration → Branding).
 */
function brandMark(brand: Brand, top: number): Content[] {
  const name = (brand.name ?? BRAND).toUpperCase();
  if (!brand.logo) return [{ text: name, style: "brand", margin: [0, top, 0, 0] }];
  const mime = brand.logo[0] === 0x89 ? "image/png" : "image/jpeg";
  return [
    { image: `data:${mime};base64,${brand.logo.toString("base64")}`, fit: [160, 48], margin: [0, top, 0, 6] },
    ...(brand.name ? [{ text: name, style: "brand" } as Content] : []),
  ];
}

/** The cover page: brand, title, tenants, period, comparison, generation, and the contents. */
export function cover(meta: DocumentMeta, withContents: boolean, brand: Brand): Content[] {
  const tenants = meta.tenants.map((t) => t.name).join(", ");
  return [
    ...brandMark(brand, 120),
    { text: meta.title, style: "coverTitle" },
    { text: meta.subject, style: "coverSubject" },
    {
      table: {
        widths: [110, "*"],
        body: [
          ["Prepared for", meta.allTenants ? `${tenants} (every tenant in scope)` : tenants],
          ["Period", meta.period ? periodText(meta.period) : "—"],
          ["Compared with", meta.period ? `${meta.period.previous.label} (the "Before" columns)` : "—"],
          ["Time zone", meta.timeZone],
          ["Generated", `${formatInZone(meta.generatedAt, meta.timeZone)} by ${meta.generatedBy}`],
          [
            "Prepared by",
            `${brand.name ? `${brand.name} with ` : ""}${BRAND}: figures as the dashboard, lists and risk pages show them`,
          ],
        ].map(([k, v]) => [{ text: k as string, style: "muted" }, { text: v as string }]),
      },
      layout: "noBorders",
      margin: [0, 0, 0, 20],
    },
    ...(withContents ? [{ toc: { title: { text: "Contents", style: "h2" } } } as Content] : []),
    { text: "", pageBreak: "after" },
  ];
}

/** The executive report's title block, in place of a cover page (the report is two pages). */
function titleBlock(meta: DocumentMeta, brand: Brand): Content[] {
  return [
    ...brandMark(brand, 0),
    { text: `${meta.title}: ${meta.subject}`, style: "titleBlock" },
    { text: periodLine(meta), style: "muted" },
    { text: generatedLine(meta), style: "small", margin: [0, 2, 0, 6] },
    {
      canvas: [{ type: "line", x1: 0, y1: 0, x2: PAGE_WIDTH, y2: 0, lineWidth: 0.8, lineColor: "#333333" }],
      margin: [0, 0, 0, 4],
    },
  ];
}

/** Where page content ends (A4 height less the bottom margin): below it is the footer. */
const CONTENT_BOTTOM = 842 - 48;

type Block = Content & { headlineLevel?: number; pageBreak?: string; table?: unknown };

/**
 * A heading never ends a page: each heading goes into one unbreakable block with what follows
 * it, unless that is a long table (which keeps its header with its first rows by itself).
 */
function keepHeadingsWithNext(content: Content[]): Content[] {
  const out: Content[] = [];
  for (let i = 0; i < content.length; i++) {
    const node = content[i] as Block;
    const next = content[i + 1] as Block | undefined;
    if (node.headlineLevel === undefined || !next || next.headlineLevel !== undefined || next.table !== undefined) {
      out.push(node);
      continue;
    }
    const { pageBreak, ...heading } = node as unknown as Record<string, unknown>;
    out.push({ stack: [heading as unknown as Content, next], unbreakable: true, ...(pageBreak ? { pageBreak } : {}) } as Content);
    i++;
  }
  return out;
}

/** How `layout` ends: the footers count `extraPages` more pages, which the caller draws after pdfmake's. */
export interface LayoutOptions {
  attachments?: PdfAttachment[];
  extraPages?: number;
}

/** The footer line every page carries beside its number. */
export const footerLabel = (meta: DocumentMeta, brand: Brand) =>
  [brand.name ?? BRAND, meta.title, meta.subject, meta.period?.label].filter(Boolean).join(" · ");

/**
 * Lays the content out and draws it into a pdfkit document that is not ended yet, so that a
 * caller can go on drawing pages (incidents-pdf.ts streams its list this way); `pages` is how
 * many pdfmake drew.
 */
export async function layout(
  meta: DocumentMeta,
  content: Content[],
  brand: Brand,
  options: LayoutOptions = {},
): Promise<{ doc: PDFKit.PDFDocument; pages: number }> {
  const pdfmake = await loadPdfMake();
  const label = footerLabel(meta, brand);
  const extra = options.extraPages ?? 0;
  let laidOut = 0;
  const definition: TDocumentDefinitions = {
    pageSize: "A4",
    pageMargins: [40, 40, 40, 48],
    info: {
      title: `${meta.title}: ${meta.subject}${meta.period ? `, ${meta.period.label}` : ""}`,
      author: brand.name ?? BRAND,
      subject: meta.subject,
      creator: BRAND,
      producer: BRAND,
    },
    defaultStyle: { font: "Roboto", fontSize: 9.5, lineHeight: 1.2, color: "#111111" },
    styles,
    content: keepHeadingsWithNext(content),
    // A heading never ends a page: with nothing but headings after it on the page, it moves on.
    pageBreakBefore: (node, queries) =>
      node.headlineLevel !== undefined &&
      queries
        .getFollowingNodesOnPage()
        .every((n) => n.headlineLevel !== undefined || (n.startPosition?.top ?? 0) > CONTENT_BOTTOM),
    footer: (page: number, pages: number): Content => {
      laidOut = pages;
      return {
        columns: [
          { text: label, style: "small" },
          { text: `Page ${page} of ${pages + extra}`, style: "small", alignment: "right", width: 80 },
        ],
        margin: [40, 16, 40, 0],
      };
    },
    files: Object.fromEntries(
      (options.attachments ?? []).map((a) => [
        a.name,
        { src: `data:${a.mime};base64,${a.content.toString("base64")}`, name: a.name, description: a.description },
      ]),
    ),
  };
  const doc = await pdfmake.createPdf(definition).getStream();
  return { doc, pages: laidOut };
}

/** Ends a pdfkit document and returns its bytes (`collect` before drawing, so no chunk waits unread). */
export function collect(doc: PDFKit.PDFDocument): () => Promise<Buffer> {
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  return () => {
    doc.end();
    return done;
  };
}

export async function render(
  meta: DocumentMeta,
  content: Content[],
  brand: Brand,
  attachments: PdfAttachment[] = [],
): Promise<Buffer> {
  const { doc } = await layout(meta, content, brand, { attachments });
  return collect(doc)();
}

const shortDay = (isoDay: string) => isoDay.slice(5);

export async function executivePdf(r: ExecutiveReport, brand: Brand): Promise<Buffer> {
  const t = Object.fromEntries(executiveTables(r).map((x) => [x.name, x]));
  const priorityChart = await barChart({
    categories: r.alerts.byPriority.map((p) => p.priority),
    series: [
      { name: "Alerts this period", values: r.alerts.byPriority.map((p) => p.current) },
      { name: "Alerts before", values: r.alerts.byPriority.map((p) => p.previous) },
    ],
    height: 130,
  });
  const trend =
    r.risk.trend.length > 1
      ? await lineChart({
          labels: r.risk.trend.map((p) => shortDay(p.date)),
          values: r.risk.trend.map((p) => p.score),
          name: "Risk score",
          max: 100,
          height: 100,
        })
      : null;
  const incidentsOf = new Map(r.incidents.byPriority.map((p) => [p.priority, p]));
  // Alerts and incidents side by side: one table keeps the report to two pages.
  const byPriority: ReportTable = {
    name: "by-priority",
    title: "By priority",
    columns: ["Priority", "Alerts", "Before", "Open now", "Incidents opened", "Before"],
    rows: [
      ...r.alerts.byPriority.map((p) => [
        p.priority,
        p.current,
        p.previous,
        r.alerts.openByPriority[p.priority] ?? 0,
        incidentsOf.get(p.priority)?.current ?? 0,
        incidentsOf.get(p.priority)?.previous ?? 0,
      ]),
      [
        "All",
        r.alerts.total.current,
        r.alerts.total.previous,
        r.alerts.open,
        r.incidents.total.current,
        r.incidents.total.previous,
      ],
    ],
    numeric: [1, 2, 3, 4, 5],
  };
  const content: Content[] = [
    ...titleBlock(r.meta, brand),
    h1("In brief"),
    bullets(r.summary),
    figures([
      {
        label: "Risk score (0-100) now",
        value: r.risk.hasFindings ? r.risk.score.toFixed(1) : "—",
        note: r.risk.hasFindings ? r.risk.band : "no findings",
      },
      {
        label: "Alerts",
        value: formatCount(r.alerts.total.current),
        note: `before ${formatCount(r.alerts.total.previous)} (${formatChange(r.alerts.total.current, r.alerts.total.previous)})`,
      },
      {
        label: "Incidents opened",
        value: formatCount(r.incidents.total.current),
        note: `before ${formatCount(r.incidents.total.previous)} (${formatChange(r.incidents.total.current, r.incidents.total.previous)})`,
      },
      { label: "Open KEV findings", value: formatCount(r.kev.openFindings), note: `on ${formatCount(r.kev.assets)} assets` },
      {
        label: "Acknowledged within SLA",
        value: formatPercent(r.sla.ackMetPercent.current),
        note: `before ${formatPercent(r.sla.ackMetPercent.previous)}`,
      },
      {
        label: "Responded within SLA",
        value: formatPercent(r.sla.respondMetPercent.current),
        note: `before ${formatPercent(r.sla.respondMetPercent.previous)}`,
      },
      {
        label: "Mean time to acknowledge",
        value: formatMinutes(r.mttaMinutes.current),
        note: `before ${formatMinutes(r.mttaMinutes.previous)}`,
      },
      {
        label: "Mean time to resolve",
        value: formatMinutes(r.mttrMinutes.current),
        note: `before ${formatMinutes(r.mttrMinutes.previous)}`,
      },
    ]),
    h1("Alerts and incidents by priority"),
    svg(priorityChart),
    ...table(byPriority, { title: false }),
    h1("Risk", true),
    para(
      r.risk.hasFindings
        ? `The risk score is ${r.risk.score.toFixed(1)} out of 100 (${r.risk.band}), as the Executive Risk View shows it now. It is made of these factors:`
        : "No vulnerability findings are recorded yet, so there is no risk score.",
    ),
    ...(r.risk.hasFindings
      ? table(
          {
            name: "factors",
            title: "Why this score",
            columns: ["Factor", "Points", "Why"],
            rows: r.risk.factors.map((f) => [f.label, f.points.toFixed(1), f.detail]),
            numeric: [1],
            wide: 2,
          },
          { title: false },
        )
      : []),
    ...(trend ? [svg(trend)] : []),
    ...table(t.kev as ReportTable, { empty: "No open finding is on CISA's KEV list." }),
    ...table(t["top-risks"] as ReportTable, { empty: "No top risks: there are no open findings." }),
    h2("Compliance"),
    para(r.compliance.note),
    ...(r.compliance.frameworks.length ? table(t.compliance as ReportTable, { title: false }) : []),
  ];
  return render(r.meta, content, brand);
}

export async function servicePdf(r: ServiceReport, breaches: ServiceReport["breaches"]["items"], brand: Brand): Promise<Buffer> {
  const t = Object.fromEntries(serviceTables(r, breaches).map((x) => [x.name, x]));
  const volume = await volumeChart({
    labels: r.overTime.map((b) =>
      r.bucket === "hour"
        ? formatInZone(b.start, r.meta.timeZone).slice(11)
        : formatInZone(b.start, r.meta.timeZone, false).slice(5),
    ),
    total: r.overTime.map((b) => b.total),
    critical: r.overTime.map((b) => b.critical),
  });
  const sla = await barChart({
    categories: r.sla.byPriority.map((s) => s.priority),
    series: [
      { name: "Response SLA met", values: r.sla.byPriority.map((s) => s.respondMet) },
      { name: "Response SLA missed", values: r.sla.byPriority.map((s) => s.respondMissed) },
    ],
    height: 160,
  });
  const content: Content[] = [
    ...cover(r.meta, true, brand),
    h1("Summary"),
    bullets(r.summary),
    ...table(t.volumes as ReportTable, { title: false }),
    h1("Alerts over the period"),
    svg(volume),
    h1("SLA adherence"),
    svg(sla),
    ...table(t["sla-by-priority"] as ReportTable, { title: false }),
    para("Met and missed count the SLA steps decided so far; steps still on track or at risk are not counted yet.", "small"),
    h1("SLA breaches"),
    para(
      r.breaches.total === 0
        ? "No alert of the period missed its acknowledgement or response SLA."
        : `${formatCount(r.breaches.total)} alerts missed their acknowledgement or response SLA${r.breaches.truncated ? `; the newest ${formatCount(breaches.length)} are listed (the CSV download has every one)` : ""}.`,
    ),
    ...(r.breaches.total ? table(t.breaches as ReportTable, { title: false }) : []),
    h1("Response and closure times"),
    ...table(t["response-times"] as ReportTable, { title: false }),
    h2("How alerts were resolved"),
    para(
      `${formatCount(r.resolution.resolved)} resolved or closed: ${formatCount(r.resolution.automated)} automatically, ${formatCount(r.resolution.manual)} by an analyst, ${formatCount(r.resolution.unrecorded)} without a recorded resolution type.`,
    ),
    h2("Noise"),
    para(
      `${formatCount(r.noise.closedWithoutEscalation)} alerts (${formatPercent(r.noise.sharePercent)} of those resolved or closed) were closed without escalation. ${r.noise.note}`,
    ),
    h1("Top rules, sources and assets"),
    ...table(t["top-rules"] as ReportTable),
    ...table(t["top-sources"] as ReportTable),
    ...table(t["top-assets"] as ReportTable),
    h1("Analyst activity"),
    ...table(t.analysts as ReportTable, { title: false }),
  ];
  return render(r.meta, content, brand);
}

export async function incidentDocumentPdf(d: IncidentDocument, brand: Brand): Promise<Buffer> {
  const t = Object.fromEntries(incidentDocumentTables(d).map((x) => [x.name, x]));
  const tz = d.meta.timeZone;
  const inc = d.incident;
  const when = (v: string | null) => (v ? formatInZone(v, tz) : "—");
  const field = (label: string, value: string | null): TableCell[] => [
    { text: label, style: "muted" },
    { text: value?.trim() ? value : "—" },
  ];
  const content: Content[] = [
    ...cover(d.meta, true, brand),
    h1("Summary"),
    {
      table: {
        widths: [120, "*"],
        body: [
          field("Reference", inc.reference),
          field("Title", inc.title),
          field("Tenant", inc.tenantName),
          field("Priority", inc.priority),
          field("Status", inc.status),
          field("Owner", inc.ownerName),
          field("Opened", when(inc.createdAt)),
          field("Acknowledged", when(inc.acknowledgedAt)),
          field("Resolved", when(inc.resolvedAt)),
          field("Closed", when(inc.closedAt)),
          field("Ticket", inc.ticketId),
          field("Linked alerts", formatCount(inc.alertCount)),
        ],
      },
      layout: "lightHorizontalLines",
      margin: [0, 0, 0, 8],
    },
    h2("Description"),
    para(inc.description?.trim() || "No description was recorded."),
    h1("Timeline"),
    ...table(t.timeline as ReportTable, { title: false, empty: "No activity was recorded." }),
    h1("Linked alerts"),
    ...table(t.alerts as ReportTable, { title: false, empty: "No alerts are linked." }),
    h1("ATT&CK techniques"),
    ...table(t.techniques as ReportTable, { title: false, empty: "The linked alerts name no ATT&CK technique." }),
    h1("Affected assets and users"),
    ...table(t.assets as ReportTable, { empty: "The linked alerts name no host or address." }),
    ...table(t.users as ReportTable, { empty: "The linked alerts name no user." }),
    h1("Root cause and resolution"),
    h2("Root cause"),
    para(inc.rootCause?.trim() || "No root cause was recorded."),
    h2("Resolution"),
    para(
      inc.resolutionType
        ? `Resolved ${inc.resolutionType === "Automated" ? "automatically" : "manually"}.`
        : "No resolution was recorded yet.",
    ),
    h2("Closure notes"),
    para(inc.closureNotes?.trim() || "No closure notes were recorded."),
  ];
  return render(d.meta, content, brand);
}

export async function threatPdf(r: ThreatReport, layer: unknown, brand: Brand): Promise<Buffer> {
  const t = Object.fromEntries(threatTables(r).map((x) => [x.name, x]));
  const previous = r.meta.period?.previous.label ?? "previous period";
  const tactics = r.tactics.length
    ? await barChart({
        categories: r.tactics.map((x) => x.tactic),
        series: [
          { name: "This period", values: r.tactics.map((x) => x.current) },
          { name: `Before: ${previous}`, values: r.tactics.map((x) => x.previous) },
        ],
        horizontal: true,
        height: Math.max(120, 40 + r.tactics.length * 30),
      })
    : null;
  const content: Content[] = [
    ...cover(r.meta, true, brand),
    h1("Summary"),
    bullets(r.summary),
    h1("ATT&CK tactics"),
    ...(tactics ? [svg(tactics)] : []),
    ...table(t.tactics as ReportTable, { title: false, empty: "No alert of the period or the one before names a tactic." }),
    h1("ATT&CK techniques"),
    para(
      `${formatCount(r.techniqueCount.current)} techniques seen, against ${formatCount(r.techniqueCount.previous)} in ${previous}; ${formatCount(r.techniqueCount.new)} new.`,
    ),
    ...table(t.techniques as ReportTable, { title: false, empty: "No alert of the period names a technique." }),
    ...table(t["new-techniques"] as ReportTable, { empty: "No technique is new against the previous period." }),
    h1("Where attacks came from"),
    para(
      `${formatCount(r.sources.publicAlerts)} alerts came from public addresses, ${formatCount(r.sources.internalAlerts)} from internal or reserved ones and ${formatCount(r.sources.withoutSource)} name no source address. Countries are where the address is registered (offline GeoIP).`,
    ),
    ...table(t.addresses as ReportTable, { empty: "No alert of the period came from a public address." }),
    ...table(t.countries as ReportTable, { empty: "No public address could be placed in a country." }),
    h1("Exploited vulnerabilities"),
    para(
      `${formatCount(r.cves.total)} CVEs on CISA's list of known exploited vulnerabilities (KEV) are open on ${formatCount(r.cves.kevFindings)} findings now. EPSS is FIRST's probability of exploitation in the next 30 days.`,
    ),
    ...table(t.cves as ReportTable, { title: false, empty: "No open finding carries a KEV CVE." }),
    h1("ATT&CK Navigator layer"),
    para(
      `The period's alert counts per technique are attached to this PDF as ${r.layer.fileName} (${formatCount(r.layer.techniques)} techniques), ready to open in the ATT&CK Navigator. The same file can be downloaded from the report page.`,
    ),
  ];
  return render(r.meta, content, brand, [
    {
      name: r.layer.fileName,
      description: "ATT&CK Navigator layer of the period",
      mime: "application/json",
      content: Buffer.from(JSON.stringify(layer, null, 2)),
    },
  ]);
}
