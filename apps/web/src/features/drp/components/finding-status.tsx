import { type DrpFinding, type DrpFindingStatus, drpNextStatuses, drpStatusLabels } from "@watchfloor/shared";
import { useId, useState } from "react";
import { Badge } from "@/components/ui/badges";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { describeAllowed } from "@/components/ui/workflow-actions";
import { errorMessage } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { useMoveFinding } from "../api/findings";

const statusTone: Record<DrpFindingStatus, "sky" | "amber" | "violet" | "emerald" | "slate"> = {
  new: "sky",
  investigating: "amber",
  "takedown-requested": "violet",
  "taken-down": "emerald",
  benign: "slate",
};

export function DrpStatusBadge({ status }: { status: DrpFindingStatus }) {
  return <Badge color={statusTone[status]}>{drpStatusLabels[status]}</Badge>;
}

/**
 * The finding's status and, for those who may change it, the moves the workflow allows: a
 * select and a Move button (choosing in the list never moves anything by itself, so arrowing
 * through the options with the keyboard is safe).
 */
export function FindingStatus({ finding, canChange }: { finding: DrpFinding; canChange: boolean }) {
  const moves = drpNextStatuses[finding.status];
  const [next, setNext] = useState<DrpFindingStatus | "">("");
  const move = useMoveFinding();
  const id = useId();
  if (!canChange || moves.length === 0) return <DrpStatusBadge status={finding.status} />;
  return (
    <div className="space-y-1.5">
      <DrpStatusBadge status={finding.status} />
      <form
        className="flex items-center gap-1.5"
        onSubmit={(e) => {
          e.preventDefault();
          if (next) move.mutate({ id: finding.id, body: { status: next } }, { onSuccess: () => setNext("") });
        }}
      >
        <label htmlFor={id} className="sr-only">
          Move {finding.display} to
        </label>
        <select
          id={id}
          value={next}
          onChange={(e) => setNext(e.target.value as DrpFindingStatus | "")}
          className={cn(inputClass, "h-8 w-auto min-w-36 py-0 pr-8 text-sm")}
          data-testid="status-select"
        >
          <option value="">Move to…</option>
          {moves.map((s) => (
            <option key={s} value={s}>
              {drpStatusLabels[s]}
            </option>
          ))}
        </select>
        <Button type="submit" size="sm" variant="secondary" disabled={!next} loading={move.isPending}>
          Move<span className="sr-only"> {finding.display}</span>
        </Button>
      </form>
      {move.isError && (
        <p role="alert" className="text-xs text-red-800 dark:text-red-300">
          {errorMessage(move.error)}
          {describeAllowed(move.error)}
        </p>
      )}
    </div>
  );
}
