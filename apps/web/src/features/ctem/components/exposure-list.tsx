import type { CtemExposure } from "@watchfloor/shared";
import { useState } from "react";
import { Badge, PriorityBadge } from "@/components/ui/badges";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/states";
import { ValidateDialog, validationLabels } from "./validate-dialog";

export const scoreTone = (score: number) => (score >= 70 ? "red" : score >= 40 ? "orange" : score >= 20 ? "amber" : "slate");
const signed = (n: number) => (n > 0 ? `+${n}` : `${n}`);

function Reasons({ exposure }: { exposure: CtemExposure }) {
  return (
    <details className="mt-1 text-sm">
      <summary className="cursor-pointer text-sky-800 dark:text-sky-300">Why {exposure.score}</summary>
      <ul className="mt-1 space-y-0.5" data-testid="exposure-reasons">
        {exposure.factors.map((f) => (
          <li key={f.factor} className="flex flex-wrap gap-x-2">
            <span className="font-medium">{f.factor}</span>
            <span className="text-slate-700 dark:text-slate-300">{f.reason}</span>
            <span className="tabular-nums text-slate-600 dark:text-slate-400">
              {f.multiplier !== 1 && `×${f.multiplier} `}({signed(f.points)})
            </span>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The scope's exposures ranked by score, each with its reasons and, for writers, validation. */
export function ExposureList({ scopeId, items, canWrite }: { scopeId: string; items: CtemExposure[]; canWrite: boolean }) {
  const [validating, setValidating] = useState<CtemExposure | null>(null);
  if (items.length === 0)
    return <EmptyState title="Nothing exposed">No open findings or open ports on this scope's assets.</EmptyState>;
  return (
    <>
      <ol className="divide-y divide-slate-200 dark:divide-slate-800" data-testid="exposure-list">
        {items.map((e) => (
          <li key={e.key} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start" data-testid="exposure">
            <Badge color={scoreTone(e.score)} className="w-14 justify-center tabular-nums">
              <span data-testid="exposure-score">{e.score}</span>
            </Badge>
            <div className="min-w-0 flex-1">
              <p className="font-medium break-words">{e.title}</p>
              <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
                <span>
                  {e.asset.name} ({e.asset.key})
                </span>
                {e.severity ? <PriorityBadge priority={e.severity} /> : <Badge color="sky">Open port</Badge>}
                {e.kind === "cloud" && <Badge color="violet">Cloud check</Badge>}
                {e.cves.slice(0, 3).map((c) => (
                  <span key={c} className="font-mono text-xs">
                    {c}
                  </span>
                ))}
                {e.validation && (
                  <Badge color={e.validation.state === "validated" ? "red" : "emerald"}>
                    <span data-testid="exposure-validation">{validationLabels[e.validation.state]}</span>
                  </Badge>
                )}
              </p>
              {e.validation && (
                <p className="text-xs text-slate-600 dark:text-slate-400">
                  {e.validation.source === "nuclei" ? "Nuclei" : (e.validation.by ?? "Someone")}, {e.validation.at.slice(0, 10)}:{" "}
                  {e.validation.evidence.split("\n")[0]}
                </p>
              )}
              <Reasons exposure={e} />
            </div>
            {canWrite && (
              <Button variant="secondary" size="sm" onClick={() => setValidating(e)} aria-label={`Validate ${e.title}`}>
                Validate
              </Button>
            )}
          </li>
        ))}
      </ol>
      {validating && <ValidateDialog scopeId={scopeId} exposure={validating} onClose={() => setValidating(null)} />}
    </>
  );
}
