import { type AutomationRule, type AutomationSubject, triggerSubject } from "@watchfloor/shared";
import { Badge } from "@/components/ui/badges";
import { Card } from "@/components/ui/page";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { TableScroll } from "@/components/ui/table-scroll";
import { Time } from "@/components/ui/time";
import { useRuleRuns } from "../api/rules";
import { actionLabels, hiddenLabel, describeCondition, subjectLabels, triggerLabels } from "../labels";
import { SubjectLink } from "./subject-link";

const outcomeColor = { done: "emerald", partial: "amber", failed: "red" } as const;

/** One rule: what it does, and every time it matched with what each action did. */
export function RuleDetail({ rule, tenantName }: { rule: AutomationRule; tenantName: (id: string) => string }) {
  return (
    <div className="space-y-6">
      <Card title="What it does">
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="font-medium text-slate-700 dark:text-slate-300">When</dt>
          <dd>
            {triggerLabels[rule.trigger]}
            {rule.everyMinutes ? `, every ${rule.everyMinutes} minutes` : ""}
          </dd>
          <dt className="font-medium text-slate-700 dark:text-slate-300">If</dt>
          <dd className="break-words">{describeCondition(rule.condition, triggerSubject[rule.trigger])}</dd>
          <dt className="font-medium text-slate-700 dark:text-slate-300">Then</dt>
          <dd>{[...rule.actions.map((a) => actionLabels[a.type]), ...hiddenLabel(rule.hiddenActions)].join(" → ")}</dd>
          <dt className="font-medium text-slate-700 dark:text-slate-300">Tenants</dt>
          <dd>{rule.tenantIds.map(tenantName).join(", ")}</dd>
          <dt className="font-medium text-slate-700 dark:text-slate-300">State</dt>
          <dd>
            {rule.enabled ? "Enabled" : "Off"}
            {rule.stopAfter ? "; later rules are skipped when it matches" : ""}; owner {rule.ownerName ?? "unknown"}
          </dd>
        </dl>
      </Card>
      <Card title={`Runs (${rule.matches.toLocaleString()})`}>
        <RunsTable ruleId={rule.id} subject={triggerSubject[rule.trigger]} />
      </Card>
    </div>
  );
}

function RunsTable({ ruleId, subject }: { ruleId: string; subject: AutomationSubject }) {
  const runs = useRuleRuns(ruleId);
  if (runs.isPending) return <LoadingState label="Loading runs" />;
  if (runs.isError) return <ErrorState error={runs.error} onRetry={() => runs.refetch()} />;
  if (runs.data.items.length === 0)
    return <EmptyState title="No runs yet">The rule has not matched anything since it was created.</EmptyState>;
  return (
    <TableScroll label="Rule runs">
      <table className="w-full text-left text-sm" data-testid="rule-runs">
        <thead className="bg-slate-50 text-xs font-semibold text-slate-700 uppercase dark:bg-slate-800 dark:text-slate-300">
          <tr>
            <th scope="col" className="px-3 py-2">
              When
            </th>
            <th scope="col" className="px-3 py-2">
              {subjectLabels[subject]}
            </th>
            <th scope="col" className="px-3 py-2">
              Outcome
            </th>
            <th scope="col" className="px-3 py-2">
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {runs.data.items.map((run) => (
            <tr key={run.id} className="align-top">
              <td className="px-3 py-2 whitespace-nowrap">
                <Time iso={run.at} />
              </td>
              <td className="px-3 py-2">
                <SubjectLink subject={subject} id={run.subjectId} name={run.subjectName} />
              </td>
              <td className="px-3 py-2">
                <Badge color={outcomeColor[run.outcome]}>{run.outcome}</Badge>
              </td>
              <td className="px-3 py-2">
                <ul className="space-y-0.5">
                  {run.actions.map((a, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the actions of one run, in order
                    <li key={i} className={a.ok ? "text-slate-800 dark:text-slate-200" : "text-red-800 dark:text-red-300"}>
                      {a.ok ? "✓" : "✗"} {a.detail}
                    </li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
