import { type ReportKind, reportKinds, reportPeriodLabels, schedulePeriods, type ScheduleCadence } from "@watchfloor/shared";
import { type FormEvent, useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { CheckboxGroup } from "@/components/ui/checkbox-group";
import { SelectField, TextareaField, TextField } from "@/components/ui/field";
import { Notice } from "@/components/ui/states";
import { ApiRequestError, errorMessage } from "@/lib/api-client";
import { useTenantsWith } from "@/lib/permissions";
import { useCurrentUser } from "@/lib/session";
import { useCreateSchedule } from "../api/schedules";
import { parseRecipients, weekdayNames } from "../lib/schedule-text";
import { reportTitles } from "./report-page";

const cadenceLabels: Record<ScheduleCadence, string> = { daily: "Daily", weekly: "Weekly", monthly: "Monthly" };

function timeZones(current: string): string[] {
  const all = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return [...new Set(["UTC", current, ...all])];
}

/** A new schedule: report kind, tenants, period, when (in a time zone) and who gets it. */
export function ScheduleForm({ onDone }: { onDone: () => void }) {
  const tenants = useTenantsWith("reports.schedule");
  const zone = useCurrentUser().preferences.timeZone || "UTC";
  const zones = useMemo(() => timeZones(zone), [zone]);
  const create = useCreateSchedule();
  const [name, setName] = useState("");
  const [kind, setKind] = useState<ReportKind>("executive");
  const [chosen, setChosen] = useState<string[]>([]);
  const [period, setPeriod] = useState<(typeof schedulePeriods)[number]>("last7");
  const [cadence, setCadence] = useState<ScheduleCadence>("weekly");
  const [time, setTime] = useState("07:00");
  const [weekday, setWeekday] = useState(1);
  const [monthDay, setMonthDay] = useState(1);
  const [timeZone, setTimeZone] = useState(zone);
  const [recipients, setRecipients] = useState("");
  const fields = create.error instanceof ApiRequestError ? create.error.fieldErrors() : {};
  const recipientError = Object.entries(fields).find(([path]) => path.startsWith("recipients"))?.[1];
  const shown = new Set(["name", "tenants", "time", "timeZone", "weekday", "monthDay"]);
  const otherError = create.isError && !recipientError && !Object.keys(fields).some((f) => shown.has(f));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    create.mutate(
      {
        name: name.trim(),
        kind,
        tenants: chosen,
        period,
        cadence,
        time,
        weekday: cadence === "weekly" ? weekday : null,
        monthDay: cadence === "monthly" ? monthDay : null,
        timeZone,
        recipients: parseRecipients(recipients),
      },
      { onSuccess: onDone },
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="New report schedule">
      {otherError && <Notice tone="error">{errorMessage(create.error)}</Notice>}
      <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} error={fields.name} required />
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField label="Report" value={kind} onChange={(e) => setKind(e.target.value as ReportKind)}>
          {reportKinds.map((k) => (
            <option key={k} value={k}>
              {reportTitles[k]}
            </option>
          ))}
        </SelectField>
        <SelectField label="Period" value={period} onChange={(e) => setPeriod(e.target.value as typeof period)}>
          {schedulePeriods.map((p) => (
            <option key={p} value={p}>
              {p === "month" ? "The last complete month" : p === "quarter" ? "The last complete quarter" : reportPeriodLabels[p]}
            </option>
          ))}
        </SelectField>
      </div>
      {tenants.length > 1 && (
        <div>
          <CheckboxGroup
            legend="Tenants (none ticked: every tenant you may schedule for, at each run)"
            options={tenants.map((t) => ({ value: t.id, label: t.name }))}
            selected={chosen}
            onToggle={(id) => setChosen((list) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]))}
            scroll
          />
          {fields.tenants && <p className="mt-1 text-sm text-red-700 dark:text-red-400">{fields.tenants}</p>}
        </div>
      )}
      <div className="grid gap-3 sm:grid-cols-3">
        <SelectField label="Repeat" value={cadence} onChange={(e) => setCadence(e.target.value as ScheduleCadence)}>
          {(["daily", "weekly", "monthly"] as const).map((c) => (
            <option key={c} value={c}>
              {cadenceLabels[c]}
            </option>
          ))}
        </SelectField>
        {cadence === "weekly" && (
          <SelectField label="On" value={weekday} onChange={(e) => setWeekday(Number(e.target.value))} error={fields.weekday}>
            {weekdayNames.map((day, i) => (
              <option key={day} value={i}>
                {day}
              </option>
            ))}
          </SelectField>
        )}
        {cadence === "monthly" && (
          <SelectField
            label="On day"
            value={monthDay}
            onChange={(e) => setMonthDay(Number(e.target.value))}
            error={fields.monthDay}
          >
            {Array.from({ length: 28 }, (_, i) => i + 1).map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </SelectField>
        )}
        <TextField label="At" type="time" value={time} onChange={(e) => setTime(e.target.value)} error={fields.time} required />
      </div>
      <SelectField label="Time zone" value={timeZone} onChange={(e) => setTimeZone(e.target.value)} error={fields.timeZone}>
        {zones.map((z) => (
          <option key={z} value={z}>
            {z}
          </option>
        ))}
      </SelectField>
      <TextareaField
        label="Recipients"
        hint="E-mail addresses, separated by commas or new lines (at most 20)."
        rows={2}
        value={recipients}
        onChange={(e) => setRecipients(e.target.value)}
        error={recipientError}
      />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={create.isPending} disabled={!name.trim()}>
          Create schedule
        </Button>
      </div>
    </form>
  );
}
