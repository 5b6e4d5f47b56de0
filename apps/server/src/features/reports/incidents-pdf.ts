import { createRequire } from "node:module";
import { setImmediate } from "node:timers/promises";
import { formatChange, formatCount, formatMinutes, type IncidentsReport, plural } from "@watchfloor/shared";
import type { Content } from "pdfmake/interfaces";
import type { Brand } from "../settings/branding.service";
import { barChart } from "./report-charts";
import { bullets, collect, cover, figures, footerLabel, h1, layout, para, svg, table } from "./report-pdf";
import { type Cell, incidentColumns, incidentRow, incidentsTables, type ReportTable } from "./report-tables";

/**
 * The incidents report's PDF at constant memory (issue 14): pdfmake lays out the cover, summary
 * and charts, which are the same size for any period; the list of incidents is then drawn with
 * pdfkit straight into the same document, one page of rows at a time, as the pages of incidents
 * arrive from the database. pdfkit writes out each page when the next begins, so what stays in
 * memory is one page of rows and the compressed bytes written so far, not a layout of every
 * incident (pdfmake's table holds every cell, measured, until the end).
 *
 * Rows are one line high (a long text ends in "…"; the incident's own document and the CSV have
 * it whole), so the number of pages is known before the first row is read and every footer can
 * say "Page N of M".
 */

const require = createRequire(import.meta.url);
const FONT = require.resolve("pdfmake/fonts/Roboto/Roboto-Regular.ttf");
const BOLD = require.resolve("pdfmake/fonts/Roboto/Roboto-Medium.ttf");

/** The list's pages are A4 landscape: nine columns with the reference and dates whole. */
const PAGE = { width: 841.89, height: 595.28 };
const LEFT = 40;
const TOP = 40;
const FONT_SIZE = 7.5;
const HEADER_HEIGHT = 15;
const ROW_HEIGHT = 11.5;
/** Content ends 48 pt above the bottom edge, as on pdfmake's pages; the footer sits below. */
const BOTTOM = PAGE.height - 48;
/** Column widths in points (762 in all), in the order of `incidentColumns`. */
const WIDTHS = [110, 230, 95, 32, 54, 85, 28, 64, 64];
const NUMERIC = new Set([6]);
export const ROWS_PER_PAGE = Math.floor((BOTTOM - TOP - HEADER_HEIGHT) / ROW_HEIGHT);

export interface IncidentList {
  /** How many incidents the pages hold (the pages stop there). */
  count: number;
  /** Whether the period has more than the limit lists. */
  truncated: boolean;
  pages: AsyncIterable<IncidentsReport["items"]>;
}

const listPages = (count: number) => Math.ceil(count / ROWS_PER_PAGE);

/**
 * pdfkit keeps the layout of every distinct word per font for the life of the document: right for
 * a laid-out report, but a streamed list of thousands of distinct references and times would grow
 * it row by row. Each list page starts it afresh (within a page it still saves laying a word out
 * twice, once to measure and once to draw). `_fontFamilies` and `layoutCache` are pdfkit's own
 * (0.19); the bench (reports-incidents) shows the live heap staying flat.
 */
function forgetLayouts(doc: PDFKit.PDFDocument) {
  const families = (doc as unknown as { _fontFamilies?: Record<string, { layoutCache?: object }> })._fontFamilies ?? {};
  for (const font of Object.values(families)) if (font.layoutCache) font.layoutCache = Object.create(null);
}

/** The text cut to fit the width, ending in "…" when cut. */
function fit(doc: PDFKit.PDFDocument, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let low = 0;
  let high = text.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (doc.widthOfString(`${text.slice(0, mid)}…`) <= width) low = mid;
    else high = mid - 1;
  }
  return `${text.slice(0, low).trimEnd()}…`;
}

function drawCells(doc: PDFKit.PDFDocument, font: string, cells: Cell[], y: number) {
  let x = LEFT;
  cells.forEach((cell, i) => {
    // 2 pt in from each side of the column, so a right-aligned number keeps clear of the next one.
    const width = (WIDTHS[i] ?? 40) - 4;
    doc.font(font).fontSize(FONT_SIZE);
    const text = fit(doc, cell == null ? "—" : String(cell).replace(/\s+/g, " "), width);
    doc.text(text, x + 2, y, { width, align: NUMERIC.has(i) ? "right" : "left", lineBreak: false });
    x += WIDTHS[i] ?? 40;
  });
}

const rule = (doc: PDFKit.PDFDocument, y: number, width: number, color: string) =>
  doc
    .moveTo(LEFT, y)
    .lineTo(PAGE.width - LEFT, y)
    .lineWidth(width)
    .strokeColor(color)
    .stroke();

interface ListPages {
  /** The page number of the list's first page, and of the document's last. */
  first: number;
  total: number;
  /** The footer's text beside the page number. */
  label: string;
  timeZone: string;
}

/** Draws the list into `doc` as its pages of incidents arrive: a header row on each page, and the footer. */
async function drawList(doc: PDFKit.PDFDocument, list: IncidentList, at: ListPages): Promise<void> {
  let page = at.first - 1;
  let footer = at.label;
  doc.font(FONT).fontSize(8.5);
  while (footer.length > 1 && doc.widthOfString(footer) > 600) footer = `${footer.slice(0, -2).trimEnd()}…`;
  let y = BOTTOM;
  let drawn = 0;
  const newPage = () => {
    doc.addPage({ size: "A4", layout: "landscape", margin: 0 });
    forgetLayouts(doc);
    page += 1;
    doc.font(FONT).fontSize(8.5).fillColor("#444444");
    doc.text(footer, LEFT, PAGE.height - 32, { width: 600, lineBreak: false });
    doc.text(`Page ${page} of ${at.total}`, PAGE.width - LEFT - 80, PAGE.height - 32, { width: 80, align: "right" });
    doc.rect(LEFT, TOP, PAGE.width - 2 * LEFT, HEADER_HEIGHT).fill("#e6e6e6");
    doc.fillColor("#111111");
    drawCells(doc, BOLD, incidentColumns, TOP + 4);
    rule(doc, TOP + HEADER_HEIGHT, 0.8, "#333333");
    y = TOP + HEADER_HEIGHT;
  };
  for await (const items of list.pages) {
    for (const item of items) {
      if (drawn % ROWS_PER_PAGE === 0) {
        // A turn of the event loop between pages: pdfkit's output reaches the collector only
        // then (reading pages from SQLite resolves without one, so it would pile up inside the
        // stream), and other requests are served while a long list is drawn.
        if (drawn > 0) await setImmediate();
        newPage();
      }
      drawCells(doc, FONT, incidentRow(item, at.timeZone), y + 3);
      y += ROW_HEIGHT;
      rule(doc, y, 0.3, "#bbbbbb");
      drawn += 1;
    }
  }
  // Incidents deleted while the document was made (a tenant or retention): say so, not leave a gap unexplained.
  if (drawn < list.count) {
    if (drawn === 0 || y + 2 * ROW_HEIGHT > BOTTOM) newPage();
    doc
      .fillColor("#444444")
      .text(
        `${plural(list.count - drawn, "incident")} counted when this report began ${list.count - drawn === 1 ? "was" : "were"} deleted while it was made.`,
        LEFT,
        y + 6,
        { width: PAGE.width - 2 * LEFT },
      );
  }
}

/** The incidents report as a PDF: the summary laid out by pdfmake, then the list streamed (see above). */
export async function incidentsPdf(r: IncidentsReport, list: IncidentList, brand: Brand): Promise<Buffer> {
  const t = Object.fromEntries(incidentsTables(r, []).map((x) => [x.name, x]));
  const previous = r.meta.period?.previous.label ?? "previous period";
  const chart = await barChart({
    categories: r.byPriority.map((p) => p.priority),
    series: [
      { name: "This period", values: r.byPriority.map((p) => p.current) },
      { name: `Before: ${previous}`, values: r.byPriority.map((p) => p.previous) },
    ],
    height: 160,
  });
  const content: Content[] = [
    ...cover(r.meta, true, brand),
    h1("Summary"),
    bullets(r.summary),
    figures([
      {
        label: "Incidents opened",
        value: formatCount(r.totals.created.current),
        note: `${formatChange(r.totals.created.current, r.totals.created.previous)} vs before`,
      },
      { label: "Still open", value: formatCount(r.totals.open) },
      { label: "Mean time to acknowledge", value: formatMinutes(r.totals.mttaMinutes) },
      { label: "Mean time to resolve", value: formatMinutes(r.totals.mttrMinutes) },
    ]),
    h1("By priority and status"),
    svg(chart),
    {
      columns: [
        { width: "*", stack: table(t["by-priority"] as ReportTable) },
        { width: "*", stack: table(t["by-status"] as ReportTable) },
      ],
      columnGap: 14,
    },
    h1("Incidents of the period"),
    para(
      list.count === 0
        ? "No incidents were opened in the period."
        : `${plural(list.count, "incident")}, newest first, on the following ${plural(listPages(list.count), "page")}.${
            list.truncated
              ? ` The period has more: these are the newest ${formatCount(list.count)}; a shorter period or fewer tenants lists the rest.`
              : ""
          } A long title or name ends in "…" here; each incident's own document and the CSV have it whole.`,
    ),
  ];
  const { doc, pages } = await layout(r.meta, content, brand, { extraPages: listPages(list.count) });
  const bytes = collect(doc);
  await drawList(doc, list, {
    first: pages + 1,
    total: pages + listPages(list.count),
    label: footerLabel(r.meta, brand),
    timeZone: r.meta.timeZone,
  });
  return bytes();
}
