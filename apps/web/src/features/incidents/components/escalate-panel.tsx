import { Siren } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/states";
import { errorMessage } from "@/lib/api-client";
import { useEscalate } from "../api/incident-actions";
import { useOpenIncidents } from "../api/get-incidents";

/** Escalates one alert: into a new incident named after it, or into an open incident of its tenant. */
export function EscalatePanel({
  alertId,
  tenantId,
  onEscalated,
}: {
  alertId: string;
  tenantId: string;
  onEscalated?: (incidentId: string) => void;
}) {
  const escalate = useEscalate();
  const incidents = useOpenIncidents();
  const [target, setTarget] = useState("");
  const candidates = (incidents.data ?? []).filter((i) => i.tenantId === tenantId);

  async function run(incidentId?: string) {
    try {
      const detail = await escalate.mutateAsync({ alertIds: [alertId], incidentId });
      onEscalated?.(detail.incident.id);
    } catch {
      // shown below
    }
  }

  return (
    <div className="space-y-3">
      <Button size="sm" onClick={() => run()} loading={escalate.isPending && !target}>
        <Siren aria-hidden className="size-4" /> Escalate to new incident
      </Button>
      <div className="space-y-1.5">
        <label htmlFor="escalate-target" className="block text-sm font-medium text-slate-800 dark:text-slate-200">
          Or add to an open incident
        </label>
        <div className="flex gap-2">
          <select
            id="escalate-target"
            value={target}
            onChange={(e) => setTarget(e.target.value)}
            className="h-8 min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-2 text-sm dark:border-slate-600 dark:bg-slate-900"
          >
            <option value="">
              {incidents.isPending ? "Loading…" : candidates.length ? "Choose an incident" : "No open incidents"}
            </option>
            {candidates.map((i) => (
              <option key={i.id} value={i.id}>
                {i.reference} · {i.title}
              </option>
            ))}
          </select>
          <Button
            size="sm"
            variant="secondary"
            disabled={!target}
            loading={escalate.isPending && Boolean(target)}
            onClick={() => run(target)}
          >
            Add
          </Button>
        </div>
      </div>
      {escalate.isError && <Notice tone="error">{errorMessage(escalate.error)}</Notice>}
    </div>
  );
}
