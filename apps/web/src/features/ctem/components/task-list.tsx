import type { CtemTask } from "@watchfloor/shared";
import { EmptyState } from "@/components/ui/states";

function Progress({ t }: { t: CtemTask }) {
  const share = t.total ? Math.round((t.done / t.total) * 100) : 0;
  return (
    <div className="min-w-[10rem]">
      <div
        role="progressbar"
        aria-label={`${t.title}: fixed by later scans`}
        aria-valuemin={0}
        aria-valuemax={t.total}
        aria-valuenow={t.done}
        aria-valuetext={`${t.done} of ${t.total} fixed`}
        className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
      >
        <div className="h-full bg-emerald-600 dark:bg-emerald-400" style={{ width: `${share}%` }} />
      </div>
      <p className="mt-1 text-xs text-slate-700 tabular-nums dark:text-slate-300" data-testid="task-progress">
        {t.done} of {t.total} fixed by scans ({share}%){t.closedOtherwise > 0 && ` · ${t.closedOtherwise} closed by hand`}
      </p>
    </div>
  );
}

/** Remediation tasks with owner, due date and progress that only later scans make. */
export function TaskList({ tasks }: { tasks: CtemTask[] }) {
  if (tasks.length === 0)
    return <EmptyState title="No tasks yet">Create one from the scope's findings; later scans measure it.</EmptyState>;
  return (
    <ul className="divide-y divide-slate-200 dark:divide-slate-800" data-testid="task-list">
      {tasks.map((t) => (
        <li key={t.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <p className="font-medium">{t.title}</p>
            <p className="text-sm text-slate-700 dark:text-slate-300">
              {t.owner.name ?? "No owner"} · due{" "}
              <span className={t.overdue ? "font-semibold text-red-700 dark:text-red-400" : undefined}>
                {t.dueDate}
                {t.overdue && " (overdue)"}
              </span>
            </p>
          </div>
          <Progress t={t} />
        </li>
      ))}
    </ul>
  );
}
