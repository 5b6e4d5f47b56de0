import {
  type AutomationAction,
  type AutomationActionType,
  type AutomationSubject,
  closeReasons,
  incidentStatuses,
  priorities,
  subjectActions,
} from "@watchfloor/shared";
import { Plus, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/field";
import { useAssignableMembers } from "@/lib/tenant-members";
import { useWebhooks } from "../api/webhooks";
import { actionLabels } from "../labels";

const groupFields = ["name", "rule", "hostname", "username", "srcIp", "dstIp", "source"] as const;

/** A fresh action of a type, with sensible first values. */
function blank(type: AutomationActionType, people: string[]): AutomationAction {
  switch (type) {
    case "assign":
      return { type, userId: people[0] ?? "" };
    case "assignRoundRobin":
      return { type, userIds: people.slice(0, 2) };
    case "setPriority":
      return { type, priority: "High" };
    case "setStatus":
      return { type, status: "Acknowledged" };
    case "addTags":
      return { type, tags: [] };
    case "escalate":
      return { type };
    case "group":
      return { type, groupBy: ["hostname"], windowMinutes: 60 };
    case "close":
      return { type, reason: "duplicate", note: "" };
    case "notify":
      return { type, userIds: people.slice(0, 1) };
    case "webhook":
      return { type, webhookId: "" };
  }
}

/** The rule's actions, run in order; each row's fields depend on its type. */
export function ActionFields({
  subject,
  tenantId,
  actions,
  onChange,
  errors,
}: {
  subject: AutomationSubject;
  tenantId: string | null;
  actions: AutomationAction[];
  onChange: (next: AutomationAction[]) => void;
  errors: Record<string, string>;
}) {
  const { candidates } = useAssignableMembers(tenantId);
  const people = candidates.map((m) => m.userId);
  const hooks = useWebhooks();
  const set = (i: number, action: AutomationAction) => onChange(actions.map((a, j) => (j === i ? action : a)));
  const personOptions = candidates.map((m) => (
    <option key={m.userId} value={m.userId}>
      {m.displayName}
    </option>
  ));
  const multi = (i: number, label: string, chosen: string[], make: (ids: string[]) => AutomationAction) => (
    <fieldset className="space-y-1">
      <legend className="text-sm font-medium text-slate-900 dark:text-slate-100">{label}</legend>
      {candidates.length === 0 && (
        <p className="text-sm text-slate-600 dark:text-slate-400">Choose a tenant to list its people.</p>
      )}
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {candidates.map((m) => (
          <label key={m.userId} className="flex items-center gap-1.5 text-sm text-slate-800 dark:text-slate-200">
            <input
              type="checkbox"
              checked={chosen.includes(m.userId)}
              onChange={(e) => set(i, make(e.target.checked ? [...chosen, m.userId] : chosen.filter((x) => x !== m.userId)))}
            />
            {m.displayName}
          </label>
        ))}
      </div>
    </fieldset>
  );

  const detail = (action: AutomationAction, i: number) => {
    switch (action.type) {
      case "assign":
        return (
          <SelectField label="Person" value={action.userId} onChange={(e) => set(i, { ...action, userId: e.target.value })}>
            <option value="">Choose…</option>
            {personOptions}
          </SelectField>
        );
      case "assignRoundRobin":
        return multi(i, "Take turns among", action.userIds, (userIds) => ({ ...action, userIds }));
      case "notify":
        return (
          <div className="space-y-2">
            {multi(i, "Tell", action.userIds, (userIds) => ({ ...action, userIds }))}
            <TextField
              label="Message (optional)"
              value={action.message ?? ""}
              onChange={(e) => set(i, { ...action, message: e.target.value || undefined })}
            />
          </div>
        );
      case "setPriority":
        return (
          <SelectField
            label="Priority"
            value={action.priority}
            onChange={(e) => set(i, { ...action, priority: e.target.value as never })}
          >
            {priorities.map((p) => (
              <option key={p}>{p}</option>
            ))}
          </SelectField>
        );
      case "setStatus":
        return (
          <SelectField
            label="Status"
            hint="One workflow step at a time, as for people."
            value={action.status}
            onChange={(e) => set(i, { ...action, status: e.target.value as never })}
          >
            {incidentStatuses.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </SelectField>
        );
      case "addTags":
        return (
          <TextField
            label="Tags (comma-separated)"
            value={action.tags.join(", ")}
            onChange={(e) =>
              set(i, {
                ...action,
                tags: e.target.value
                  .split(",")
                  .map((t) => t.trim())
                  .filter(Boolean),
              })
            }
          />
        );
      case "group":
        return (
          <div className="grid gap-2 sm:grid-cols-2">
            <SelectField
              label="Same"
              value={action.groupBy[0]}
              onChange={(e) => set(i, { ...action, groupBy: [e.target.value as never] })}
            >
              {groupFields.map((f) => (
                <option key={f}>{f}</option>
              ))}
            </SelectField>
            <TextField
              label="Within minutes"
              type="number"
              min={1}
              max={10080}
              value={action.windowMinutes}
              onChange={(e) => set(i, { ...action, windowMinutes: Number(e.target.value) })}
            />
          </div>
        );
      case "close":
        return (
          <div className="grid gap-2 sm:grid-cols-2">
            <SelectField
              label="Reason"
              value={action.reason}
              onChange={(e) => set(i, { ...action, reason: e.target.value as never })}
            >
              {closeReasons.map((r) => (
                <option key={r} value={r}>
                  {r.replace("_", " ")}
                </option>
              ))}
            </SelectField>
            <TextField label="Note" value={action.note} onChange={(e) => set(i, { ...action, note: e.target.value })} />
          </div>
        );
      case "webhook":
        return (
          <SelectField
            label="Webhook"
            value={action.webhookId}
            onChange={(e) => set(i, { ...action, webhookId: e.target.value })}
          >
            <option value="">Choose…</option>
            {(hooks.data?.items ?? []).map((h) => (
              <option key={h.id} value={h.id}>
                {h.name} ({h.kind})
              </option>
            ))}
          </SelectField>
        );
      case "escalate":
        return (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Opens an incident named after the alert, unless it is in one.
          </p>
        );
    }
  };

  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-slate-900 dark:text-slate-100">Actions, in order</legend>
      {actions.map((action, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: actions have no identity beyond their place
        <div key={i} className="space-y-2 rounded-lg border border-slate-200 p-3 dark:border-slate-700">
          <div className="flex items-end gap-2">
            <div className="flex-1">
              <SelectField
                label={`Action ${i + 1}`}
                value={action.type}
                error={errors[`actions.${i}.type`] ?? errors[`actions.${i}`] ?? errors[`actions.${i}.webhookId`]}
                onChange={(e) => set(i, blank(e.target.value as AutomationActionType, people))}
              >
                {subjectActions[subject].map((t) => (
                  <option key={t} value={t}>
                    {actionLabels[t]}
                  </option>
                ))}
              </SelectField>
            </div>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              aria-label={`Remove action ${i + 1}`}
              disabled={actions.length === 1}
              onClick={() => onChange(actions.filter((_, j) => j !== i))}
            >
              <Trash2 aria-hidden className="size-4" />
            </Button>
          </div>
          {detail(action, i)}
        </div>
      ))}
      <Button
        type="button"
        variant="secondary"
        size="sm"
        onClick={() => onChange([...actions, blank(subjectActions[subject][0] ?? "notify", people)])}
      >
        <Plus aria-hidden className="size-4" /> Add action
      </Button>
    </fieldset>
  );
}
