import type { IncidentSummary } from "@watchfloor/shared";
import { createColumnHelper } from "@tanstack/react-table";
import { orDash, priorityCell, RowTitle, statusCell, timeCell } from "@/components/triage/list-cells";
import { columnId, type ListTableFeatures } from "@/components/ui/data-table";
import { incidentPath } from "@/config/paths";

const helper = createColumnHelper<ListTableFeatures, IncidentSummary>();

/** Every column of the incidents list; each id is the API sort key it sorts on. */
export const incidentColumns = helper.columns([
  helper.accessor("title", {
    id: "title",
    header: "Incident",
    cell: ({ row }) => (
      <RowTitle
        to={incidentPath(row.original.id)}
        title={row.original.title}
        sub={row.original.reference}
        className="max-w-[22rem] min-w-[13rem]"
        subClassName="font-mono"
      />
    ),
  }),
  helper.accessor("priority", { id: "priority", header: "Priority", cell: priorityCell }),
  helper.accessor("status", { id: "status", header: "Status", cell: statusCell }),
  helper.accessor("ownerName", {
    id: "owner",
    header: "Owner",
    cell: ({ row }) => orDash(row.original.ownerName),
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
  helper.accessor("createdAt", { id: "createdAt", header: "Created", cell: timeCell("createdAt") }),
  helper.accessor("updatedAt", { id: "updatedAt", header: "Updated", cell: timeCell("updatedAt") }),
]);

export const incidentColumnIds = incidentColumns.map(columnId);
export const incidentColumnChoices = incidentColumns.map((c) => ({ id: columnId(c), label: String(c.header) }));
/** Shown until the person chooses: every column but the update time. */
export const defaultIncidentColumns = incidentColumnIds.filter((id) => id !== "updatedAt");
