import { type ReportKind, reportKindDescriptions, reportKinds } from "@watchfloor/shared";
import { CalendarClock, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { Card } from "@/components/ui/page";
import { ArchiveList } from "./archive-list";
import { reportTitles } from "./report-page";

/** /reports: the four kinds, the archive of generated reports, and what is not built yet. */
export function ReportsOverview({
  kindPath,
  openPath,
}: {
  kindPath: (kind: ReportKind) => string;
  openPath: (kind: ReportKind, query: string, incidentId: string | null) => string;
}) {
  return (
    <div className="space-y-6">
      <ul className="grid gap-4 md:grid-cols-2" data-testid="report-kinds">
        {reportKinds.map((kind) => (
          <li key={kind}>
            <Link
              to={kindPath(kind)}
              className="group flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-sky-400 hover:shadow-md dark:border-slate-800 dark:bg-slate-900 dark:hover:border-sky-600"
            >
              <span className="flex items-center justify-between gap-2 text-base font-semibold text-slate-900 dark:text-white">
                {reportTitles[kind]}
                <ChevronRight aria-hidden className="size-5 text-slate-400 group-hover:text-sky-600" />
              </span>
              <span className="mt-1 text-sm text-slate-600 dark:text-slate-400">{reportKindDescriptions[kind]}</span>
            </Link>
          </li>
        ))}
      </ul>
      <ArchiveList openPath={openPath} />
      <Card title="Schedules">
        <p className="flex items-start gap-2 text-sm text-slate-700 dark:text-slate-300" data-testid="schedules-note">
          <CalendarClock aria-hidden className="mt-0.5 size-4 shrink-0" />
          Scheduled reports delivered by e-mail are not part of this build yet. Until they are, open a report and download its
          PDF; every PDF is kept in the archive above.
        </p>
      </Card>
    </div>
  );
}
