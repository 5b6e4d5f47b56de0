import { Building2 } from "lucide-react";
import { Card } from "@/components/ui/page";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { useSelectedTenantId } from "@/lib/tenant-scope";
import { useTenants } from "../api/get-tenants";

/** The tenants the overview covers: all of the person's tenants, or the one picked in the header. */
export function TenantsInScope() {
  const tenants = useTenants();
  const selectedId = useSelectedTenantId();
  const inScope = tenants.data?.filter((t) => selectedId === null || t.id === selectedId) ?? [];
  return (
    <Card title="Tenants in scope">
      {tenants.isPending ? (
        <LoadingState label="Loading tenants" />
      ) : tenants.isError ? (
        <ErrorState error={tenants.error} onRetry={() => tenants.refetch()} />
      ) : inScope.length === 0 ? (
        <EmptyState title="No tenants">You are not a member of any tenant yet. An administrator can invite you.</EmptyState>
      ) : (
        <ul data-testid="tenants-in-scope" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {inScope.map((tenant) => (
            <li key={tenant.id} className="flex items-start gap-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-sky-100 text-sky-800 dark:bg-sky-900/60 dark:text-sky-200">
                <Building2 aria-hidden className="size-5" />
              </span>
              <div className="min-w-0">
                <p className="truncate font-medium text-slate-900 dark:text-white">{tenant.name}</p>
                <p className="text-xs text-slate-600 dark:text-slate-400">
                  Your role: <span className="font-medium capitalize">{tenant.role}</span> · {tenant.modules.length} modules
                  enabled
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
