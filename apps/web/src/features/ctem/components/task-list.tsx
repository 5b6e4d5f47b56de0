import type { CtemTask } from "@watchfloor/shared";
import { Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState, Notice } from "@/components/ui/states";
import { errorMessage } from "@/lib/api-client";
import { useDeleteTask } from "../api/ctem";
import { EditTaskDialog } from "./edit-task-dialog";

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

/**
 * Remediation tasks with owner, due date and progress that only later scans make; with `canWrite`,
 * each can be edited and deleted (after a confirmation).
 */
export function TaskList({
  tasks,
  scopeId,
  tenantId,
  canWrite,
}: {
  tasks: CtemTask[];
  scopeId: string;
  tenantId: string;
  canWrite: boolean;
}) {
  const [editing, setEditing] = useState<CtemTask | null>(null);
  const remove = useDeleteTask(scopeId);
  if (tasks.length === 0)
    return <EmptyState title="No tasks yet">Create one from the scope's findings; later scans measure it.</EmptyState>;
  return (
    <>
      {remove.isError && <Notice tone="error">Could not delete the task: {errorMessage(remove.error)}</Notice>}
      <ul className="divide-y divide-slate-200 dark:divide-slate-800" data-testid="task-list">
        {tasks.map((t) => (
          <li key={t.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="task">
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
            <div className="flex items-center gap-2">
              <Progress t={t} />
              {canWrite && (
                <>
                  <Button variant="ghost" size="sm" aria-label={`Edit task ${t.title}`} onClick={() => setEditing(t)}>
                    <Pencil aria-hidden className="size-4" />
                  </Button>
                  <ConfirmDialog
                    trigger={
                      <Button variant="dangerGhost" size="sm" aria-label={`Delete task ${t.title}`}>
                        <Trash2 aria-hidden className="size-4" />
                      </Button>
                    }
                    title="Delete this task?"
                    description={`"${t.title}" is deleted with its links to ${t.total} finding${t.total === 1 ? "" : "s"}. The findings stay.`}
                    confirmLabel="Delete task"
                    onConfirm={() => remove.mutate(t.id)}
                  />
                </>
              )}
            </div>
          </li>
        ))}
      </ul>
      {editing && <EditTaskDialog scopeId={scopeId} tenantId={tenantId} task={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
