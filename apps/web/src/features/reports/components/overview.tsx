import { type ReportKind, reportKindDescriptions, reportKinds } from "@watchfloor/shared";
import { ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { ArchiveList } from "./archive-list";
import { reportTitles } from "./report-page";
import { ScheduleList } from "./schedule-list";

/** /reports: the four kinds, the archive of generated reports, and the schedules. */
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
      <ScheduleList />
    </div>
  );
}
