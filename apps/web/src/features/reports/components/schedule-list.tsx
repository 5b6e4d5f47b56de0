import { type DeliveryStatus, formatInZone, type ReportSchedule } from "@watchfloor/shared";
import { CalendarClock, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badges";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Modal } from "@/components/ui/modal";
import { Card } from "@/components/ui/page";
import { ErrorState, LoadingState, Notice } from "@/components/ui/states";
import { Switch } from "@/components/ui/switch";
import { TableScroll } from "@/components/ui/table-scroll";
import { errorMessage } from "@/lib/api-client";
import { useCan } from "@/lib/permissions";
import { useCurrentUser } from "@/lib/session";
import { useDeleteSchedule, useSchedules, useSwitchSchedule } from "../api/schedules";
import { cadenceText } from "../lib/schedule-text";
import { reportTitles } from "./report-page";
import { ScheduleForm } from "./schedule-form";

const deliveryLabels: Record<DeliveryStatus, [string, "emerald" | "sky" | "amber" | "red" | "slate"]> = {
  sent: ["Sent", "emerald"],
  sending: ["Sending", "sky"],
  retrying: ["Retrying", "amber"],
  failed: ["Not sent", "red"],
  "mail-off": ["Archived (mail off)", "slate"],
  "not-made": ["Not made", "red"],
};

function LastRun({ schedule, zone }: { schedule: ReportSchedule; zone: string }) {
  const last = schedule.deliveries[0];
  if (!last) return <span className="text-slate-600 dark:text-slate-400">Not run yet</span>;
  const [label, color] = deliveryLabels[last.status];
  return (
    <div className="space-y-1">
      <Badge color={color}>{label}</Badge>
      <span className="block text-xs text-slate-600 dark:text-slate-400">
        due {formatInZone(last.dueAt, zone)}
        {last.attempts > 1 ? `, ${last.attempts} tries` : ""}
      </span>
      {last.lastError && (
        <span className="block max-w-72 text-xs break-words text-red-700 dark:text-red-400" data-testid="delivery-error">
          {last.lastError}
        </span>
      )}
    </div>
  );
}

/** Report schedules with their next and last run; owners and admins create, switch and delete them. */
export function ScheduleList() {
  const schedules = useSchedules();
  const toggle = useSwitchSchedule();
  const remove = useDeleteSchedule();
  const canManage = useCan("reports.schedule");
  const zone = useCurrentUser().preferences.timeZone;
  const [creating, setCreating] = useState(false);
  const [error, setError] = useState<string>();

  return (
    <Card
      title="Schedules"
      actions={
        canManage ? (
          <Button size="sm" onClick={() => setCreating(true)}>
            <Plus aria-hidden className="size-4" /> New schedule
          </Button>
        ) : undefined
      }
    >
      <div id="schedules" />
      {schedules.isPending ? (
        <LoadingState label="Loading schedules" />
      ) : schedules.isError ? (
        <ErrorState title="Could not load the schedules" error={schedules.error} onRetry={() => schedules.refetch()} />
      ) : (
        <div className="space-y-3">
          {!schedules.data.mailEnabled && (
            <Notice tone="info">
              Mail is off on this server (no WATCHFLOOR_SMTP_URL): scheduled reports are made and kept in the archive, and nothing
              is sent.
            </Notice>
          )}
          {schedules.data.items.length === 0 ? (
            <p className="flex items-start gap-2 text-sm text-slate-600 dark:text-slate-400" data-testid="schedules-empty">
              <CalendarClock aria-hidden className="mt-0.5 size-4 shrink-0" />
              No report is scheduled.{" "}
              {canManage
                ? "A schedule makes a report daily, weekly or monthly, keeps it in the archive and mails the PDF."
                : "Owners and admins can schedule reports to be made and mailed."}
            </p>
          ) : (
            <TableScroll label="Schedules">
              <table className="w-full text-left text-sm" data-testid="schedules">
                <thead>
                  <tr className="border-b border-slate-200 text-xs text-slate-600 dark:border-slate-700 dark:text-slate-400">
                    <th scope="col" className="px-5 py-2 font-medium">
                      Schedule
                    </th>
                    <th scope="col" className="px-5 py-2 font-medium">
                      When
                    </th>
                    <th scope="col" className="px-5 py-2 font-medium">
                      Recipients
                    </th>
                    <th scope="col" className="px-5 py-2 font-medium">
                      Last run
                    </th>
                    <th scope="col" className="px-5 py-2 font-medium">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                  {schedules.data.items.map((s) => (
                    <tr
                      key={s.id}
                      data-testid="schedule-row"
                      data-schedule-id={s.id}
                      className="align-top text-slate-800 dark:text-slate-200"
                    >
                      <td className="px-5 py-2">
                        <span className="block font-medium">{s.name}</span>
                        <span className="block text-xs text-slate-600 dark:text-slate-400">
                          {reportTitles[s.kind]} ·{" "}
                          {s.allTenants ? "every tenant in scope" : s.tenants.map((t) => t.name).join(", ")}
                        </span>
                      </td>
                      <td className="min-w-48 px-5 py-2">
                        <span className="block">{cadenceText(s)}</span>
                        <span className="block text-xs text-slate-600 dark:text-slate-400">
                          {s.enabled ? `next ${formatInZone(s.nextRunAt, zone)}` : "switched off"}
                        </span>
                      </td>
                      <td className="max-w-56 px-5 py-2 break-words">{s.recipients.join(", ") || "—"}</td>
                      <td className="px-5 py-2">
                        <LastRun schedule={s} zone={zone} />
                      </td>
                      <td className="px-5 py-2">
                        {canManage && (
                          <div className="flex items-center justify-end gap-2">
                            <Switch
                              checked={s.enabled}
                              label={`${s.name}: ${s.enabled ? "on" : "off"}`}
                              disabled={toggle.isPending}
                              onChange={(enabled) => {
                                setError(undefined);
                                toggle.mutate({ id: s.id, enabled }, { onError: (e) => setError(errorMessage(e)) });
                              }}
                            />
                            <ConfirmDialog
                              trigger={
                                <Button variant="dangerGhost" size="sm">
                                  <Trash2 aria-hidden className="size-4" />
                                  <span className="sr-only">Delete schedule {s.name}</span>
                                </Button>
                              }
                              title="Delete this schedule?"
                              description={`"${s.name}" stops and its run history goes; reports it made stay in the archive. The deletion is recorded in the audit log.`}
                              confirmLabel="Delete schedule"
                              onConfirm={() => {
                                setError(undefined);
                                remove.mutate(s.id, { onError: (e) => setError(errorMessage(e)) });
                              }}
                            />
                          </div>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          )}
        </div>
      )}
      {error && (
        <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      <Modal open={creating} onOpenChange={setCreating} title="New report schedule" className="w-[min(94vw,640px)]">
        <ScheduleForm onDone={() => setCreating(false)} />
      </Modal>
    </Card>
  );
}
