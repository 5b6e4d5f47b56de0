import { Flame, Siren } from "lucide-react";
import { Link } from "react-router";
import { incidentPath, techniqueAlertsPath } from "@/config/paths";
import { cn } from "@/lib/cn";
import { formatDateTime } from "@/lib/format";
import { useCurrentUser } from "@/lib/session";
import type { MatrixItem } from "../api/get-attack-matrix";
import type { LayerTechnique } from "../api/navigator-layers";
import { LayerScore } from "./layer-score";

const count = new Intl.NumberFormat("en");

/** Recent detections stand out: D-0/D-1 red, within a week amber, older grey. */
function ageTone(label: string): string {
  const days = Number(label.replace(/^D-/, ""));
  if (days <= 1) return "bg-red-100 text-red-900 dark:bg-red-950/60 dark:text-red-100";
  if (days <= 7) return "bg-amber-100 text-amber-900 dark:bg-amber-950/60 dark:text-amber-100";
  return "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100";
}

/** One technique in a tactic column: id + name, D-n and date, alerts; incidents when highlighted. */
export function TechniqueCard({
  item,
  range,
  layer,
}: {
  item: MatrixItem;
  range: { fromDay: string; toDay: string };
  layer?: LayerTechnique;
}) {
  const prefs = useCurrentUser().preferences;
  return (
    <li
      data-testid="technique-card"
      data-technique={item.techniqueId}
      data-alerts={item.alerts}
      data-highlight={item.highlight || undefined}
      className={cn(
        "rounded-md border bg-white p-2.5 text-sm shadow-sm dark:bg-slate-900",
        item.highlight ? "border-red-500 border-l-4 dark:border-red-500" : "border-slate-200 dark:border-slate-700",
        layer && "outline-2 outline-offset-1 outline-violet-500 outline-dashed",
      )}
    >
      <div className="flex items-start justify-between gap-2">
        <Link
          to={techniqueAlertsPath(item.techniqueId, range.fromDay, range.toDay)}
          className="min-w-0 rounded-sm text-slate-900 hover:underline dark:text-slate-100"
        >
          <span className="font-mono text-xs font-semibold">{item.techniqueId}</span>
          {item.name && <span className="block leading-snug break-words">{item.name}</span>}
          <span className="sr-only">: open its alerts</span>
        </Link>
        {item.highlight && (
          <span
            className="inline-flex shrink-0 items-center gap-1 text-xs font-medium text-red-700 dark:text-red-400"
            title="An incident holds one of its alerts"
          >
            <Flame aria-hidden className="size-4" />
            <span className="sr-only">In an incident</span>
          </span>
        )}
      </div>
      <div className="mt-1.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600 dark:text-slate-400">
        <span className={cn("rounded px-1.5 py-0.5 font-semibold", ageTone(item.label))} title="Days since the latest detection">
          {item.label}
        </span>
        <time dateTime={item.date}>{formatDateTime(item.date, prefs)}</time>
      </div>
      <div className="mt-1.5 flex flex-wrap items-center gap-2 text-xs">
        <span className="font-medium text-slate-800 dark:text-slate-200" data-testid="alert-count">
          {count.format(item.alerts)} {item.alerts === 1 ? "alert" : "alerts"}
        </span>
        {layer && <LayerScore entry={layer} />}
      </div>
      {item.incidents.length > 0 && (
        <ul aria-label={`Incidents holding ${item.techniqueId} alerts`} className="mt-2 flex flex-wrap gap-1">
          {item.incidents.map((incident) => (
            <li key={incident.id}>
              <Link
                to={incidentPath(incident.id)}
                data-testid="technique-incident"
                className="inline-flex items-center gap-1 rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-red-900 ring-1 ring-red-200 ring-inset hover:underline dark:bg-red-950/50 dark:text-red-100 dark:ring-red-900"
              >
                <Siren aria-hidden className="size-3" />
                {incident.reference}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
