import type { AlertSummary } from "@watchfloor/shared";
import { createColumnHelper } from "@tanstack/react-table";
import { noValue, orDash, priorityCell, RowTitle, statusCell, timeCell } from "@/components/triage/list-cells";
import { SlaBadge } from "@/components/ui/badges";
import { columnId, type ListTableFeatures } from "@/components/ui/data-table";
import { alertPath } from "@/config/paths";

const helper = createColumnHelper<ListTableFeatures, AlertSummary>();

const list = (v: string[]) => (v.length ? v.join(", ") : noValue);

/** Every column the list can show; each column's id is its API sort key. */
export const alertColumns = helper.columns([
  helper.accessor("name", {
    id: "name",
    header: "Alert",
    enableHiding: false,
    cell: ({ row }) => (
      <RowTitle
        to={alertPath(row.original.id)}
        title={row.original.name}
        sub={row.original.hostname ?? row.original.srcIp ?? row.original.sourceId}
        className="max-w-[20rem] min-w-[13rem]"
        subClassName="truncate"
      />
    ),
  }),
  helper.accessor("priority", { id: "priority", header: "Priority", cell: priorityCell }),
  helper.accessor("status", { id: "status", header: "Status", cell: statusCell }),
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
    cell: ({ row }) => orDash(row.original.assignee),
  }),
  helper.accessor("tenantName", {
    id: "tenantName",
    header: "Tenant",
  }),
  helper.accessor("detectedAt", { id: "detectedAt", header: "Detected", cell: timeCell("detectedAt") }),
  helper.accessor("updatedAt", { id: "updatedAt", header: "Updated", cell: timeCell("updatedAt") }),
  helper.accessor("source", {
    id: "source",
    header: "Source",
  }),
  helper.accessor("detectionSource", {
    id: "detectionSource",
    header: "Detection source",
    cell: ({ row }) => orDash(row.original.detectionSource),
  }),
  helper.accessor("sourceTool", {
    id: "sourceTool",
    header: "Source tool",
    cell: ({ row }) => orDash(row.original.sourceTool),
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
    cell: ({ row }) => orDash(row.original.hostname),
  }),
  helper.accessor("username", {
    id: "username",
    header: "User",
    cell: ({ row }) => orDash(row.original.username),
  }),
  helper.accessor("srcIp", {
    id: "srcIp",
    header: "Source IP",
    cell: ({ row }) => orDash(row.original.srcIp),
  }),
  helper.accessor("clientEnvironment", {
    id: "clientEnvironment",
    header: "Environment",
    cell: ({ row }) => orDash(row.original.clientEnvironment),
  }),
]);

export const defaultColumns = ["name", "priority", "status", "ackSla", "respondSla", "assignee", "tenantName", "detectedAt"];
export const alertColumnChoices = alertColumns.map((c) => ({ id: columnId(c), label: String(c.header) }));
