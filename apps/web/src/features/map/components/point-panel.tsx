import type { MapIncident, MapPoint } from "@watchfloor/shared";
import { X } from "lucide-react";
import { Link } from "react-router";
import { PriorityBadge, StatusBadge } from "@/components/ui/badges";
import { incidentPath } from "@/config/paths";
import { categoryStyle } from "../lib/categories";

const dateFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });

function IncidentRow({ incident, showTenant }: { incident: MapIncident; showTenant: boolean }) {
  return (
    <li className="py-3" data-testid="map-incident">
      <div className="flex flex-wrap items-baseline gap-x-2">
        <Link
          to={incidentPath(incident.id)}
          className="font-mono text-xs font-semibold text-sky-700 underline-offset-2 hover:underline dark:text-sky-400"
        >
          {incident.reference}
        </Link>
        <time dateTime={incident.createdAt} className="text-xs text-slate-600 dark:text-slate-400">
          {dateFormat.format(new Date(incident.createdAt))}
        </time>
      </div>
      <p className="mt-0.5 text-sm font-medium text-slate-900 dark:text-slate-100">{incident.title}</p>
      <div className="mt-1.5 flex flex-wrap items-center gap-1.5 text-xs text-slate-600 dark:text-slate-400">
        <PriorityBadge priority={incident.priority} />
        <StatusBadge status={incident.status} />
        <span className="truncate">
          via <span className="font-mono">{incident.via}</span>
          {showTenant && ` · ${incident.tenantName}`}
        </span>
      </div>
    </li>
  );
}

/** The incidents at the opened marker, location by location, each linking to its incident page. */
export function PointPanel({ points, multiTenant, onClose }: { points: MapPoint[]; multiTenant: boolean; onClose: () => void }) {
  const total = points.reduce((sum, p) => sum + p.count, 0);
  const heading = points.length === 1 ? (points[0]?.name ?? "") : `${points.length} locations`;
  return (
    <section aria-labelledby="map-panel-title" data-testid="map-panel" className="flex min-h-0 flex-col">
      <div className="flex items-start justify-between gap-3 border-b border-slate-200 pb-3 dark:border-slate-800">
        <div className="min-w-0">
          <h2 id="map-panel-title" className="truncate text-base font-semibold text-slate-900 dark:text-white">
            {heading}
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {total.toLocaleString("en")} incident{total === 1 ? "" : "s"}
          </p>
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close the incident list"
          className="inline-flex size-8 shrink-0 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
        >
          <X aria-hidden className="size-4" />
        </button>
      </div>
      <div className="-mr-2 min-h-0 flex-1 overflow-y-auto pr-2">
        {points.map((point) => (
          <div key={point.id} className="border-b border-slate-100 last:border-0 dark:border-slate-800">
            <h3 className="flex items-center gap-2 pt-3 text-sm font-semibold text-slate-800 dark:text-slate-200">
              <span
                aria-hidden
                className="size-2.5 shrink-0 rounded-full"
                style={{ background: categoryStyle[point.category].fill }}
              />
              <span className="truncate">{point.name}</span>
              <span className="shrink-0 font-normal text-slate-600 dark:text-slate-400">
                {point.category} · {point.count}
              </span>
            </h3>
            <ul className="divide-y divide-slate-100 dark:divide-slate-800">
              {point.incidents.map((incident) => (
                <IncidentRow key={incident.id} incident={incident} showTenant={multiTenant} />
              ))}
            </ul>
            {point.count > point.incidents.length && (
              <p className="pb-3 text-xs text-slate-600 dark:text-slate-400">
                Showing the newest {point.incidents.length} of {point.count.toLocaleString("en")}.
              </p>
            )}
          </div>
        ))}
      </div>
    </section>
  );
}
