import { Link } from "react-router";
import { PriorityBadge, StatusBadge } from "@/components/ui/badges";
import { Time } from "@/components/ui/time";
import { alertPath } from "@/config/paths";
import type { RelatedAlert } from "../api/get-alert";

export function RelatedAlerts({ related }: { related: RelatedAlert[] }) {
  if (related.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">No related alerts.</p>;
  return (
    <ul className="divide-y divide-slate-100 dark:divide-slate-800" data-testid="related-alerts">
      {related.map((r) => (
        <li key={r.id} className="py-2.5 first:pt-0 last:pb-0">
          <Link to={alertPath(r.id)} className="text-sm font-medium text-sky-800 hover:underline dark:text-sky-300">
            {r.name}
          </Link>
          <div className="mt-1 flex flex-wrap items-center gap-1.5 text-xs text-slate-600 dark:text-slate-400">
            <PriorityBadge priority={r.priority} />
            <StatusBadge status={r.status} />
            <span>{r.reason}</span>
            <span aria-hidden>·</span>
            <Time iso={r.detectedAt} mode="relative" />
          </div>
        </li>
      ))}
    </ul>
  );
}
