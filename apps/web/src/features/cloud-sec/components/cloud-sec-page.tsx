import { type CloudSecSummary, cloudSecCategories, cloudSecCategoryLabels } from "@watchfloor/shared";
import { CloudOff } from "lucide-react";
import { type ReactNode, useMemo } from "react";
import { Link, useSearchParams } from "react-router";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/page";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { paths } from "@/config/paths";
import { cn } from "@/lib/cn";
import { useCan } from "@/lib/permissions";
import { useCloudSecResources, useCloudSecSummary } from "../api/get-cloud-sec";
import { parseResourceParams, resourcePageSize, withFilters } from "../lib/cloud-sec-params";
import { AccountsList } from "./accounts-list";
import { CategoryCards } from "./category-cards";
import { CloudSecFigures } from "./cloud-sec-figures";
import { ResourceTable } from "./resource-table";
import { ResourceToolbar } from "./resource-toolbar";
import { ServiceBars } from "./service-bars";

/** "All resources" and the three categories as links that keep the other filters. */
function CategoryTabs({ summary }: { summary: CloudSecSummary }) {
  const [params] = useSearchParams();
  const active = parseResourceParams(params).category;
  const count = (c: string) => summary.categories.find((x) => x.category === c)?.resources ?? 0;
  const tabs = [
    { id: undefined, label: "All resources", n: summary.totals.resources },
    ...cloudSecCategories.map((c) => ({ id: c, label: cloudSecCategoryLabels[c], n: count(c) })),
  ];
  return (
    <nav aria-label="Resource categories" className="flex flex-wrap gap-1">
      {tabs.map((t) => (
        <Link
          key={t.label}
          to={{ search: withFilters(params, { category: t.id }).toString() }}
          aria-current={active === t.id ? "page" : undefined}
          className={cn(
            "rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap",
            active === t.id
              ? "bg-white text-slate-900 shadow-sm ring-1 ring-slate-200 dark:bg-slate-800 dark:text-white dark:ring-slate-700"
              : "text-slate-700 hover:bg-slate-200/60 dark:text-slate-300 dark:hover:bg-slate-800",
          )}
        >
          {t.label} <span className="tabular-nums text-slate-600 dark:text-slate-400">({t.n})</span>
        </Link>
      ))}
    </nav>
  );
}

function Resources({
  summary,
  tenantName,
  showTenant,
}: {
  summary: CloudSecSummary;
  tenantName: (id: string) => string;
  showTenant: boolean;
}) {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseResourceParams(params), [params]);
  const list = useCloudSecResources(filters);
  let body: ReactNode;
  if (list.isPending) body = <LoadingState label="Loading cloud resources" />;
  else if (list.isError)
    body = <ErrorState title="Could not load the resources" error={list.error} onRetry={() => list.refetch()} />;
  else {
    const { items, total } = list.data;
    const from = total === 0 ? 0 : filters.offset + 1;
    const to = Math.min(filters.offset + items.length, total);
    body = (
      <>
        <p aria-live="polite" data-testid="cloud-sec-status" className="text-sm text-slate-600 dark:text-slate-400">
          {total === 0
            ? "No resource matches these filters."
            : `Showing ${from}–${to} of ${total} ${total === 1 ? "resource" : "resources"}`}
          {list.isFetching && " · refreshing…"}
        </p>
        {total === 0 ? (
          <EmptyState title="No resource matches these filters">
            <Button variant="secondary" size="sm" className="mt-2" onClick={() => setParams(new URLSearchParams())}>
              Clear filters
            </Button>
          </EmptyState>
        ) : (
          <ResourceTable resources={items} filters={filters} tenantName={tenantName} showTenant={showTenant} />
        )}
        {total > resourcePageSize && (
          <nav aria-label="Pages" className="flex items-center justify-end gap-2">
            <Button
              variant="secondary"
              size="sm"
              disabled={filters.offset === 0}
              onClick={() => setParams(withFilters(params, { offset: Math.max(0, filters.offset - resourcePageSize) }))}
            >
              Previous
            </Button>
            <Button
              variant="secondary"
              size="sm"
              disabled={to >= total}
              onClick={() => setParams(withFilters(params, { offset: filters.offset + resourcePageSize }))}
            >
              Next
            </Button>
          </nav>
        )}
      </>
    );
  }
  return (
    <section id="resources" aria-labelledby="cloud-sec-resources-title" className="scroll-mt-4 space-y-3">
      <h2 id="cloud-sec-resources-title" className="text-lg font-semibold text-slate-900 dark:text-white">
        Resources
      </h2>
      <CategoryTabs summary={summary} />
      <ResourceToolbar filters={filters} options={summary} />
      <Card>{body}</Card>
    </section>
  );
}

/** Cloud Sec: figures, misconfigurations by service, the three gap categories and the resources. */
export function CloudSecPage({ tenantName, showTenant }: { tenantName: (id: string) => string; showTenant: boolean }) {
  const summary = useCloudSecSummary();
  const [params] = useSearchParams();
  const canImport = useCan("data.write");
  if (summary.isPending) return <LoadingState label="Loading cloud security" />;
  if (summary.isError)
    return <ErrorState title="Could not load cloud security" error={summary.error} onRetry={() => summary.refetch()} />;
  const s = summary.data;
  if (s.totals.accounts === 0)
    return (
      <EmptyState title="No cloud scans imported yet" icon={<CloudOff aria-hidden className="size-8" />}>
        <span data-testid="cloud-sec-empty">
          Cloud Sec reads the latest scans of cloud accounts (Prowler CSV, JSON or OCSF, ScoutSuite, Trivy).{" "}
          {canImport ? (
            <Link to={paths.compliance.import} className="font-medium text-sky-800 underline dark:text-sky-300">
              Import cloud scan results
            </Link>
          ) : (
            "Someone who can import data adds them in Compliance."
          )}
        </span>
      </EmptyState>
    );
  return (
    <div className="space-y-6">
      <CloudSecFigures summary={s} />
      <section aria-labelledby="cloud-sec-gaps" className="space-y-3">
        <h2 id="cloud-sec-gaps" className="text-lg font-semibold text-slate-900 dark:text-white">
          Gaps by category
        </h2>
        <CategoryCards categories={s.categories} active={parseResourceParams(params).category} />
        <p className="text-xs text-slate-600 dark:text-slate-400">
          Only failing and erroring checks not under an exception count as gaps; a resource can have gaps in several categories.
        </p>
      </section>
      <div className="grid items-start gap-6 *:min-w-0 xl:grid-cols-2">
        <ServiceBars services={s.services} />
        <AccountsList accounts={s.accounts} tenantName={tenantName} showTenant={showTenant} />
      </div>
      <Resources summary={s} tenantName={tenantName} showTenant={showTenant} />
    </div>
  );
}
