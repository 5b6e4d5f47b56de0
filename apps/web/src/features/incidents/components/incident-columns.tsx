import type { IncidentSummary } from "@watchfloor/shared";
import { createColumnHelper } from "@tanstack/react-table";
import { Link } from "react-router";
import { PriorityBadge, StatusBadge } from "@/components/ui/badges";
import { columnId, type ListTableFeatures } from "@/components/ui/data-table";
import { Time } from "@/components/ui/time";
import { incidentPath } from "@/config/paths";

const helper = createColumnHelper<ListTableFeatures, IncidentSummary>();

/** Every column of the incidents list; each id is the API sort key it sorts on. */
export const incidentColumns = helper.columns([
  helper.accessor("title", {
    id: "title",
    header: "Incident",
    cell: ({ row }) => (
      <div className="max-w-[22rem] min-w-[13rem]">
        <Link
          to={incidentPath(row.original.id)}
          className="font-medium text-slate-900 hover:text-sky-800 hover:underline dark:text-white dark:hover:text-sky-300"
        >
          {row.original.title}
        </Link>
        <p className="font-mono text-xs text-slate-600 dark:text-slate-400">{row.original.reference}</p>
      </div>
    ),
  }),
  helper.accessor("priority", {
    id: "priority",
    header: "Priority",
    cell: ({ row }) => <PriorityBadge priority={row.original.priority} />,
  }),
  helper.accessor("status", {
    id: "status",
    header: "Status",
    cell: ({ row }) => <StatusBadge status={row.original.status} />,
  }),
  helper.accessor("ownerName", {
    id: "owner",
    header: "Owner",
    cell: ({ row }) => row.original.ownerName ?? <span className="text-slate-500 dark:text-slate-400">—</span>,
  }),
  helper.accessor("alertCount", {
    id: "alertCount",
    header: "Alerts",
    cell: ({ row }) => <span className="tabular-nums">{row.original.alertCount}</span>,
  }),
  helper.accessor("tenantName", {
    id: "tenant",
    header: "Tenant",
  }),
  helper.accessor("createdAt", {
    id: "createdAt",
    header: "Created",
    cell: ({ row }) => <Time iso={row.original.createdAt} />,
  }),
  helper.accessor("updatedAt", {
    id: "updatedAt",
    header: "Updated",
    cell: ({ row }) => <Time iso={row.original.updatedAt} />,
  }),
]);

export const incidentColumnIds = incidentColumns.map(columnId);
