import type { FindingStatus } from "@watchfloor/shared";
import { AlarmClock, Flame } from "lucide-react";
import { Badge } from "@/components/ui/badges";
import { formatDateTime } from "@/lib/format";
import { useCurrentUser } from "@/lib/session";

export const none = <span className="text-slate-500 dark:text-slate-400">—</span>;

const statusTone = { Open: "sky", Triaged: "violet", "In Progress": "amber", Closed: "slate" } as const;

export function FindingStatusBadge({ status }: { status: FindingStatus }) {
  return <Badge color={statusTone[status] ?? "slate"}>{status}</Badge>;
}

/** In the CISA Known Exploited Vulnerabilities catalog: exploited in the wild, fix first. */
export function KevBadge() {
  return (
    <span title="In the CISA Known Exploited Vulnerabilities catalog">
      <Badge color="red">
        <Flame aria-hidden className="size-3" />
        KEV<span className="sr-only"> (known exploited)</span>
      </Badge>
    </span>
  );
}

const dayMs = 86_400_000;

/** The remediation due date: overdue in red with how late, otherwise how long is left. */
export function DueDate({ dueAt, overdue, closed }: { dueAt: string | null; overdue: boolean; closed: boolean }) {
  const { preferences } = useCurrentUser();
  if (!dueAt) return none;
  const day = formatDateTime(dueAt, preferences, false);
  const days = Math.round((new Date(dueAt).getTime() - Date.now()) / dayMs);
  if (closed)
    return (
      <time dateTime={dueAt} className="text-slate-600 dark:text-slate-400">
        {day}
      </time>
    );
  return (
    <time dateTime={dueAt} className="flex flex-col items-start gap-0.5 leading-tight">
      {overdue ? (
        <Badge color="red">
          <AlarmClock aria-hidden className="size-3" />
          Overdue {Math.max(1, -days)} d
        </Badge>
      ) : (
        <span>{days <= 0 ? "due today" : `in ${days} d`}</span>
      )}
      <span className="text-xs text-slate-600 dark:text-slate-400">{day}</span>
    </time>
  );
}
