import { Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badges";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Card } from "@/components/ui/page";
import { ErrorState, LoadingState, Notice } from "@/components/ui/states";
import { errorMessage } from "@/lib/api-client";
import { useDeleteScope, useScope } from "../api/ctem";
import { CreateTaskDialog } from "./create-task-dialog";
import { EditScopeDialog } from "./edit-scope-dialog";
import { ExposureList, scoreTone } from "./exposure-list";
import { NucleiImport } from "./nuclei-import";
import { ScoreTrend } from "./score-trend";
import { TaskList } from "./task-list";

const ruleText = (r: { nameContains?: string; department?: string; internetFacingOnly?: boolean; assetIds?: string[] }) =>
  [
    r.assetIds?.length ? `${r.assetIds.length} named assets` : null,
    r.nameContains ? `name contains "${r.nameContains}"` : null,
    r.department ? `department ${r.department}` : null,
    r.internetFacingOnly ? "internet-facing" : null,
  ]
    .filter(Boolean)
    .join(", ");

/** One scope: score and its history, exposures ranked with reasons, validation, tasks. */
export function ScopeDetail({ id, canWrite, onDeleted }: { id: string; canWrite: boolean; onDeleted: () => void }) {
  const scope = useScope(id);
  const [creatingTask, setCreatingTask] = useState(false);
  const [editing, setEditing] = useState(false);
  const remove = useDeleteScope(id);
  if (scope.isPending) return <LoadingState label="Loading the scope" />;
  if (scope.isError) return <ErrorState title="Could not load the scope" error={scope.error} onRetry={() => scope.refetch()} />;
  const s = scope.data;
  return (
    <div className="space-y-6" data-testid="scope-detail">
      <Card
        title={s.name}
        actions={
          canWrite ? (
            <div className="flex gap-2">
              <Button size="sm" variant="secondary" onClick={() => setEditing(true)}>
                <Pencil aria-hidden className="size-4" />
                Edit scope
              </Button>
              <ConfirmDialog
                trigger={
                  <Button size="sm" variant="dangerGhost">
                    <Trash2 aria-hidden className="size-4" />
                    Delete scope
                  </Button>
                }
                title="Delete this scope?"
                description={`"${s.name}" is deleted with its ${s.tasks.length} task${s.tasks.length === 1 ? "" : "s"} and its score history. Validations stay with their exposures; findings and assets are not touched.`}
                confirmLabel="Delete scope"
                onConfirm={() => remove.mutate(undefined, { onSuccess: onDeleted })}
              />
            </div>
          ) : undefined
        }
      >
        {remove.isError && <Notice tone="error">Could not delete the scope: {errorMessage(remove.error)}</Notice>}
        <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-5">
          <div>
            <dt className="text-slate-600 dark:text-slate-400">Exposure score</dt>
            <dd>
              <Badge color={scoreTone(s.score)} className="tabular-nums text-base">
                <span data-testid="scope-score">{s.score}</span>
              </Badge>
            </dd>
          </div>
          <div>
            <dt className="text-slate-600 dark:text-slate-400">Owner</dt>
            <dd>{s.owner.name ?? "No owner"}</dd>
          </div>
          <div>
            <dt className="text-slate-600 dark:text-slate-400">Assets</dt>
            <dd className="tabular-nums">{s.assets}</dd>
          </div>
          <div>
            <dt className="text-slate-600 dark:text-slate-400">Exposures</dt>
            <dd className="tabular-nums">{s.exposures}</dd>
          </div>
          <div>
            <dt className="text-slate-600 dark:text-slate-400">Business impact</dt>
            <dd>{s.businessImpact}</dd>
          </div>
        </dl>
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">Assets: {ruleText(s.rule)}</p>
        <div className="mt-3">
          <ScoreTrend trend={s.trend} />
        </div>
      </Card>
      <Card
        title="Tasks"
        actions={
          canWrite ? (
            <Button size="sm" onClick={() => setCreatingTask(true)} disabled={!s.items.some((e) => e.findingId)}>
              Create task
            </Button>
          ) : undefined
        }
      >
        <TaskList tasks={s.tasks} scopeId={s.id} tenantId={s.tenantId} canWrite={canWrite} />
      </Card>
      <Card title="Exposures by score">
        {canWrite && (
          <div className="mb-4">
            <NucleiImport scopeId={s.id} />
          </div>
        )}
        <ExposureList scopeId={s.id} items={s.items} canWrite={canWrite} />
      </Card>
      {editing && <EditScopeDialog scope={s} onClose={() => setEditing(false)} />}
      {creatingTask && (
        <CreateTaskDialog scopeId={s.id} tenantId={s.tenantId} exposures={s.items} onClose={() => setCreatingTask(false)} />
      )}
    </div>
  );
}
