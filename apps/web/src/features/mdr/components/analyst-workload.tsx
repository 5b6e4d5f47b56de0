import type { MdrWorkloadRow } from "@watchfloor/shared";
import { useState } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Badge } from "@/components/ui/badges";
import { Card } from "@/components/ui/page";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { Time } from "@/components/ui/time";
import { cell, rowClass, TableFrame } from "@/components/ui/table-frame";
import { alertPath, paths } from "@/config/paths";
import { useCan } from "@/lib/permissions";
import { useMdrWorkload } from "../api/get-mdr";
import { muted } from "./mdr-parts";
import { ReassignDialog } from "./reassign-dialog";

const linkClass = "font-medium text-sky-800 hover:underline dark:text-sky-300";

/** Open work per analyst; a row's alerts can be reassigned here (oldest first) or opened in the alert queue. */
export function AnalystWorkload() {
  const workload = useMdrWorkload();
  const [moving, setMoving] = useState<MdrWorkloadRow | null>(null);
  return (
    <Card title="Analyst workload">
      {workload.isPending ? (
        <LoadingState label="Loading the workload" />
      ) : workload.isError ? (
        <ErrorState error={workload.error} onRetry={() => workload.refetch()} />
      ) : workload.data.items.length === 0 ? (
        <EmptyState title="No open work" />
      ) : (
        <TableFrame
          label="Analyst workload"
          caption="Open alerts per analyst and client, breaches, the oldest open item; reassign them here or open them in the alert queue."
          headers={["Analyst", "Client", "Open", "Breached", "Oldest item", "Reassign"]}
          testId="mdr-workload"
          minWidth="min-w-[48rem]"
        >
          {workload.data.items.map((w) => {
            const queue = new URLSearchParams({ view: "open", tenant: w.tenantId, assignee: w.assignee ?? "unassigned" });
            const who = w.assignee ?? "Unassigned";
            return (
              <tr key={`${w.tenantId} ${w.assignee}`} className={rowClass} data-testid="mdr-workload-row">
                <th scope="row" className={`${cell} pl-5 text-left font-medium text-slate-900 dark:text-white`}>
                  {who}
                </th>
                <td className={cell}>{w.tenantName}</td>
                <td className={`${cell} tabular-nums`}>{w.open}</td>
                <td className={`${cell} tabular-nums`}>{w.breached > 0 ? <Badge color="red">{w.breached}</Badge> : 0}</td>
                <td className={`${cell} min-w-48`}>
                  <Link to={alertPath(w.oldestAlertId)} className={`${linkClass} wrap-anywhere`}>
                    {w.oldestName}
                  </Link>
                  <div className={muted}>
                    <Time iso={w.oldestDetectedAt} mode="relative" />
                  </div>
                </td>
                <td className={`${cell} pr-5`}>
                  <div className="flex flex-wrap items-center gap-3">
                    <ReassignButton row={w} onClick={() => setMoving(w)} />
                    <Link to={`${paths.incidents.open}?${queue}`} className={linkClass}>
                      Open queue
                      <span className="sr-only">
                        {" "}
                        of {who} in {w.tenantName}
                      </span>
                    </Link>
                  </div>
                </td>
              </tr>
            );
          })}
        </TableFrame>
      )}
      {moving && <ReassignDialog row={moving} onClose={() => setMoving(null)} />}
    </Card>
  );
}

function ReassignButton({ row, onClick }: { row: MdrWorkloadRow; onClick: () => void }) {
  const canMove = useCan("data.write", row.tenantId);
  if (!canMove) return null;
  return (
    <Button size="sm" variant="secondary" onClick={onClick}>
      Reassign
      <span className="sr-only">
        {" "}
        {row.assignee ?? "unassigned"} alerts in {row.tenantName}
      </span>
    </Button>
  );
}
