import type { AlertSummary } from "@watchfloor/shared";
import { createColumnHelper } from "@tanstack/react-table";
import { Link } from "react-router";
import { PriorityBadge, SlaBadge, StatusBadge } from "@/components/ui/badges";
import { columnId, type ListTableFeatures } from "@/components/ui/data-table";
import { Time } from "@/components/ui/time";
import { alertPath } from "@/config/paths";

const helper = createColumnHelper<ListTableFeatures, AlertSummary>();

const muted = (v: string | null) => v ?? <span className="text-slate-500 dark:text-slate-400">—</span>;
const list = (v: string[]) => (v.length ? v.join(", ") : <span className="text-slate-500 dark:text-slate-400">—</span>);

/** Every column the list can show; each column's id is its API sort key. */
export const alertColumns = helper.columns([
  helper.accessor("name", {
    id: "name",
    header: "Alert",
    enableHiding: false,
    cell: ({ row }) => (
      <div className="max-w-[20rem] min-w-[13rem]">
        <Link
          to={alertPath(row.original.id)}
          className="font-medium text-slate-900 hover:text-sky-800 hover:underline dark:text-white dark:hover:text-sky-300"
        >
          {row.original.name}
        </Link>
        <p className="truncate text-xs text-slate-600 dark:text-slate-400">
          {row.original.hostname ?? row.original.srcIp ?? row.original.sourceId}
        </p>
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
  helper.accessor("ackSla", {
    id: "ackSla",
    header: "Ack SLA",
    cell: ({ row }) => <SlaBadge state={row.original.ackSla} label="Acknowledge SLA" />,
  }),
  helper.accessor("respondSla", {
    id: "respondSla",
    header: "Respond SLA",
    cell: ({ row }) => <SlaBadge state={row.original.respondSla} label="Respond SLA" />,
  }),
  helper.accessor("assignee", {
    id: "assignee",
    header: "Assignee",
    cell: ({ row }) => muted(row.original.assignee),
  }),
  helper.accessor("tenantName", {
    id: "tenantName",
    header: "Tenant",
  }),
  helper.accessor("detectedAt", {
    id: "detectedAt",
    header: "Detected",
    cell: ({ row }) => <Time iso={row.original.detectedAt} />,
  }),
  helper.accessor("updatedAt", {
    id: "updatedAt",
    header: "Updated",
    cell: ({ row }) => <Time iso={row.original.updatedAt} />,
  }),
  helper.accessor("source", {
    id: "source",
    header: "Source",
  }),
  helper.accessor("detectionSource", {
    id: "detectionSource",
    header: "Detection source",
    cell: ({ row }) => muted(row.original.detectionSource),
  }),
  helper.accessor("sourceTool", {
    id: "sourceTool",
    header: "Source tool",
    cell: ({ row }) => muted(row.original.sourceTool),
  }),
  helper.accessor("tactics", {
    id: "tactics",
    header: "Tactics",
    cell: ({ row }) => list(row.original.tactics),
  }),
  helper.accessor("mitreTechniques", {
    id: "mitreTechniques",
    header: "Techniques",
    cell: ({ row }) => <span className="font-mono text-xs">{list(row.original.mitreTechniques)}</span>,
  }),
  helper.accessor("hostname", {
    id: "hostname",
    header: "Host",
    cell: ({ row }) => muted(row.original.hostname),
  }),
  helper.accessor("username", {
    id: "username",
    header: "User",
    cell: ({ row }) => muted(row.original.username),
  }),
  helper.accessor("srcIp", {
    id: "srcIp",
    header: "Source IP",
    cell: ({ row }) => muted(row.original.srcIp),
  }),
  helper.accessor("clientEnvironment", {
    id: "clientEnvironment",
    header: "Environment",
    cell: ({ row }) => muted(row.original.clientEnvironment),
  }),
]);

export const defaultColumns = ["name", "priority", "status", "ackSla", "respondSla", "assignee", "tenantName", "detectedAt"];
export const alertColumnChoices = alertColumns.map((c) => ({ id: columnId(c), label: String(c.header) }));
