import type { MdrCoverage, MdrCoverageSource, MdrVisibility } from "@watchfloor/shared";
import { Info } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badges";
import { Button, buttonClass } from "@/components/ui/button";
import { TenantSelectField } from "@/components/ui/field";
import { Card } from "@/components/ui/page";
import { ErrorState, LoadingState, Notice } from "@/components/ui/states";
import { cell, rowClass, TableFrame } from "@/components/ui/table-frame";
import { paths } from "@/config/paths";
import { useCan } from "@/lib/permissions";
import { setSelectedTenantId, useSelectedTenantId } from "@/lib/tenant-scope";
import { useMdrCoverage } from "../api/get-mdr";
import { SourceComponentsDialog } from "./source-components-dialog";
import { muted } from "./mdr-parts";

const visibilityBadge: Record<MdrVisibility, { color: "emerald" | "amber" | "red"; label: string }> = {
  full: { color: "emerald", label: "Visible" },
  partial: { color: "amber", label: "Partly visible" },
  none: { color: "red", label: "No source sees it" },
};
const fromLabel = { set: "set for this source", default: "defaults by name", none: "none known" } as const;

/**
 * Detection coverage of one client: the ATT&CK techniques seen in its alerts (30 days) against
 * those its data sources can see, and each source's data components (docs/mdr.md).
 */
export function DetectionCoverage({ tenants }: { tenants: { id: string; name: string }[] }) {
  const selected = useSelectedTenantId();
  const [tenantId, setTenantId] = useState(tenants.find((t) => t.id === selected)?.id ?? tenants[0]?.id ?? "");
  const coverage = useMdrCoverage(tenantId || null);
  return (
    <Card title="Detection coverage">
      <div className="mb-4 flex flex-wrap items-end gap-3">
        {tenants.length > 1 && (
          <div className="w-64">
            <TenantSelectField label="Client" value={tenantId} onChange={(e) => setTenantId(e.target.value)} tenants={tenants} />
          </div>
        )}
        <Link
          to={`${paths.risk.attack}?view=coverage&visibility=${encodeURIComponent(tenantId)}`}
          onClick={() => setSelectedTenantId(tenantId)}
          className={buttonClass("secondary", "sm")}
        >
          Show on the ATT&CK matrix
        </Link>
      </div>
      {coverage.isPending ? (
        <LoadingState label="Loading detection coverage" />
      ) : coverage.isError ? (
        <ErrorState error={coverage.error} onRetry={() => coverage.refetch()} />
      ) : (
        <CoverageBody data={coverage.data} />
      )}
    </Card>
  );
}

function CoverageBody({ data }: { data: MdrCoverage }) {
  const seen = data.techniques.filter((t) => t.alerts > 0);
  const order: Record<MdrVisibility, number> = { none: 0, partial: 1, full: 2 };
  seen.sort((a, b) => order[a.visibility] - order[b.visibility] || b.alerts - a.alerts);
  const figures = [
    ["Techniques in alerts (30 days)", data.totals.seen],
    ["Seen, though no source sees them", data.totals.seenNotVisible],
    ["Visible to the sources", data.totals.full],
    ["Partly visible", data.totals.partial],
    ["Techniques in the catalogue", data.totals.catalogue],
  ] as const;
  return (
    <div className="space-y-6">
      {!data.catalogueLoaded && (
        <Notice tone="info">
          <span className="inline-flex items-start gap-2" data-testid="mdr-coverage-no-catalogue">
            <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
            <span>
              What the sources can see comes from the detection strategies of the ATT&CK catalogue, which a platform admin loads
              in{" "}
              <a href={`${paths.administration}?tab=attack`} className="font-medium underline">
                Administration → ATT&CK catalogue
              </a>
              . Until then only the techniques seen in alerts are listed.
            </span>
          </span>
        </Notice>
      )}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" data-testid="mdr-coverage-figures">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-lg border border-slate-200 p-3 dark:border-slate-800">
            <dt className={muted}>{label}</dt>
            <dd className="mt-1 text-xl font-semibold text-slate-900 tabular-nums dark:text-white">{value}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="mdr-coverage-seen" className="space-y-2">
        <h3 id="mdr-coverage-seen" className="text-sm font-semibold text-slate-900 dark:text-white">
          Techniques seen in {data.tenantName}'s alerts
        </h3>
        {seen.length === 0 ? (
          <p className={muted}>No alert of the last 30 days names an ATT&CK technique.</p>
        ) : (
          <TableFrame
            label="Techniques seen"
            caption="Techniques named by the client's alerts in the last 30 days, with how visible each is to its data sources."
            headers={["Technique", "Alerts", "Visibility"]}
            testId="mdr-coverage-techniques"
            minWidth="min-w-[32rem]"
          >
            {seen.map((t) => (
              <tr key={t.id} className={rowClass} data-testid="mdr-coverage-technique" data-visibility={t.visibility}>
                <th scope="row" className={`${cell} pl-5 text-left font-normal`}>
                  <span className="font-mono font-semibold">{t.id}</span> {t.name}
                </th>
                <td className={`${cell} tabular-nums`}>{t.alerts}</td>
                <td className={`${cell} pr-5`}>
                  <Badge color={visibilityBadge[t.visibility].color}>{visibilityBadge[t.visibility].label}</Badge>
                </td>
              </tr>
            ))}
          </TableFrame>
        )}
      </section>
      <SourcesTable data={data} />
    </div>
  );
}

function SourcesTable({ data }: { data: MdrCoverage }) {
  const [editing, setEditing] = useState<MdrCoverageSource | null>(null);
  const canSet = useCan("members.manage", data.tenantId) && data.catalogueLoaded;
  const names = new Map(data.components.map((c) => [c.id, c.name]));
  return (
    <section aria-labelledby="mdr-coverage-sources" className="space-y-2">
      <h3 id="mdr-coverage-sources" className="text-sm font-semibold text-slate-900 dark:text-white">
        What each data source supplies
      </h3>
      <TableFrame
        label="Data components per source"
        caption="Each data source of the client with the ATT&CK data components it supplies."
        headers={["Source", "Data components", ""]}
        testId="mdr-coverage-sources"
        minWidth="min-w-[36rem]"
      >
        {data.sources.map((s) => (
          <tr key={`${s.tool} ${s.sensor}`} className={rowClass} data-testid="mdr-coverage-source">
            <th scope="row" className={`${cell} pl-5 text-left font-medium text-slate-900 dark:text-white`}>
              {s.tool}
              {s.sensor && s.sensor !== s.tool && <div className={`${muted} font-normal`}>{s.sensor}</div>}
            </th>
            <td className={cell}>
              {s.components.length === 0 ? "None" : s.components.map((id) => names.get(id) ?? id).join(", ")}
              <div className={muted}>{fromLabel[s.componentsFrom]}</div>
            </td>
            <td className={`${cell} pr-5`}>
              {canSet && (
                <Button size="sm" variant="secondary" onClick={() => setEditing(s)}>
                  Change<span className="sr-only"> the data components of {s.tool}</span>
                </Button>
              )}
            </td>
          </tr>
        ))}
      </TableFrame>
      {editing && (
        <SourceComponentsDialog
          tenantId={data.tenantId}
          source={editing}
          components={data.components}
          onClose={() => setEditing(null)}
        />
      )}
    </section>
  );
}
