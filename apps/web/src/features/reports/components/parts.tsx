import { formatInZone, type ReportMeta } from "@watchfloor/shared";
import { Download, FileJson, FileText } from "lucide-react";
import type { ReactNode } from "react";
import { buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/page";
import { TableScroll } from "@/components/ui/table-scroll";
import { cn } from "@/lib/cn";

/** Who the report covers, over which period, compared with what, in which zone, made when. */
export function MetaLine({ meta }: { meta: ReportMeta }) {
  return (
    <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2 xl:grid-cols-4" data-testid="report-meta">
      <div className="min-w-0">
        <dt className="text-xs font-medium text-slate-600 dark:text-slate-400">Tenants</dt>
        <dd className="font-medium text-slate-900 dark:text-white" data-testid="report-subject">
          {meta.subject}
        </dd>
      </div>
      {meta.period && (
        <>
          <div className="min-w-0">
            <dt className="text-xs font-medium text-slate-600 dark:text-slate-400">Period</dt>
            <dd className="text-slate-900 dark:text-white" data-testid="report-period">
              {meta.period.label}
            </dd>
          </div>
          <div className="min-w-0">
            <dt className="text-xs font-medium text-slate-600 dark:text-slate-400">Compared with ("Before")</dt>
            <dd className="text-slate-800 dark:text-slate-200">{meta.period.previous.label}</dd>
          </div>
        </>
      )}
      <div className="min-w-0">
        <dt className="text-xs font-medium text-slate-600 dark:text-slate-400">Time zone · generated</dt>
        <dd className="text-slate-800 dark:text-slate-200">
          {meta.timeZone} · {formatInZone(meta.generatedAt, meta.timeZone)}
        </dd>
      </div>
    </dl>
  );
}

/** The report in plain sentences, the same ones the PDF opens with. */
export function Summary({ lines }: { lines: string[] }) {
  return (
    <Card title="In brief">
      <ul className="list-disc space-y-1.5 pl-5 text-sm text-slate-800 dark:text-slate-200" data-testid="report-summary">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </Card>
  );
}

export type Figure = { key: string; label: string; value: string; note?: string };

/** Headline figures as tiles; each has a test id so the browser test can compare it with the PDF. */
export function Figures({ items }: { items: Figure[] }) {
  return (
    <dl className="grid grid-cols-2 gap-3 md:grid-cols-4" data-testid="report-figures">
      {items.map((f) => (
        <div
          key={f.key}
          className="min-w-0 rounded-xl border border-slate-200 bg-white p-3 shadow-sm dark:border-slate-800 dark:bg-slate-900"
        >
          <dt className="text-sm font-medium text-slate-600 dark:text-slate-400">{f.label}</dt>
          <dd className="mt-1 text-2xl font-semibold tabular-nums text-slate-900 dark:text-white" data-testid={`figure-${f.key}`}>
            {f.value}
          </dd>
          {f.note && <dd className="text-xs text-slate-600 dark:text-slate-400">{f.note}</dd>}
        </div>
      ))}
    </dl>
  );
}

export type Column = { label: string; numeric?: boolean };

/** A report table with its caption; "CSV" downloads the same table (every row of it). */
export function ReportTable({
  title,
  columns,
  rows,
  csv,
  empty = "None in this period.",
  note,
  testId,
  className,
}: {
  title: string;
  columns: Column[];
  rows: ReactNode[][];
  csv?: string;
  empty?: string;
  note?: ReactNode;
  testId?: string;
  className?: string;
}) {
  return (
    <Card title={title} className={cn("min-w-0", className)} actions={csv ? <CsvLink href={csv} title={title} /> : undefined}>
      {note && <p className="-mt-2 mb-3 text-xs text-slate-600 dark:text-slate-400">{note}</p>}
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400" data-testid={testId ? `${testId}-empty` : undefined}>
          {empty}
        </p>
      ) : (
        <TableScroll label={title}>
          <table className="w-full text-left text-sm" data-testid={testId}>
            <thead>
              <tr className="border-b border-slate-200 text-xs text-slate-600 dark:border-slate-700 dark:text-slate-400">
                {columns.map((c) => (
                  <th
                    key={c.label}
                    scope="col"
                    className={cn("px-5 py-2 font-medium whitespace-nowrap", c.numeric && "text-right")}
                  >
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
              {rows.map((row, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: report rows have no id of their own and never reorder
                <tr key={i} className="text-slate-800 dark:text-slate-200">
                  {row.map((cell, j) => (
                    <td
                      // biome-ignore lint/suspicious/noArrayIndexKey: cells follow the fixed columns
                      key={j}
                      className={cn("px-5 py-2 align-top", columns[j]?.numeric && "text-right tabular-nums")}
                    >
                      {cell ?? "—"}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </Card>
  );
}

export function CsvLink({ href, title }: { href: string; title: string }) {
  return (
    <a href={href} download className={buttonClass("ghost", "sm")}>
      <Download aria-hidden className="size-4" /> CSV<span className="sr-only"> of {title}</span>
    </a>
  );
}

/** The PDF (kept in the archive) and the whole report as JSON. */
export function Downloads({ pdf, json, onPdf, extra }: { pdf: string; json?: string; onPdf?: () => void; extra?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <a href={pdf} download onClick={onPdf} className={buttonClass("primary")} data-testid="download-pdf">
        <FileText aria-hidden className="size-4" /> Download PDF
      </a>
      {json && (
        <a href={json} target="_blank" rel="noreferrer" className={buttonClass("secondary")}>
          <FileJson aria-hidden className="size-4" /> JSON
        </a>
      )}
      {extra}
    </div>
  );
}

export function Paragraph({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <p className="text-sm text-slate-800 dark:text-slate-200" data-testid={testId}>
      {children}
    </p>
  );
}
