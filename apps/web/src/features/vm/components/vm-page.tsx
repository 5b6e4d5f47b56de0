import { ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { paths } from "@/config/paths";
import { useCan } from "@/lib/permissions";
import { useVmOverview } from "../api/vm";
import { Acceptances } from "./acceptances";
import { Campaigns } from "./campaigns";
import { FixGroups } from "./fix-groups";
import { SeverityAgeTable } from "./severity-age-table";
import { SlaTrendTable } from "./sla-trend-table";
import { VmFigures } from "./vm-figures";
import { VmTenantTable } from "./vm-tenant-table";

/**
 * VM: the programme over the findings in scope (docs/vm.md): figures, age and SLA, tenants
 * compared, fix groups and campaigns. `writable`: tenants with VM where the person may start campaigns.
 */
export function VmPage({
  writable,
  accepting,
  showTenants,
}: {
  writable: { id: string; name: string }[];
  /** Tenants with VM where the person may accept risk. */
  accepting: { id: string; name: string }[];
  showTenants: boolean;
}) {
  const overview = useVmOverview();
  const canWrite = useCan("data.write") && writable.length > 0;
  if (overview.isPending) return <LoadingState label="Loading vulnerability management" />;
  if (overview.isError)
    return (
      <ErrorState title="Could not load vulnerability management" error={overview.error} onRetry={() => overview.refetch()} />
    );
  const o = overview.data;
  if (o.totals.open === 0 && o.totals.assets === 0 && o.trend.every((p) => p.closed === 0))
    return (
      <EmptyState title="No scanner findings yet" icon={<ShieldCheck aria-hidden className="size-8" />}>
        <span data-testid="vm-empty">
          VM reads the findings of the vulnerable-asset list.{" "}
          {canWrite ? (
            <Link to={paths.risk.scanImport} className="font-medium text-sky-800 underline dark:text-sky-300">
              Import a scanner report
            </Link>
          ) : (
            "Someone who can import data adds scanner reports."
          )}
        </span>
      </EmptyState>
    );
  return (
    <div className="space-y-6">
      <VmFigures overview={o} />
      <div className="grid items-start gap-6 *:min-w-0 2xl:grid-cols-2">
        <SeverityAgeTable overview={o} />
        <SlaTrendTable overview={o} />
      </div>
      {showTenants && <VmTenantTable overview={o} />}
      <FixGroups canStart={canWrite} tenants={writable} acceptTenants={accepting} />
      <Acceptances />
      <Campaigns />
    </div>
  );
}
