import { Link } from "react-router";
import { PriorityBadge } from "@/components/ui/badges";
import { Card } from "@/components/ui/page";
import { SmallTable } from "@/components/ui/report-parts";
import { Switch } from "@/components/ui/switch";
import { TableScroll } from "@/components/ui/table-scroll";
import { EmptyState, ErrorState, LoadingState, Notice } from "@/components/ui/states";
import { Time } from "@/components/ui/time";
import { alertPath } from "@/config/paths";
import { errorMessage } from "@/lib/api-client";
import { useCan } from "@/lib/permissions";
import { useDetectionRule, useRuleMatches, useSetRuleEnabled } from "../api/get-detections";
import { logsourceLabel } from "./rules-table";

/** One rule: what it says, its ATT&CK tags, whether it runs, the alerts it raised and its text. */
export function RuleDetail({ id }: { id: string }) {
  const rule = useDetectionRule(id);
  const matches = useRuleMatches(id);
  const setEnabled = useSetRuleEnabled();
  const canManage = useCan("automation.manage", rule.data?.tenantId ?? null);
  if (rule.isError) return <ErrorState error={rule.error} onRetry={() => rule.refetch()} />;
  if (rule.isPending) return <LoadingState label="Loading the rule" />;
  const r = rule.data;
  const facts: [string, React.ReactNode][] = [
    ["Level", <PriorityBadge key="l" priority={r.priority} />],
    ["Sigma level", r.level],
    ["Status", r.status ?? "—"],
    ["Logsource", logsourceLabel(r.logsource)],
    ["Tactics", r.tactics.join(", ") || "—"],
    ["Techniques", r.techniques.join(", ") || "—"],
    ["Tags not in the ATT&CK catalogue", r.unmappedTags.join(", ") || "—"],
    [
      "Rule id",
      <span key="i" className="font-mono text-xs wrap-anywhere">
        {r.ruleId}
      </span>,
    ],
    ["Author", r.author ?? "—"],
    ["File", r.fileName ?? "—"],
    ["Imported", <Time key="t" iso={r.importedAt} />],
  ];
  return (
    <div className="space-y-6">
      <Card
        title={r.title}
        actions={
          <div className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
            <span id="rule-enabled-label">{r.enabled ? "Enabled" : "Disabled"}</span>
            {canManage && (
              <Switch
                checked={r.enabled}
                labelledBy="rule-enabled-label"
                disabled={setEnabled.isPending}
                onChange={(enabled) => setEnabled.mutate({ id: r.id, enabled })}
              />
            )}
          </div>
        }
      >
        {setEnabled.isError && <Notice tone="error">{errorMessage(setEnabled.error)}</Notice>}
        {r.description && <p className="mb-4 text-sm whitespace-pre-line text-slate-700 dark:text-slate-300">{r.description}</p>}
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2 lg:grid-cols-3" data-testid="rule-facts">
          {facts.map(([label, value]) => (
            <div key={label} className="min-w-0">
              <dt className="text-xs font-medium text-slate-600 dark:text-slate-400">{label}</dt>
              <dd className="mt-0.5 wrap-anywhere text-slate-900 dark:text-white">{value}</dd>
            </div>
          ))}
        </dl>
        {r.falsePositives.length > 0 && (
          <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">False positives: {r.falsePositives.join("; ")}</p>
        )}
      </Card>
      <Card title={`Matches (${r.matches})`}>
        {matches.isError ? (
          <ErrorState error={matches.error} onRetry={() => matches.refetch()} />
        ) : matches.isPending ? (
          <LoadingState label="Loading matches" />
        ) : matches.data.items.length === 0 ? (
          <EmptyState title="No matches yet">Events this rule matches become alerts and are listed here.</EmptyState>
        ) : (
          <SmallTable
            caption="Alerts raised by this rule"
            testId="rule-matches"
            head={["Alert", "Host", "Event", "Raised"]}
            rows={matches.data.items.map((m) => [
              <Link key="a" to={alertPath(m.alertId)} className="font-medium text-sky-800 hover:underline dark:text-sky-300">
                {m.name}
              </Link>,
              m.hostname ?? "—",
              <span key="e" className="font-mono text-xs wrap-anywhere">
                {m.eventId}
              </span>,
              <Time key="t" iso={m.createdAt} />,
            ])}
          />
        )}
      </Card>
      <Card title="Rule text">
        <TableScroll label="Rule text (YAML)" className="max-h-[32rem] overflow-y-auto bg-slate-50 dark:bg-slate-950">
          <pre className="px-5 py-4 text-xs text-slate-800 dark:text-slate-200">{r.source}</pre>
        </TableScroll>
      </Card>
    </div>
  );
}
