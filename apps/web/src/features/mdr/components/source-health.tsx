import type { MdrSourceHealth } from "@watchfloor/shared";
import { Download } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badges";
import { Button, buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/page";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { Time } from "@/components/ui/time";
import { cell, rowClass, TableFrame } from "@/components/ui/table-frame";
import { env } from "@/config/env";
import { useCan } from "@/lib/permissions";
import { useSelectedTenantId } from "@/lib/tenant-scope";
import { useMdrSources } from "../api/get-mdr";
import { ExpectedIntervalDialog } from "./expected-interval-dialog";
import { muted } from "./mdr-parts";

const interval = (minutes: number) => (minutes % 60 === 0 ? `${minutes / 60} h` : `${minutes} min`);
const expectedLabel = { set: "set for this source", learned: "learned from volume", default: "default" } as const;

/** Every source of every client: last event, today's and normal volume, and silence past the expected interval. */
export function SourceHealth() {
  const sources = useMdrSources();
  const selected = useSelectedTenantId();
  const csv = `${env.apiBase}/mdr/sources/export.csv${selected ? `?tenantId=${encodeURIComponent(selected)}` : ""}`;
  const silent = sources.data?.items.filter((s) => s.silent).length ?? 0;
  const [editing, setEditing] = useState<MdrSourceHealth | null>(null);
  return (
    <Card
      title="Data-source health"
      actions={
        <a href={csv} className={buttonClass("secondary", "sm")} download>
          <Download aria-hidden className="size-4" /> Export CSV
        </a>
      }
    >
      <p className={`${muted} mb-3`}>
        A source is silent when nothing has arrived for longer than its expected interval: four times the usual gap of a normal
        day (median alerts per day over the last 14 days), between 1 and 24 hours, unless one is set for the source.
      </p>
      {sources.isPending ? (
        <LoadingState label="Loading data sources" />
      ) : sources.isError ? (
        <ErrorState error={sources.error} onRetry={() => sources.refetch()} />
      ) : sources.data.items.length === 0 ? (
        <EmptyState title="No data sources yet">Sources appear with the first alert they send.</EmptyState>
      ) : (
        <>
          <p className="mb-3 text-sm text-slate-700 dark:text-slate-300" data-testid="mdr-silent-count">
            {silent === 0 ? "Every source is sending." : `${silent} silent ${silent === 1 ? "source" : "sources"}.`}
          </p>
          <TableFrame
            label="Data sources"
            caption="Data sources of each client with their last event, today's and normal daily volume, expected interval and state."
            headers={["Source", "Client", "State", "Last event", "Today", "Normal per day", "Expected interval"]}
            testId="mdr-sources"
            minWidth="min-w-[52rem]"
          >
            {sources.data.items.map((s) => (
              <tr
                key={`${s.tenantId} ${s.tool} ${s.sensor}`}
                className={`${rowClass} ${s.silent ? "bg-red-50 dark:bg-red-950/30" : ""}`}
                data-testid="mdr-source"
                data-silent={s.silent ? "true" : "false"}
              >
                <th scope="row" className={`${cell} pl-5 text-left font-medium wrap-anywhere text-slate-900 dark:text-white`}>
                  {s.tool}
                  {s.sensor && s.sensor !== s.tool && <div className={`${muted} font-normal`}>{s.sensor}</div>}
                </th>
                <td className={cell}>{s.tenantName}</td>
                <td className={cell}>
                  {s.silent ? (
                    <Badge color="red" dot="bg-red-600">
                      Silent
                    </Badge>
                  ) : (
                    <Badge color="emerald" dot="bg-emerald-600">
                      Receiving
                    </Badge>
                  )}
                </td>
                <td className={cell}>
                  <Time iso={s.lastEventAt} />
                </td>
                <td className={`${cell} tabular-nums`}>{s.today}</td>
                <td className={`${cell} tabular-nums`}>{s.normalDaily}</td>
                <td className={`${cell} pr-5`}>
                  {interval(s.expectedMinutes)}
                  <div className={muted}>{expectedLabel[s.expectedFrom]}</div>
                  <EditExpected source={s} onClick={() => setEditing(s)} />
                </td>
              </tr>
            ))}
          </TableFrame>
        </>
      )}
      {editing && <ExpectedIntervalDialog source={editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}

/** The client's owners and admins set a source's interval (docs/mdr.md). */
function EditExpected({ source, onClick }: { source: MdrSourceHealth; onClick: () => void }) {
  if (!useCan("members.manage", source.tenantId)) return null;
  return (
    <Button size="sm" variant="ghost" className="mt-1 -ml-2" onClick={onClick}>
      Change
      <span className="sr-only">
        {" "}
        the expected interval of {source.tool} in {source.tenantName}
      </span>
    </Button>
  );
}
