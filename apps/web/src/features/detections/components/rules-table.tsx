import type { DetectionRule } from "@watchfloor/shared";
import { Link } from "react-router";
import { PriorityBadge } from "@/components/ui/badges";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/page";
import { Switch } from "@/components/ui/switch";
import { TableScroll } from "@/components/ui/table-scroll";
import { EmptyState, Notice } from "@/components/ui/states";
import { detectionRulePath } from "@/config/paths";
import { errorMessage } from "@/lib/api-client";
import { useTenantsWith } from "@/lib/permissions";
import { useSetAllRulesEnabled, useSetRuleEnabled } from "../api/get-detections";

export const logsourceLabel = (l: DetectionRule["logsource"]) => [l.product, l.category, l.service].filter(Boolean).join(" / ");

/** The imported rules: level, logsource, ATT&CK, matches, and a switch per rule for those who may enable it. */
export function RulesTable({
  rules,
  tenantName,
  showTenant,
}: {
  rules: DetectionRule[];
  tenantName: (id: string) => string;
  showTenant: boolean;
}) {
  const managed = new Set(useTenantsWith("automation.manage").map((t) => t.id));
  const setEnabled = useSetRuleEnabled();
  const setAll = useSetAllRulesEnabled();
  const tenants = [...new Set(rules.map((r) => r.tenantId))].filter((t) => managed.has(t));
  const actions =
    tenants.length === 1 ? (
      <div className="flex gap-2">
        <Button
          size="sm"
          variant="secondary"
          loading={setAll.isPending}
          onClick={() => setAll.mutate({ tenantId: tenants[0] as string, enabled: true })}
        >
          Enable all
        </Button>
        <Button
          size="sm"
          variant="ghost"
          disabled={setAll.isPending}
          onClick={() => setAll.mutate({ tenantId: tenants[0] as string, enabled: false })}
        >
          Disable all
        </Button>
      </div>
    ) : undefined;
  return (
    <Card title={`Rules (${rules.length})`} actions={actions}>
      {setEnabled.isError && <Notice tone="error">{errorMessage(setEnabled.error)}</Notice>}
      {setAll.isError && <Notice tone="error">{errorMessage(setAll.error)}</Notice>}
      {rules.length === 0 ? (
        <EmptyState title="No Sigma rules yet">Import a rule file or a zip of rules above.</EmptyState>
      ) : (
        <TableScroll label="Sigma rules">
          <table className="w-full min-w-[760px] text-left text-sm" data-testid="detection-rules">
            <thead>
              <tr className="border-b border-slate-200 text-xs font-semibold text-slate-600 uppercase dark:border-slate-800 dark:text-slate-400">
                <th scope="col" className="py-2 pr-4 pl-5">
                  Rule
                </th>
                <th scope="col" className="px-3 py-2">
                  Level
                </th>
                <th scope="col" className="px-3 py-2">
                  Logsource
                </th>
                <th scope="col" className="px-3 py-2">
                  Techniques
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Matches
                </th>
                <th scope="col" className="px-3 py-2 pr-5">
                  Enabled
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
              {rules.map((r) => (
                <tr key={r.id}>
                  <th scope="row" className="py-2 pr-4 pl-5 text-left font-normal">
                    <Link
                      to={detectionRulePath(r.id)}
                      className="font-medium wrap-anywhere text-slate-900 hover:text-sky-700 hover:underline dark:text-white dark:hover:text-sky-400"
                    >
                      {r.title}
                    </Link>
                    {showTenant && <p className="text-xs text-slate-600 dark:text-slate-400">{tenantName(r.tenantId)}</p>}
                  </th>
                  <td className="px-3 py-2">
                    <PriorityBadge priority={r.priority} />
                    <span className="sr-only"> ({r.level})</span>
                  </td>
                  <td className="px-3 py-2 text-slate-700 dark:text-slate-300">{logsourceLabel(r.logsource)}</td>
                  <td className="px-3 py-2 font-mono text-xs text-slate-700 dark:text-slate-300">
                    {r.techniques.join(", ") || "—"}
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums text-slate-900 dark:text-white">{r.matches}</td>
                  <td className="px-3 py-2 pr-5">
                    {managed.has(r.tenantId) ? (
                      <Switch
                        checked={r.enabled}
                        label={`Enable ${r.title}`}
                        disabled={setEnabled.isPending}
                        onChange={(enabled) => setEnabled.mutate({ id: r.id, enabled })}
                      />
                    ) : (
                      <span className="text-slate-700 dark:text-slate-300">{r.enabled ? "On" : "Off"}</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </Card>
  );
}
