import { Construction } from "lucide-react";
import { Link, useMatches } from "react-router";
import { buttonClass } from "@/components/ui/button";
import { ErrorState, LoadingState } from "@/components/ui/states";
import type { ModuleRoute } from "@/config/menu";
import { paths } from "@/config/paths";
import { ModuleAccess, useHasModule } from "@/features/modules/components/module-access";
import { useTenants } from "@/features/tenants/api/get-tenants";
import { useSelectedTenantId } from "@/lib/tenant-scope";

/**
 * A menu route whose module is not in this build: honest, no invented numbers. For a switchable
 * module, tenants in scope without it get its upgrade page and the way to request it.
 */
export function ModulePageRoute() {
  const match = useMatches().at(-1);
  const module = (match?.handle as { module?: ModuleRoute } | undefined)?.module;
  const tenants = useTenants();
  const selected = useSelectedTenantId();
  const inScope = (tenants.data ?? []).filter((t) => !selected || t.id === selected);
  const hasIt = useHasModule(
    module?.module,
    inScope.map((t) => t.id),
  );
  const title = module?.title ?? "Module";
  const Icon = module?.icon ?? Construction;

  if (module?.module && tenants.isError) return <ErrorState error={tenants.error} onRetry={() => tenants.refetch()} />;
  if (module?.module && (tenants.isPending || hasIt === null)) return <LoadingState label="Loading modules" />;
  const upgradeOnly = module?.module !== undefined && hasIt === false;
  return (
    <div className="mx-auto max-w-2xl space-y-6 py-10">
      <div className="rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <span className="mx-auto flex size-14 items-center justify-center rounded-xl bg-sky-100 text-sky-800 dark:bg-sky-900/50 dark:text-sky-200">
          <Icon aria-hidden className="size-7" />
        </span>
        <h1 className="mt-5 text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">{title}</h1>
        {module?.description && (
          <p className="mt-1 text-sm font-medium text-slate-600 dark:text-slate-400">{module.description}</p>
        )}
        <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">
          {upgradeOnly
            ? "None of the tenants in your scope has this module."
            : "This module is not available in this build yet. When it ships, its data will appear here for the tenants in your scope that have it."}
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-2">
          <Link to={paths.dashboard} className={buttonClass("primary")}>
            Back to dashboard
          </Link>
          <Link to={paths.help} className={buttonClass("secondary")}>
            Help Center
          </Link>
        </div>
      </div>
      {module?.module && <ModuleAccess module={module.module} tenants={inScope} />}
    </div>
  );
}
