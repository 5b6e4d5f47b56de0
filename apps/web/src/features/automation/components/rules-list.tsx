import type { AutomationRule } from "@watchfloor/shared";
import { ArrowDown, ArrowUp, Pencil, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badges";
import { Button, buttonClass } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Card } from "@/components/ui/page";
import { EmptyState, ErrorState, LoadingState, Notice } from "@/components/ui/states";
import { Switch } from "@/components/ui/switch";
import { TableScroll } from "@/components/ui/table-scroll";
import { Time } from "@/components/ui/time";
import { rulePath } from "@/config/paths";
import { errorMessage } from "@/lib/api-client";
import { useCan } from "@/lib/permissions";
import { useDeleteRule, useOrderRules, useRules, useSwitchRule } from "../api/rules";
import { actionLabels, hiddenLabel, triggerLabels } from "../labels";

/** The rules in run order, with their switch, counts and order controls. */
export function RulesList({ tenantName }: { tenantName: (id: string) => string }) {
  const rules = useRules();
  const switchRule = useSwitchRule();
  const order = useOrderRules();
  const remove = useDeleteRule();
  const canManage = useCan("automation.manage");
  if (rules.isPending) return <LoadingState label="Loading rules" />;
  if (rules.isError) return <ErrorState error={rules.error} onRetry={() => rules.refetch()} />;
  const items = rules.data.items;
  if (items.length === 0)
    return (
      <EmptyState title="No automation rules yet">
        Rules assign, escalate, group, close and notify as alerts and incidents arrive or change. Create one and dry-run it on the
        last 7 days before switching it on.
      </EmptyState>
    );
  const move = (i: number, by: number) => {
    const ids = items.map((r) => r.id);
    const [id] = ids.splice(i, 1);
    ids.splice(i + by, 0, id as string);
    order.mutate(ids);
  };
  const failure = switchRule.error ?? order.error ?? remove.error;
  return (
    <Card title="Rules, in the order they run">
      {failure && <Notice tone="error">{errorMessage(failure)}</Notice>}
      <TableScroll label="Automation rules">
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-50 text-xs font-semibold text-slate-700 uppercase dark:bg-slate-800 dark:text-slate-300">
            <tr>
              <th scope="col" className="px-3 py-2">
                #
              </th>
              <th scope="col" className="px-3 py-2">
                Rule
              </th>
              <th scope="col" className="px-3 py-2">
                When
              </th>
              <th scope="col" className="px-3 py-2">
                Then
              </th>
              <th scope="col" className="px-3 py-2">
                Matches
              </th>
              <th scope="col" className="px-3 py-2">
                On
              </th>
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {items.map((rule, i) => (
              <RuleRow
                key={rule.id}
                rule={rule}
                index={i}
                last={i === items.length - 1}
                canManage={canManage}
                tenantName={tenantName}
                onMove={(by) => move(i, by)}
                onSwitch={(enabled) => switchRule.mutate({ ruleId: rule.id, enabled })}
                onDelete={() => remove.mutate(rule.id)}
              />
            ))}
          </tbody>
        </table>
      </TableScroll>
    </Card>
  );
}

function RuleRow(props: {
  rule: AutomationRule;
  index: number;
  last: boolean;
  canManage: boolean;
  tenantName: (id: string) => string;
  onMove: (by: number) => void;
  onSwitch: (enabled: boolean) => void;
  onDelete: () => void;
}) {
  const { rule, index, canManage } = props;
  return (
    <tr className="align-top">
      <td className="px-3 py-2 tabular-nums text-slate-700 dark:text-slate-300">{index + 1}</td>
      <td className="px-3 py-2">
        <Link to={rulePath(rule.id)} className="font-medium text-sky-800 hover:underline dark:text-sky-300">
          {rule.name}
        </Link>
        <div className="text-xs text-slate-600 dark:text-slate-400">
          {rule.tenantIds.map(props.tenantName).join(", ")}
          {rule.stopAfter && " · stops later rules"}
        </div>
      </td>
      <td className="px-3 py-2 text-slate-800 dark:text-slate-200">
        {triggerLabels[rule.trigger]}
        {rule.everyMinutes ? ` every ${rule.everyMinutes} min` : ""}
      </td>
      <td className="px-3 py-2 text-slate-800 dark:text-slate-200">
        {[...rule.actions.map((a) => actionLabels[a.type]), ...hiddenLabel(rule.hiddenActions)].join(", ")}
      </td>
      <td className="px-3 py-2 whitespace-nowrap">
        <span className="tabular-nums">{rule.matches.toLocaleString()}</span>
        {rule.failures > 0 && (
          <Badge color="red" className="ml-2">
            {rule.failures} failed
          </Badge>
        )}
        {rule.lastMatchAt && (
          <div className="text-xs text-slate-600 dark:text-slate-400">
            last <Time iso={rule.lastMatchAt} mode="relative" />
          </div>
        )}
      </td>
      <td className="px-3 py-2">
        <Switch checked={rule.enabled} disabled={!canManage} onChange={props.onSwitch} label={`${rule.name} enabled`} />
      </td>
      <td className="px-3 py-2">
        {canManage && (
          <div className="flex gap-1">
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Move ${rule.name} up`}
              disabled={index === 0}
              onClick={() => props.onMove(-1)}
            >
              <ArrowUp aria-hidden className="size-4" />
            </Button>
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Move ${rule.name} down`}
              disabled={props.last}
              onClick={() => props.onMove(1)}
            >
              <ArrowDown aria-hidden className="size-4" />
            </Button>
            <Link to={`${rulePath(rule.id)}/edit`} className={buttonClass("ghost", "sm")} aria-label={`Edit ${rule.name}`}>
              <Pencil aria-hidden className="size-4" />
            </Link>
            <ConfirmDialog
              trigger={
                <Button variant="dangerGhost" size="sm" aria-label={`Delete ${rule.name}`}>
                  <Trash2 aria-hidden className="size-4" />
                </Button>
              }
              title="Delete this rule?"
              description={`"${rule.name}" and its run history are deleted. Changes it made stay.`}
              confirmLabel="Delete rule"
              onConfirm={props.onDelete}
            />
          </div>
        )}
      </td>
    </tr>
  );
}
