import type { IncidentStatus, Priority } from "@watchfloor/shared";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { PriorityBadge, StatusBadge } from "@/components/ui/badges";
import { Time } from "@/components/ui/time";
import { cn } from "@/lib/cn";

/** An empty cell, so "no value" reads differently from a value. */
export const noValue = <span className="text-slate-500 dark:text-slate-400">—</span>;

/** A nullable text cell. */
export const orDash = (value: string | null): ReactNode => value ?? noValue;

/** The row's name column: a link to its page and one line under it (host, reference, CVEs). */
export function RowTitle({
  to,
  title,
  sub,
  className,
  subClassName,
}: {
  to: string;
  title: string;
  sub: ReactNode;
  className: string;
  subClassName: string;
}) {
  return (
    <div className={className}>
      <Link
        to={to}
        className="font-medium text-slate-900 hover:text-sky-800 hover:underline dark:text-white dark:hover:text-sky-300"
      >
        {title}
      </Link>
      <p className={cn("text-xs text-slate-600 dark:text-slate-400", subClassName)}>{sub}</p>
    </div>
  );
}

// Cell renderers for the columns the triage lists share (priority, workflow status, times).
export const priorityCell = ({ row }: { row: { original: { priority: Priority } } }) => (
  <PriorityBadge priority={row.original.priority} />
);
export const statusCell = ({ row }: { row: { original: { status: IncidentStatus } } }) => (
  <StatusBadge status={row.original.status} />
);
export const timeCell =
  <K extends string>(key: K) =>
  ({ row }: { row: { original: Record<K, string> } }) => <Time iso={row.original[key]} />;
