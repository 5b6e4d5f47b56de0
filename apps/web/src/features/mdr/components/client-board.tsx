import { Download } from "lucide-react";
import { Badge } from "@/components/ui/badges";
import { buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/page";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { Time } from "@/components/ui/time";
import { cell, rowClass, TableFrame } from "@/components/ui/table-frame";
import { env } from "@/config/env";
import { useSelectedTenantId } from "@/lib/tenant-scope";
import { useMdrBoard } from "../api/get-mdr";
import { muted, sourceName, Trend } from "./mdr-parts";

/** One row per client: open work, SLA, incidents, each source's last alert, MTTA/MTTR this week against last. */
export function ClientBoard() {
  const board = useMdrBoard();
  const selected = useSelectedTenantId();
  const csv = `${env.apiBase}/mdr/board/export.csv${selected ? `?tenantId=${encodeURIComponent(selected)}` : ""}`;
  return (
    <Card
      title="Client board"
      actions={
        <a href={csv} className={buttonClass("secondary", "sm")} download>
          <Download aria-hidden className="size-4" /> Export CSV
        </a>
      }
    >
      {board.isPending ? (
        <LoadingState label="Loading the client board" />
      ) : board.isError ? (
        <ErrorState error={board.error} onRetry={() => board.refetch()} />
      ) : board.data.rows.length === 0 ? (
        <EmptyState title="No clients with MDR in scope" />
      ) : (
        <TableFrame
          label="Client board"
          caption="Clients with open work, SLA state, open incidents, the last alert of each data source and MTTA/MTTR of the last 7 days against the 7 before."
          headers={["Client", "Open", "Unassigned", "SLA breached", "At risk", "Incidents", "Data sources", "MTTA", "MTTR"]}
          testId="mdr-board"
          minWidth="min-w-[72rem]"
        >
          {board.data.rows.map((r) => (
            <tr key={r.tenantId} className={rowClass} data-testid="mdr-board-row">
              <th scope="row" className={`${cell} pl-5 text-left font-medium text-slate-900 dark:text-white`}>
                {r.tenantName}
                {r.silentSources > 0 && (
                  <div className="mt-1">
                    <Badge color="red" dot="bg-red-600">
                      {r.silentSources} silent {r.silentSources === 1 ? "source" : "sources"}
                    </Badge>
                  </div>
                )}
              </th>
              <td className={`${cell} tabular-nums`}>{r.open}</td>
              <td className={`${cell} tabular-nums`}>{r.unassigned}</td>
              <td className={`${cell} tabular-nums`}>{r.breached > 0 ? <Badge color="red">{r.breached}</Badge> : 0}</td>
              <td className={`${cell} tabular-nums`}>{r.atRisk > 0 ? <Badge color="amber">{r.atRisk}</Badge> : 0}</td>
              <td className={`${cell} tabular-nums`}>{r.incidentsOpen}</td>
              <td className={`${cell} min-w-56`}>
                {r.sources.length === 0 ? (
                  <span className={muted}>No alerts received yet</span>
                ) : (
                  <ul className="space-y-1">
                    {r.sources.map((s) => (
                      <li key={`${s.tool} ${s.sensor}`} className="flex items-baseline gap-2 whitespace-nowrap">
                        <Badge color={s.silent ? "red" : "emerald"}>{s.silent ? "Silent" : "OK"}</Badge>
                        <span>{sourceName(s)}</span>
                        <span className={muted}>
                          <Time iso={s.lastEventAt} mode="relative" />
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
              </td>
              <td className={cell}>
                <Trend {...r.mttaMinutes} />
              </td>
              <td className={`${cell} pr-5`}>
                <Trend {...r.mttrMinutes} />
              </td>
            </tr>
          ))}
        </TableFrame>
      )}
    </Card>
  );
}
