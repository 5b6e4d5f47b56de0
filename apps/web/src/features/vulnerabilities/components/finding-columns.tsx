import type { FindingSummary } from "@watchfloor/shared";
import { createColumnHelper } from "@tanstack/react-table";
import { Link } from "react-router";
import { priorityCell, RowTitle } from "@/components/triage/list-cells";
import { columnId, type ListTableFeatures } from "@/components/ui/data-table";
import { Time } from "@/components/ui/time";
import { findingAssetPath, findingPath } from "@/config/paths";
import { formatEpss } from "../lib/list-params";
import { DueDate, FindingStatusBadge, KevBadge, none } from "./finding-badges";

const helper = createColumnHelper<ListTableFeatures, FindingSummary>();
const text = (v: string | null) => v ?? none;
const linkClass = "font-medium text-slate-900 hover:text-sky-800 hover:underline dark:text-white dark:hover:text-sky-300";

/**
 * The spec's vulnerable-asset fields as columns. A column's id is its API sort key, so a header
 * click sorts on the server; the tenant column is not sortable.
 */
export const findingColumns = helper.columns([
  helper.accessor("title", {
    id: "title",
    header: "Finding",
    enableHiding: false,
    cell: ({ row }) => (
      <RowTitle
        to={findingPath(row.original.id)}
        title={row.original.title}
        sub={row.original.cveIds.length ? row.original.cveIds.join(", ") : (row.original.cweId ?? "No CVE")}
        className="max-w-[16rem] min-w-[10rem]"
        subClassName="truncate"
      />
    ),
  }),
  helper.accessor("assetKey", {
    id: "assetKey",
    header: "Asset id",
    cell: ({ row }) => (
      <div>
        <Link to={findingAssetPath(row.original.assetId)} className={`${linkClass} font-mono text-xs`}>
          {row.original.assetKey}
        </Link>
        <p className="max-w-[12rem] truncate text-xs text-slate-600 dark:text-slate-400">{row.original.assetName}</p>
      </div>
    ),
  }),
  helper.accessor("assetName", { id: "assetName", header: "Asset name" }),
  helper.accessor("assetType", { id: "assetType", header: "Type", cell: ({ row }) => text(row.original.assetType) }),
  helper.accessor("priority", { id: "priority", header: "Priority", cell: priorityCell }),
  helper.accessor("score", {
    id: "score",
    header: "Score",
    cell: ({ row }) =>
      row.original.score === null ? none : <span className="tabular-nums">{row.original.score.toFixed(1)}</span>,
  }),
  helper.accessor("status", {
    id: "status",
    header: "Status",
    cell: ({ row }) => <FindingStatusBadge status={row.original.status} />,
  }),
  helper.accessor("kev", { id: "kev", header: "KEV", cell: ({ row }) => (row.original.kev ? <KevBadge /> : none) }),
  helper.accessor("epss", {
    id: "epss",
    header: "EPSS",
    cell: ({ row }) =>
      row.original.epss === null ? none : <span className="tabular-nums">{formatEpss(row.original.epss)}</span>,
  }),
  helper.accessor("dueAt", {
    id: "dueAt",
    header: "Due",
    cell: ({ row }) => (
      <DueDate dueAt={row.original.dueAt} overdue={row.original.overdue} closed={row.original.status === "Closed"} />
    ),
  }),
  helper.accessor("lastSeenAt", {
    id: "lastSeen",
    header: "Last seen",
    // Relative ("2 h ago") with the exact time on hover: keeps the default columns within 1400 px.
    cell: ({ row }) => <Time iso={row.original.lastSeenAt} mode="relative" />,
  }),
  helper.accessor("assignee", { id: "assignee", header: "Assignee", cell: ({ row }) => text(row.original.assignee) }),
  helper.accessor("services", {
    id: "services",
    header: "Scanners",
    cell: ({ row }) => (row.original.services.length ? row.original.services.join(", ") : none),
  }),
  helper.accessor("remediation", {
    id: "remediation",
    header: "Remediation",
    cell: ({ row }) =>
      row.original.remediation ? (
        <p className="line-clamp-2 max-w-[20rem] min-w-[12rem] whitespace-normal" title={row.original.remediation}>
          {row.original.remediation}
        </p>
      ) : (
        none
      ),
  }),
  helper.accessor("cweId", {
    id: "cwe",
    header: "CWE",
    cell: ({ row }) =>
      row.original.cweId ? (
        <span title={row.original.cweName ?? undefined}>
          <span className="font-mono text-xs">{row.original.cweId}</span>
          {row.original.cweName && (
            <span className="block max-w-[14rem] truncate text-xs text-slate-600 dark:text-slate-400">
              {row.original.cweName}
            </span>
          )}
        </span>
      ) : (
        none
      ),
  }),
  helper.accessor("cveIds", {
    id: "cve",
    header: "CVEs",
    cell: ({ row }) => (
      <span className="font-mono text-xs">{row.original.cveIds.length ? row.original.cveIds.join(", ") : none}</span>
    ),
  }),
  helper.accessor("department", { id: "department", header: "Department", cell: ({ row }) => text(row.original.department) }),
  helper.accessor("businessImpact", {
    id: "businessImpact",
    header: "Business impact",
    cell: ({ row }) => text(row.original.businessImpact),
  }),
  helper.accessor("environment", { id: "environment", header: "Environment", cell: ({ row }) => text(row.original.environment) }),
  helper.accessor("createdAt", { id: "createdAt", header: "Created", cell: ({ row }) => <Time iso={row.original.createdAt} /> }),
  helper.accessor("tenantName", { id: "tenantName", header: "Tenant", enableSorting: false }),
]);

export const defaultFindingColumns = ["title", "assetKey", "priority", "score", "status", "kev", "epss", "dueAt", "lastSeen"];
export const findingColumnChoices = findingColumns.map((c) => ({ id: columnId(c), label: String(c.header) }));
