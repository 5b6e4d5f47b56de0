import { ScanSearch } from "lucide-react";
import { Link } from "react-router";
import { buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/page";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { paths } from "@/config/paths";
import { useRiskSummary } from "../api/get-risk-summary";
import { ExposureFigures } from "./exposure-figures";
import { FactorList } from "./factor-list";
import { PriorityAgeTable } from "./priority-age-table";
import { ScoreCard } from "./score-card";
import { ScoreMethod } from "./score-method";
import { TenantRiskTable } from "./tenant-risk-table";
import { TopAssets } from "./top-assets";
import { TopRisks } from "./top-risks";
import { TrendChart } from "./trend-chart";

/** The Executive Risk View for the tenants in scope (the header's picker), trend window from the URL. */
export function ExecutiveRiskView({ days }: { days: number }) {
  const summary = useRiskSummary(days);
  if (summary.isPending) return <LoadingState label="Computing the risk score" />;
  if (summary.isError)
    return <ErrorState title="Could not load the risk view" error={summary.error} onRetry={() => summary.refetch()} />;
  const s = summary.data;
  if (!s.hasFindings) {
    return (
      <EmptyState title="No findings yet: import a scan" icon={<ScanSearch aria-hidden className="size-8" />}>
        <p>
          The score comes from open vulnerability findings. Import a scanner report (Nessus, OpenVAS, Trivy, Qualys and more) for
          a tenant, and load the CISA KEV catalog to weigh what is being exploited.
        </p>
        <Link to={paths.risk.scanImport} className={`${buttonClass("primary", "sm")} mt-4`}>
          Import a scan
        </Link>
      </EmptyState>
    );
  }
  const several = s.tenants !== null;
  return (
    <div className="space-y-6" aria-busy={summary.isFetching} data-testid="risk-view">
      <div className="grid gap-6 lg:grid-cols-3">
        <ScoreCard summary={s} />
        <div className="min-w-0 lg:col-span-2">
          <FactorList score={s.score} />
        </div>
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <Card title={`Score over the last ${days} days`} className="min-w-0 lg:col-span-2">
          <TrendChart trend={s.trend} />
        </Card>
        <ExposureFigures summary={s} />
      </div>
      <div className="grid gap-6 xl:grid-cols-5">
        <div className="min-w-0 xl:col-span-3">
          <TopRisks risks={s.topRisks} showTenant={several} />
        </div>
        <div className="min-w-0 space-y-6 xl:col-span-2">
          <PriorityAgeTable summary={s} />
          <ScoreMethod />
        </div>
      </div>
      <TopAssets assets={s.topAssets} showTenant={several} />
      {s.tenants && <TenantRiskTable rows={s.tenants} />}
    </div>
  );
}
