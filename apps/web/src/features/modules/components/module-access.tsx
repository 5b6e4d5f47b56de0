import { type EntitledModule, moduleLabels, roleCan, type Tenant } from "@watchfloor/shared";
import { Check } from "lucide-react";
import { Button } from "@/components/ui/button";
import { ErrorState, LoadingState, Notice } from "@/components/ui/states";
import { errorMessage } from "@/lib/api-client";
import { useRequestModule } from "../api/change-module";
import { useModules } from "../api/get-modules";
import { moduleDescriptions } from "../module-descriptions";

const dateOf = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" });

/**
 * Which tenants in scope have a module, and for the others what it does and how to get it:
 * owners and admins request it (the provider's administrators are told once), everyone else
 * is told who can. Renders nothing when every tenant in scope has the module.
 */
export function ModuleAccess({ module, tenants }: { module: EntitledModule; tenants: Tenant[] }) {
  const modules = useModules();
  const request = useRequestModule();
  if (modules.isPending) return <LoadingState label="Loading modules" />;
  if (modules.isError) return <ErrorState error={modules.error} onRetry={() => modules.refetch()} />;
  const stateOf = (tenantId: string) =>
    modules.data.find((t) => t.tenantId === tenantId)?.modules.find((m) => m.module === module);
  const withIt = tenants.filter((t) => stateOf(t.id)?.enabled);
  const without = tenants.filter((t) => !stateOf(t.id)?.enabled);
  const about = moduleDescriptions[module];
  const label = moduleLabels[module];
  if (without.length === 0) return null;
  return (
    <section
      aria-labelledby="module-access-title"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="module-access-title" className="text-lg font-semibold text-slate-900 dark:text-white">
        {withIt.length
          ? `Not enabled for ${without.length === 1 ? without[0]?.name : `${without.length} of your tenants`}`
          : `Upgrade to ${label}`}
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{about.summary}</p>
      <ul className="mt-3 space-y-1 text-sm text-slate-700 dark:text-slate-300">
        {about.points.map((p) => (
          <li key={p} className="flex gap-2">
            <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-sky-700 dark:text-sky-400" />
            {p}
          </li>
        ))}
      </ul>
      {request.isError && (
        <div className="mt-4">
          <Notice tone="error">{errorMessage(request.error)}</Notice>
        </div>
      )}
      <ul
        className="mt-5 divide-y divide-slate-100 border-t border-slate-100 dark:divide-slate-800 dark:border-slate-800"
        data-testid="module-access"
      >
        {without.map((tenant) => {
          const state = stateOf(tenant.id);
          return (
            <li key={tenant.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <span className="text-sm font-medium text-slate-900 dark:text-white">{tenant.name}</span>
              {state?.requestedAt ? (
                <span className="text-sm text-slate-700 dark:text-slate-300">
                  Requested on {dateOf(state.requestedAt)}
                  {state.requestedBy ? ` by ${state.requestedBy}` : ""}. Your provider has been told.
                </span>
              ) : roleCan(tenant.role, "members.manage") ? (
                <Button
                  size="sm"
                  loading={request.isPending && request.variables?.tenantId === tenant.id}
                  onClick={() => request.mutate({ tenantId: tenant.id, module })}
                >
                  Request {label} for {tenant.name}
                </Button>
              ) : (
                <span className="text-sm text-slate-700 dark:text-slate-300">
                  Ask an owner or admin of {tenant.name} to request it.
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Whether any of these tenants has the module (null while loading, or for a route without one). */
export function useHasModule(module: EntitledModule | undefined, tenantIds: readonly string[]): boolean | null {
  const modules = useModules();
  if (!module || !modules.data) return null;
  return modules.data.some((t) => tenantIds.includes(t.tenantId) && t.modules.some((m) => m.module === module && m.enabled));
}
