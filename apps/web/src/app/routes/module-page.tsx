import { Construction } from "lucide-react";
import { Link, useMatches } from "react-router";
import { buttonClass } from "@/components/ui/button";
import type { ModuleRoute } from "@/config/menu";
import { paths } from "@/config/paths";

/** Placeholder for a menu route whose module is not in this build: honest, no invented numbers. */
export function ModulePageRoute() {
  const match = useMatches().at(-1);
  const module = (match?.handle as { module?: ModuleRoute } | undefined)?.module;
  const title = module?.title ?? "Module";
  const Icon = module?.icon ?? Construction;
  return (
    <div className="mx-auto max-w-2xl py-10">
      <div className="rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <span className="mx-auto flex size-14 items-center justify-center rounded-xl bg-sky-100 text-sky-800 dark:bg-sky-900/50 dark:text-sky-200">
          <Icon aria-hidden className="size-7" />
        </span>
        <h1 className="mt-5 text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">{title}</h1>
        {module?.description && (
          <p className="mt-1 text-sm font-medium text-slate-600 dark:text-slate-400">{module.description}</p>
        )}
        <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">
          This module is not available in this build yet. When it ships, its data will appear here for the tenants in your scope.
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
    </div>
  );
}
