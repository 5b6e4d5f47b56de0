import { type EntitledModule, entitledModules, moduleLabels } from "@watchfloor/shared";
import { Card } from "@/components/ui/page";
import { Switch } from "@/components/ui/switch";
import { TableScroll } from "@/components/ui/table-scroll";
import { EmptyState, ErrorState, LoadingState, Notice } from "@/components/ui/states";
import { errorMessage } from "@/lib/api-client";
import { useSwitchModule } from "../api/change-module";
import { useModules } from "../api/get-modules";

const dateOf = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" });

/**
 * The provider's switchboard (platform administrators): which tenant has which module. Every
 * switch is audited in that tenant's log; a pending request shows until the module is enabled.
 */
export function ModulesAdmin() {
  const modules = useModules();
  const change = useSwitchModule();
  if (modules.isPending) return <LoadingState label="Loading modules" />;
  if (modules.isError) return <ErrorState error={modules.error} onRetry={() => modules.refetch()} />;
  if (modules.data.length === 0) {
    return <EmptyState title="No tenants">You belong to no tenant yet. Create one, and its modules appear here.</EmptyState>;
  }
  const requests = modules.data.flatMap((t) =>
    t.modules.filter((m) => m.requestedAt && !m.enabled).map((m) => ({ tenant: t.tenantName, ...m })),
  );
  return (
    <div className="space-y-4">
      {change.isError && <Notice tone="error">{errorMessage(change.error)}</Notice>}
      {requests.length > 0 && (
        <Card title="Requests">
          <ul className="space-y-1 text-sm text-slate-700 dark:text-slate-300" data-testid="module-requests">
            {requests.map((r) => (
              <li key={`${r.tenant}-${r.module}`}>
                <span className="font-medium">{moduleLabels[r.module]}</span> for {r.tenant}, asked by{" "}
                {r.requestedBy ?? "a member"} on {dateOf(r.requestedAt ?? "")}
              </li>
            ))}
          </ul>
        </Card>
      )}
      <Card title="Modules per tenant">
        <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">
          Alerts, incidents, reports, risk and attack surface are part of every tenant. Switch the others per client; members of a
          tenant without a module see its upgrade page.
        </p>
        <TableScroll label="Modules per tenant">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-600 dark:border-slate-800 dark:text-slate-400">
                <th scope="col" className="py-2 pr-4 pl-5 font-medium">
                  Tenant
                </th>
                {entitledModules.map((m) => (
                  <th key={m} scope="col" className="px-2 py-2 text-center font-medium last:pr-5">
                    {moduleLabels[m]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {modules.data.map((tenant) => (
                <tr key={tenant.tenantId} className="border-b border-slate-100 last:border-0 dark:border-slate-800/60">
                  <th scope="row" className="py-2 pr-4 pl-5 font-medium text-slate-900 dark:text-white">
                    {tenant.tenantName}
                  </th>
                  {entitledModules.map((module: EntitledModule) => {
                    const state = tenant.modules.find((m) => m.module === module);
                    const enabled = state?.enabled ?? false;
                    const who = state?.changedAt
                      ? `${enabled ? "On" : "Off"} since ${dateOf(state.changedAt)}${state.changedBy ? ` (${state.changedBy})` : ""}`
                      : undefined;
                    return (
                      <td key={module} className="px-2 py-2 text-center last:pr-5" title={who}>
                        <div className="flex flex-col items-center gap-1">
                          <Switch
                            checked={enabled}
                            disabled={change.isPending}
                            label={`${moduleLabels[module]} for ${tenant.tenantName}`}
                            onChange={(next) => change.mutate({ tenantId: tenant.tenantId, module, enabled: next })}
                          />
                          {state?.requestedAt && !enabled && (
                            <span className="text-xs font-medium text-amber-800 dark:text-amber-300">Requested</span>
                          )}
                        </div>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </Card>
    </div>
  );
}
