import { CircleAlert, CircleCheck } from "lucide-react";
import type { ReactNode } from "react";
import { Card } from "@/components/ui/page";
import { noteRows, rejectedRows, SmallTable, Stat } from "@/components/ui/report-parts";

/** The part every file import's report shares (alerts, scanner reports). */
export type ImportReportBase = {
  format: string;
  filename: string | null;
  skipped: { reason: string; count: number }[];
  rejected: { row: number; problems: { field: string; reason: string }[] }[];
  rejectedCount: number;
  findings: { row: number; field: string; value: string; message: string }[];
  findingCount: number;
};

type Section = { title: string; text: ReactNode };

type Props = {
  report: ImportReportBase;
  /** After "<file> read as <format>" (" (full scan)"). */
  readAs?: ReactNode;
  /** The sentence when nothing was rejected or noted, and when something was. */
  outcome: { clean: string; attention: string };
  /** The figures; `wide` lays ten out as two rows of five (no orphan tile), else up to five a row. */
  stats: { label: string; value: number; tone?: "good" | "bad" }[];
  wide?: boolean;
  /** Heading of the skipped counts ("Skipped (not alerts)"). */
  skippedTitle: string;
  /** Buttons on the report card (e.g. "Show findings"). */
  actions?: ReactNode;
  /** More of the report card, after the figures (e.g. rows sent to other stores). */
  extra?: ReactNode;
  /** Rejected rows: the card's noun ("Rejected rows"), what happens to them, and its buttons. */
  rejected: Section & { more: string; actions?: ReactNode };
  /** Rows imported with values left empty or merged ("Data-quality findings"). */
  notes: Section & { testId: string; column: string };
};

/** What an import did to every row: figures, skipped by reason, rejected rows and data-quality notes. */
export function ImportReportView({ report, outcome, stats, rejected, notes, ...props }: Props) {
  const clean = report.rejectedCount === 0 && report.findingCount === 0;
  const figures = (
    <dl
      className={props.wide ? "grid grid-cols-2 gap-3 @xl:grid-cols-5" : "grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5"}
    >
      {stats.map((s) => (
        <Stat key={s.label} label={s.label} value={s.value} tone={s.tone} />
      ))}
    </dl>
  );
  return (
    <div className="space-y-6" data-testid="import-report">
      <Card title="Import report" actions={props.actions}>
        <p className="mb-4 flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
          {clean ? (
            <CircleCheck aria-hidden className="size-5 shrink-0 text-emerald-700" />
          ) : (
            <CircleAlert aria-hidden className="size-5 shrink-0 text-amber-700" />
          )}
          <span>
            <span className="font-medium">{report.filename ?? "File"}</span> read as{" "}
            <span className="font-mono">{report.format}</span>
            {props.readAs}.{clean ? ` ${outcome.clean}` : ` ${outcome.attention}`}
          </span>
        </p>
        {props.wide ? <div className="@container">{figures}</div> : figures}
        {props.extra}
        {report.skipped.length > 0 && (
          <div className="mt-4">
            <h3 className="text-sm font-semibold text-slate-900 dark:text-white">{props.skippedTitle}</h3>
            <ul className="mt-1 text-sm text-slate-700 dark:text-slate-300">
              {report.skipped.map((s) => (
                <li key={s.reason}>
                  {s.reason}: {s.count}
                </li>
              ))}
            </ul>
          </div>
        )}
      </Card>
      {report.rejectedCount > 0 && (
        <Card title={`${rejected.title} (${report.rejectedCount})`} actions={rejected.actions}>
          <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">{rejected.text}</p>
          <SmallTable
            caption={rejected.title}
            testId="rejected-rows"
            head={["Row", "Field", "Reason"]}
            rows={rejectedRows(report.rejected)}
          />
          {report.rejected.length < report.rejectedCount && (
            <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
              Showing the first {report.rejected.length}
              {rejected.more}
            </p>
          )}
        </Card>
      )}
      {report.findingCount > 0 && (
        <Card title={`${notes.title} (${report.findingCount})`}>
          <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">{notes.text}</p>
          <SmallTable
            caption={notes.title}
            testId={notes.testId}
            head={["Row", "Field", "Value", notes.column]}
            rows={noteRows(report.findings)}
          />
        </Card>
      )}
    </div>
  );
}
