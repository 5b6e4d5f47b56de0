import { auditEvents, type Tenant } from "@watchfloor/shared";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/field";
import { Card } from "@/components/ui/page";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { formatDateTime } from "@/lib/format";
import { useCurrentUser } from "@/lib/session";
import { useAudit } from "../api/audit";
import { TableScroll } from "@/components/ui/table-scroll";

function summarise(details: Record<string, unknown>): string {
  return Object.entries(details)
    .filter(([, v]) => v !== null && v !== undefined && typeof v !== "object")
    .map(([k, v]) => `${k}: ${String(v)}`)
    .join(", ");
}

export function AuditTab({ tenants }: { tenants: Tenant[] }) {
  const me = useCurrentUser();
  const [event, setEvent] = useState("");
  const audit = useAudit(event);
  const items = audit.data?.pages.flatMap((p) => p.items) ?? [];
  const tenantName = (id: string | null) => (id ? (tenants.find((t) => t.id === id)?.name ?? id) : "—");

  return (
    <Card>
      <div className="mb-4 max-w-xs">
        <SelectField label="Event" value={event} onChange={(e) => setEvent(e.target.value)}>
          <option value="">All events</option>
          {auditEvents.map((e) => (
            <option key={e} value={e}>
              {e}
            </option>
          ))}
        </SelectField>
      </div>
      {audit.isPending ? (
        <LoadingState label="Loading audit log" />
      ) : audit.isError ? (
        <ErrorState error={audit.error} onRetry={() => audit.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState title="No audit entries">
          {event ? "No entries for this event." : "Security events will be recorded here."}
        </EmptyState>
      ) : (
        <TableScroll label="Audit log">
          <table className="w-full min-w-[720px] text-sm">
            <caption className="sr-only">Audit log, newest first</caption>
            <thead>
              <tr className="border-b border-slate-200 text-left text-xs text-slate-600 uppercase dark:border-slate-800 dark:text-slate-400">
                <th scope="col" className="px-5 py-2 font-semibold">
                  When
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Event
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Actor
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Tenant
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  IP
                </th>
                <th scope="col" className="px-5 py-2 font-semibold">
                  Details
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((entry) => (
                <tr
                  key={entry.id}
                  data-testid="audit-row"
                  className="border-b border-slate-100 align-top last:border-0 dark:border-slate-800"
                >
                  <td className="px-5 py-2.5 whitespace-nowrap">{formatDateTime(entry.at, me.preferences)}</td>
                  <td className="px-3 py-2.5 font-mono text-xs">{entry.event}</td>
                  <td className="px-3 py-2.5">{entry.actorEmail ?? "—"}</td>
                  <td className="px-3 py-2.5">{tenantName(entry.tenantId)}</td>
                  <td className="px-3 py-2.5 font-mono text-xs">{entry.ipAddress ?? "—"}</td>
                  <td className="max-w-[260px] px-5 py-2.5 text-xs break-words text-slate-600 dark:text-slate-400">
                    {summarise(entry.details) || "—"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {audit.hasNextPage && (
        <div className="mt-4 flex justify-center">
          <Button variant="secondary" loading={audit.isFetchingNextPage} onClick={() => audit.fetchNextPage()}>
            Load more
          </Button>
        </div>
      )}
    </Card>
  );
}
