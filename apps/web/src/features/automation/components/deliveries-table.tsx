import { type Webhook, type WebhookDelivery, webhookDeliveryStatuses } from "@watchfloor/shared";
import { RotateCcw } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badges";
import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/field";
import { EmptyState, ErrorState, LoadingState, Notice } from "@/components/ui/states";
import { TableScroll } from "@/components/ui/table-scroll";
import { Time } from "@/components/ui/time";
import { errorMessage } from "@/lib/api-client";
import { useDeliveries, useReplay } from "../api/webhooks";

const statusColor = { pending: "sky", retrying: "amber", delivered: "emerald", dead: "red" } as const;

/** Every delivery: request, answer, duration, retries; dead letters can be replayed. */
export function DeliveriesTable({ webhooks }: { webhooks: Webhook[] }) {
  const [webhookId, setWebhookId] = useState("");
  const [status, setStatus] = useState("");
  const deliveries = useDeliveries({ webhookId: webhookId || undefined, status: status || undefined });
  const replay = useReplay();
  return (
    <div className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-2 lg:max-w-xl">
        <SelectField label="Webhook" value={webhookId} onChange={(e) => setWebhookId(e.target.value)}>
          <option value="">All webhooks</option>
          {webhooks.map((w) => (
            <option key={w.id} value={w.id}>
              {w.name}
            </option>
          ))}
        </SelectField>
        <SelectField label="Status" value={status} onChange={(e) => setStatus(e.target.value)}>
          <option value="">Any status</option>
          {webhookDeliveryStatuses.map((s) => (
            <option key={s} value={s}>
              {s === "dead" ? "dead letter" : s}
            </option>
          ))}
        </SelectField>
      </div>
      {replay.isError && <Notice tone="error">{errorMessage(replay.error)}</Notice>}
      {deliveries.isPending ? (
        <LoadingState label="Loading deliveries" />
      ) : deliveries.isError ? (
        <ErrorState error={deliveries.error} onRetry={() => deliveries.refetch()} />
      ) : deliveries.data.items.length === 0 ? (
        <EmptyState title="No deliveries">Deliveries appear here when a rule calls a webhook or you send a test.</EmptyState>
      ) : (
        <TableScroll label="Webhook deliveries">
          <table className="w-full text-left text-sm" data-testid="deliveries">
            <thead className="bg-slate-50 text-xs font-semibold text-slate-700 uppercase dark:bg-slate-800 dark:text-slate-300">
              <tr>
                <th scope="col" className="px-3 py-2">
                  When
                </th>
                <th scope="col" className="px-3 py-2">
                  Webhook
                </th>
                <th scope="col" className="px-3 py-2">
                  Event
                </th>
                <th scope="col" className="px-3 py-2">
                  Status
                </th>
                <th scope="col" className="px-3 py-2">
                  Answer
                </th>
                <th scope="col" className="px-3 py-2">
                  <span className="sr-only">Replay</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
              {deliveries.data.items.map((d) => (
                <DeliveryRow key={d.id} delivery={d} onReplay={() => replay.mutate(d.id)} />
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </div>
  );
}

function DeliveryRow({ delivery: d, onReplay }: { delivery: WebhookDelivery; onReplay: () => void }) {
  return (
    <tr className="align-top">
      <td className="px-3 py-2 whitespace-nowrap">
        <Time iso={d.createdAt} />
      </td>
      <td className="px-3 py-2">{d.webhookName}</td>
      <td className="px-3 py-2">
        <details>
          <summary className="cursor-pointer text-sky-800 dark:text-sky-300">{d.eventType}</summary>
          <pre className="mt-1 max-w-md overflow-x-auto rounded bg-slate-100 p-2 text-xs dark:bg-slate-800">
            {JSON.stringify(JSON.parse(d.payload), null, 2)}
          </pre>
        </details>
      </td>
      <td className="px-3 py-2 whitespace-nowrap">
        <Badge color={statusColor[d.status]}>{d.status === "dead" ? "dead letter" : d.status}</Badge>
        <div className="text-xs text-slate-600 dark:text-slate-400">
          {d.attempts} {d.attempts === 1 ? "try" : "tries"}
          {d.nextAttemptAt && d.status === "retrying" && (
            <>
              {" "}
              · next <Time iso={d.nextAttemptAt} mode="relative" />
            </>
          )}
        </div>
      </td>
      <td className="px-3 py-2">
        {d.responseCode !== null ? <span className="tabular-nums">{d.responseCode}</span> : "—"}
        {d.durationMs !== null && <span className="text-xs text-slate-600 dark:text-slate-400"> · {d.durationMs} ms</span>}
        {d.error && <div className="text-xs break-words text-red-800 dark:text-red-300">{d.error}</div>}
      </td>
      <td className="px-3 py-2">
        {(d.status === "dead" || d.status === "delivered") && (
          <Button variant="ghost" size="sm" onClick={onReplay} aria-label={`Replay delivery ${d.id}`}>
            <RotateCcw aria-hidden className="size-4" /> Replay
          </Button>
        )}
      </td>
    </tr>
  );
}
