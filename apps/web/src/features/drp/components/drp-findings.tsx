import {
  type DrpConfidence,
  type DrpFinding,
  drpConfidences,
  drpFindingKinds,
  drpFindingStatuses,
  drpStatusLabels,
  roleCan,
  type Tenant,
} from "@watchfloor/shared";
import { useSearchParams } from "react-router";
import { Badge } from "@/components/ui/badges";
import { Button } from "@/components/ui/button";
import { SelectField, TenantSelectField } from "@/components/ui/field";
import { ListFooter } from "@/components/ui/list-footer";
import { Card } from "@/components/ui/page";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { cell, rowClass, TableFrame } from "@/components/ui/table-frame";
import { Time } from "@/components/ui/time";
import { type FindingFilters, useDrpFindings } from "../api/findings";
import { FindingStatus } from "./finding-status";

export const findingKindLabels: Record<DrpFinding["kind"], string> = {
  "lookalike-domain": "Look-alike domain",
  "brand-in-domain": "Brand in domain",
  "executive-in-domain": "Executive in domain",
  "leaked-credential": "Leaked credential",
};
const confidenceTone: Record<DrpConfidence, "red" | "amber" | "slate"> = { high: "red", medium: "amber", low: "slate" };
const sourceLabels: Record<DrpFinding["lastEvidence"]["source"], string> = {
  "newly-registered": "Newly registered",
  "cert-transparency": "Certificate transparency",
  "leaked-credentials": "Leaked credentials",
  "dns-log": "DNS log",
  "proxy-log": "Proxy log",
  alerts: "Alert",
};
const FILTERS = ["status", "kind", "confidence", "tenant"] as const;

function evidenceText(e: DrpFinding["lastEvidence"]): string {
  return `${sourceLabels[e.source]}${e.line !== null ? `, line ${e.line}` : ""}: ${e.detail}`;
}

const td = `${cell} text-slate-700 dark:text-slate-300`;

/** DRP findings of the tenants in scope that have DRP: filters in the URL, keyset pages, status moves. */
export function DrpFindings({ tenants }: { tenants: Tenant[] }) {
  const [params, setParams] = useSearchParams();
  const filters: FindingFilters = {
    status: params.get("status") ?? "",
    kind: params.get("kind") ?? "",
    confidence: params.get("confidence") ?? "",
    tenantId: params.get("tenant") ?? "",
  };
  const findings = useDrpFindings(filters, tenants.length > 0);
  const set = (key: (typeof FILTERS)[number], value: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  const filtered = FILTERS.some((f) => params.get(f));
  const writable = (f: DrpFinding) => tenants.some((t) => t.id === f.tenantId && roleCan(t.role, "data.write"));
  const nameOf = (id: string) => tenants.find((t) => t.id === id)?.name ?? id;
  const items = findings.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <Card title="Findings">
      <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4" data-testid="drp-filters">
        <SelectField label="Status" value={filters.status} onChange={(e) => set("status", e.target.value)}>
          <option value="">Any status</option>
          {drpFindingStatuses.map((s) => (
            <option key={s} value={s}>
              {drpStatusLabels[s]}
            </option>
          ))}
        </SelectField>
        <SelectField label="Kind" value={filters.kind} onChange={(e) => set("kind", e.target.value)}>
          <option value="">Any kind</option>
          {drpFindingKinds.map((k) => (
            <option key={k} value={k}>
              {findingKindLabels[k]}
            </option>
          ))}
        </SelectField>
        <SelectField label="Confidence" value={filters.confidence} onChange={(e) => set("confidence", e.target.value)}>
          <option value="">Any confidence</option>
          {drpConfidences.map((c) => (
            <option key={c} value={c}>
              {c[0]?.toUpperCase()}
              {c.slice(1)}
            </option>
          ))}
        </SelectField>
        {tenants.length > 1 && (
          <TenantSelectField
            label="Tenant"
            value={filters.tenantId}
            onChange={(e) => set("tenant", e.target.value)}
            tenants={tenants}
            allLabel="All tenants"
          />
        )}
      </div>
      {filtered && (
        <div className="mb-4">
          <Button size="sm" variant="ghost" onClick={() => setParams(new URLSearchParams(), { replace: true })}>
            Clear filters
          </Button>
        </div>
      )}
      {findings.isPending ? (
        <LoadingState label="Loading findings" />
      ) : findings.isError ? (
        <ErrorState error={findings.error} onRetry={() => findings.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState title={filtered ? "No findings match these filters" : "No findings yet"}>
          {filtered
            ? "Clear a filter to see more."
            : "Import a newly registered domains, certificate transparency or leaked credentials feed, or scan recent alerts."}
        </EmptyState>
      ) : (
        <div className="space-y-3">
          <TableFrame
            label="DRP findings"
            caption="DRP findings in scope, with their evidence and status."
            headers={["Domain or address", "Kind", "Confidence", "Watched asset", "Seen", "Evidence", "Status"]}
            testId="drp-findings"
            minWidth="min-w-[60rem]"
          >
            {items.map((f) => (
              <tr key={f.id} className={rowClass} data-testid="drp-finding">
                <td className={`${cell} pl-5`}>
                  <span className="font-medium whitespace-nowrap text-slate-900 dark:text-white">{f.display}</span>
                  {f.display !== f.value && (
                    <span className="block font-mono text-xs text-slate-600 dark:text-slate-400">{f.value}</span>
                  )}
                  {tenants.length > 1 && (
                    <span className="block text-xs text-slate-600 dark:text-slate-400">{nameOf(f.tenantId)}</span>
                  )}
                </td>
                <td className={td}>
                  {findingKindLabels[f.kind]}
                  {f.techniques.length > 0 && (
                    <span className="block text-xs text-slate-600 dark:text-slate-400">
                      {f.techniques.map((t) => t.replaceAll("-", " ")).join(", ")}
                    </span>
                  )}
                </td>
                <td className={td}>
                  <Badge color={confidenceTone[f.confidence]}>{f.confidence}</Badge>
                </td>
                <td className={td}>{f.watched.value}</td>
                <td className={`${td} text-xs whitespace-nowrap`}>
                  <span className="block">
                    First <Time iso={f.firstSeen} mode="absolute" />
                  </span>
                  <span className="block">
                    Last <Time iso={f.lastSeen} mode="absolute" />
                  </span>
                  <span className="block">
                    {f.sightings} sighting{f.sightings === 1 ? "" : "s"}
                  </span>
                </td>
                <td className={`${td} max-w-72 text-xs break-words`}>{evidenceText(f.lastEvidence)}</td>
                <td className={`${cell} pr-5`}>
                  <FindingStatus finding={f} canChange={writable(f)} />
                  {f.statusChangedBy && (
                    <span className="mt-1 block text-xs text-slate-600 dark:text-slate-400">
                      by {f.statusChangedBy}, <Time iso={f.statusChangedAt} mode="relative" />
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </TableFrame>
          <ListFooter
            count={items.length}
            noun={items.length === 1 ? "finding" : "findings"}
            hasMore={findings.hasNextPage}
            loadingMore={findings.isFetchingNextPage}
            refreshing={findings.isFetching && !findings.isFetchingNextPage}
            onLoadMore={() => findings.fetchNextPage()}
          />
        </div>
      )}
    </Card>
  );
}
