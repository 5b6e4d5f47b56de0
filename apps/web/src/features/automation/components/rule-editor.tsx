import {
  type AutomationAction,
  type AutomationRule,
  type AutomationRuleBody,
  type AutomationTrigger,
  automationTriggers,
  type Condition,
  triggerSubject,
} from "@watchfloor/shared";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { SelectField, TextareaField, TextField } from "@/components/ui/field";
import { Card } from "@/components/ui/page";
import { Notice } from "@/components/ui/states";
import { Switch } from "@/components/ui/switch";
import { paths } from "@/config/paths";
import { ApiRequestError, errorMessage } from "@/lib/api-client";
import { useTenantsWith } from "@/lib/permissions";
import { useDryRun, useSaveRule } from "../api/rules";
import { triggerLabels } from "../labels";
import { ActionFields } from "./action-fields";
import { type Builder, ConditionBuilder, fromBuilder, toBuilder } from "./condition-builder";
import { DryRunResultView } from "./dry-run-result";

const starter: Condition = { all: [{ field: "priority", op: "in", value: ["High", "Critical"] }] };

/**
 * Create or edit a rule: what starts it, the condition, the actions; a dry run shows what it
 * would have matched in the last 7 days before it is switched on. The server checks the whole
 * rule and its problems are shown at their fields.
 */
export function RuleEditor({ rule }: { rule?: AutomationRule }) {
  const navigate = useNavigate();
  const tenants = useTenantsWith("automation.manage");
  const save = useSaveRule(rule?.id);
  const dry = useDryRun();
  const [name, setName] = useState(rule?.name ?? "");
  const [description, setDescription] = useState(rule?.description ?? "");
  const [tenantIds, setTenantIds] = useState<string[]>(rule?.tenantIds ?? tenants.slice(0, 1).map((t) => t.id));
  const [trigger, setTrigger] = useState<AutomationTrigger>(rule?.trigger ?? "alert.created");
  const [everyMinutes, setEveryMinutes] = useState(rule?.everyMinutes ?? 60);
  const [enabled, setEnabled] = useState(rule?.enabled ?? false);
  const [stopAfter, setStopAfter] = useState(rule?.stopAfter ?? false);
  const initial = rule?.condition ?? starter;
  const [builder, setBuilder] = useState<Builder | null>(toBuilder(initial));
  const [json, setJson] = useState(JSON.stringify(initial, null, 2));
  const [actions, setActions] = useState<AutomationAction[]>(rule?.actions ?? [{ type: "addTags", tags: ["triage"] }]);
  const subject = triggerSubject[trigger];
  const failed = save.error ?? dry.error;
  const errors = failed instanceof ApiRequestError ? failed.fieldErrors() : {};
  const [jsonError, setJsonError] = useState<string | null>(null);

  function body(): AutomationRuleBody | null {
    let condition: Condition;
    if (builder) condition = fromBuilder(builder, subject);
    else {
      try {
        condition = JSON.parse(json) as Condition;
      } catch (error) {
        setJsonError(`Not JSON: ${(error as Error).message}`);
        return null;
      }
    }
    setJsonError(null);
    return {
      tenantIds,
      name,
      description,
      enabled,
      stopAfter,
      trigger,
      everyMinutes: trigger === "schedule" ? everyMinutes : null,
      condition,
      actions,
    };
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const b = body();
    if (!b) return;
    dry.reset();
    await save
      .mutateAsync(b)
      .then(() => navigate(paths.automation.root))
      .catch(() => undefined);
  }

  const conditionProblems = Object.entries(errors).filter(([path]) => path.startsWith("condition"));
  return (
    <form onSubmit={submit} className="space-y-6" data-testid="rule-form">
      <Card title="Rule">
        <div className="grid gap-4 md:grid-cols-2">
          <TextField
            label="Name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            minLength={3}
            maxLength={120}
            error={errors.name}
          />
          <SelectField
            label="When"
            value={trigger}
            onChange={(e) => setTrigger(e.target.value as AutomationTrigger)}
            error={errors.trigger}
          >
            {automationTriggers.map((t) => (
              <option key={t} value={t}>
                {triggerLabels[t]}
              </option>
            ))}
          </SelectField>
          <TextareaField
            label="Description"
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            rows={2}
            maxLength={2000}
          />
          {trigger === "schedule" && (
            <TextField
              label="Every (minutes)"
              type="number"
              min={5}
              max={10080}
              value={everyMinutes}
              onChange={(e) => setEveryMinutes(Number(e.target.value))}
              error={errors.everyMinutes}
            />
          )}
        </div>
        <fieldset className="mt-4">
          <legend className="text-sm font-medium text-slate-900 dark:text-slate-100">Tenants it acts on</legend>
          {errors.tenantIds && <p className="text-sm text-red-700 dark:text-red-400">{errors.tenantIds}</p>}
          <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
            {tenants.map((t) => (
              <label key={t.id} className="flex items-center gap-1.5 text-sm text-slate-800 dark:text-slate-200">
                <input
                  type="checkbox"
                  checked={tenantIds.includes(t.id)}
                  onChange={(e) => setTenantIds(e.target.checked ? [...tenantIds, t.id] : tenantIds.filter((x) => x !== t.id))}
                />
                {t.name}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="mt-4 flex flex-wrap gap-6">
          <span className="flex items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
            <Switch checked={enabled} onChange={setEnabled} labelledBy="rule-enabled" /> <span id="rule-enabled">Enabled</span>
          </span>
          <span className="flex items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
            <Switch checked={stopAfter} onChange={setStopAfter} labelledBy="rule-stop" />{" "}
            <span id="rule-stop">Stop after this rule when it matches</span>
          </span>
        </div>
      </Card>
      <Card title="If">
        {builder ? (
          <ConditionBuilder subject={subject} value={builder} onChange={setBuilder} errors={errors} />
        ) : (
          <TextareaField
            label="Condition (JSON: all / any / not and {field, op, value})"
            value={json}
            onChange={(e) => setJson(e.target.value)}
            rows={10}
            className="font-mono text-xs"
            error={jsonError ?? conditionProblems.map(([p, m]) => `${p}: ${m}`).join("; ")}
          />
        )}
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="mt-2"
          onClick={() => {
            if (builder) {
              setJson(JSON.stringify(fromBuilder(builder, subject), null, 2));
              setBuilder(null);
            } else {
              try {
                const next = toBuilder(JSON.parse(json) as Condition);
                if (next) setBuilder(next);
                else setJsonError("This condition nests groups; keep editing it as JSON.");
              } catch (error) {
                setJsonError(`Not JSON: ${(error as Error).message}`);
              }
            }
          }}
        >
          {builder ? "Edit as JSON (nested and / or / not)" : "Back to the simple editor"}
        </Button>
        {builder && conditionProblems.length > 0 && (
          <Notice tone="error">{conditionProblems.map(([p, m]) => `${p}: ${m}`).join("; ")}</Notice>
        )}
      </Card>
      <Card title="Then">
        <ActionFields subject={subject} tenantId={tenantIds[0] ?? null} actions={actions} onChange={setActions} errors={errors} />
      </Card>
      {dry.data && <DryRunResultView result={dry.data} subject={subject} />}
      {failed && Object.keys(errors).length === 0 && <Notice tone="error">{errorMessage(failed)}</Notice>}
      {failed && Object.keys(errors).length > 0 && <Notice tone="error">{errorMessage(failed)} See the marked fields.</Notice>}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="secondary" onClick={() => navigate(paths.automation.root)}>
          Cancel
        </Button>
        <Button
          type="button"
          variant="secondary"
          loading={dry.isPending}
          onClick={() => {
            const b = body();
            save.reset();
            if (b) dry.mutate(b);
          }}
        >
          Dry run (last 7 days)
        </Button>
        <Button type="submit" loading={save.isPending}>
          {rule ? "Save rule" : "Create rule"}
        </Button>
      </div>
    </form>
  );
}
