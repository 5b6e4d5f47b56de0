import { type AssetDetail, priorities } from "@watchfloor/shared";
import { FieldGroup } from "@/components/ui/field-group";
import { Card } from "@/components/ui/page";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { Time } from "@/components/ui/time";
import { paths } from "@/config/paths";
import { cn } from "@/lib/cn";
import { useAsset } from "../api/get-asset";
import { none } from "./finding-badges";
import { FindingsList } from "./findings-list";
import { DetailHeader } from "@/components/triage/detail-header";

const text = (v: string | null) => v ?? none;
const severityStyle = {
  Critical: "border-red-200 bg-red-50 text-red-900 dark:border-red-900 dark:bg-red-950/40 dark:text-red-100",
  High: "border-orange-200 bg-orange-50 text-orange-900 dark:border-orange-900 dark:bg-orange-950/40 dark:text-orange-100",
  Medium: "border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-100",
  Low: "border-slate-200 bg-slate-50 text-slate-900 dark:border-slate-700 dark:bg-slate-800/60 dark:text-slate-100",
} as const;

function Identities({ identities }: { identities: AssetDetail["asset"]["identities"] }) {
  if (identities.length === 0) return none;
  return (
    <ul className="space-y-0.5">
      {identities.map((i) => (
        <li key={`${i.kind}:${i.value}`}>
          <span className="text-xs text-slate-600 uppercase dark:text-slate-400">{i.kind}</span>{" "}
          <span className="font-mono text-xs break-all">{i.value}</span>
        </li>
      ))}
    </ul>
  );
}

/** Open findings by severity, KEV and overdue counts, the next due date and the status breakdown. */
function FindingCounts({ findings }: { findings: AssetDetail["findings"] }) {
  const statuses = Object.entries(findings.byStatus).filter(([, n]) => n > 0);
  return (
    <Card title="Open findings">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6" data-testid="asset-counts">
        {[...priorities].reverse().map((p) => (
          <div key={p} className={cn("rounded-lg border px-4 py-3", severityStyle[p])}>
            <dt className="text-xs font-medium">{p}</dt>
            <dd className="mt-1 text-2xl font-semibold tabular-nums">{findings.openBySeverity[p]}</dd>
          </div>
        ))}
        <div className="rounded-lg border border-slate-200 px-4 py-3 dark:border-slate-800">
          <dt className="text-xs font-medium text-slate-600 dark:text-slate-400">In CISA KEV</dt>
          <dd className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums dark:text-white">{findings.kevCount}</dd>
        </div>
        <div className="rounded-lg border border-slate-200 px-4 py-3 dark:border-slate-800">
          <dt className="text-xs font-medium text-slate-600 dark:text-slate-400">Overdue</dt>
          <dd
            className={cn(
              "mt-1 text-2xl font-semibold tabular-nums",
              findings.overdueCount > 0 ? "text-red-800 dark:text-red-300" : "text-slate-900 dark:text-white",
            )}
          >
            {findings.overdueCount}
          </dd>
        </div>
      </dl>
      <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">
        {findings.total} finding(s) in all
        {statuses.length > 0 && `: ${statuses.map(([s, n]) => `${n} ${s}`).join(", ")}`}.
        {findings.nextDueAt && (
          <>
            {" "}
            Next due <Time iso={findings.nextDueAt} mode="absolute" />.
          </>
        )}
      </p>
    </Card>
  );
}

/** The asset page: its fields, counts by severity, and its findings (the list, pinned to this asset). */
export function AssetDetailView({ assetId }: { assetId: string }) {
  const detail = useAsset(assetId);
  if (detail.isPending) return <LoadingState label="Loading asset" />;
  if (detail.isError)
    return <ErrorState error={detail.error} onRetry={() => detail.refetch()} title="Could not load this asset" />;
  const { asset, findings } = detail.data;
  return (
    <div className="space-y-6">
      <DetailHeader back={{ to: paths.risk.vulnerabilities, label: "Vulnerabilities" }} title={asset.name}>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          <span className="font-mono">{asset.assetKey}</span> · {asset.type ?? "Unknown type"} · {asset.tenantName}
        </p>
      </DetailHeader>
      <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <FieldGroup
          title="Asset"
          fields={[
            [
              "Asset id",
              <span key="k" className="font-mono">
                {asset.assetKey}
              </span>,
            ],
            ["Name", asset.name],
            ["Type", text(asset.type)],
            ["Identities", <Identities key="i" identities={asset.identities} />],
            ["Department", text(asset.department)],
            ["Business impact", text(asset.businessImpact)],
            ["Environment", text(asset.environment)],
            ["Site", text(asset.site)],
            ["Owner", text(asset.owner)],
            ["Highest open score", asset.maxScore === null ? none : asset.maxScore.toFixed(1)],
            ["First seen", <Time key="f" iso={asset.createdAt} mode="absolute" />],
            ["Last seen", <Time key="l" iso={asset.lastSeenAt} mode="absolute" />],
          ]}
        />
        <FindingCounts findings={findings} />
      </div>
      <section aria-labelledby="asset-findings" className="space-y-3">
        <h2 id="asset-findings" className="text-lg font-semibold text-slate-900 dark:text-white">
          Findings on this asset
        </h2>
        <FindingsList assetId={asset.id} />
      </section>
    </div>
  );
}
