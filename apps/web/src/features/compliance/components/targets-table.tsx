import type { ComplianceTargetKind } from "@watchfloor/shared";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Download } from "lucide-react";
import { Button, buttonClass } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/field";
import { Card } from "@/components/ui/page";
import { SmallTable } from "@/components/ui/report-parts";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { Time } from "@/components/ui/time";
import { complianceTargetPath } from "@/config/paths";
import { targetsExportPath, useTargets } from "../api/get-compliance";
import { PassRate } from "@/components/ui/compliance-badges";
import { SeverityCounts } from "./severity-counts";

const PAGE = 50;
const nouns: Record<ComplianceTargetKind, [string, string]> = {
  host: ["host", "hosts"],
  "cloud-account": ["cloud account", "cloud accounts"],
  "kubernetes-cluster": ["cluster", "clusters"],
};

/** Hosts or accounts against their benchmarks; filters live in the URL so a view can be shared. */
export function TargetsTable({
  targetKind,
  tenantName,
  prefix = "",
}: {
  targetKind: ComplianceTargetKind;
  tenantName: (id: string) => string;
  /** Keeps two tables on one page from sharing URL parameters ("k" gives kq, kstale, ksort). */
  prefix?: string;
}) {
  const [search, setSearch] = useSearchParams();
  const q = search.get(`${prefix}q`) ?? "";
  const stale = search.get(`${prefix}stale`);
  const sort = search.get(`${prefix}sort`) ?? "passRate";
  const [limit, setLimit] = useState(PAGE);
  const [draft, setDraft] = useState(q);
  const targets = useTargets({
    targetKind,
    q: q || undefined,
    stale: stale === null ? undefined : stale === "true",
    sort,
    limit,
  });
  const set = (key: string, value: string | null) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(`${prefix}${key}`, value);
        else next.delete(`${prefix}${key}`);
        return next;
      },
      { replace: true },
    );
  const [one, many] = nouns[targetKind];
  return (
    <Card
      title={`${many[0]?.toUpperCase()}${many.slice(1)}`}
      actions={
        <a
          href={targetsExportPath({ targetKind, q: q || undefined, stale: stale === null ? undefined : stale === "true", sort })}
          className={buttonClass("secondary", "sm")}
          download
        >
          <Download aria-hidden className="size-4" /> CSV
        </a>
      }
    >
      <form
        className="mb-4 grid gap-3 sm:grid-cols-3 [&>*]:min-w-0"
        onSubmit={(e) => {
          e.preventDefault();
          set("q", draft.trim() || null);
        }}
      >
        <TextField
          label={`Find a ${one}`}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={() => set("q", draft.trim() || null)}
        />
        <SelectField label="Assessed" value={stale ?? ""} onChange={(e) => set("stale", e.target.value || null)}>
          <option value="">Any time</option>
          <option value="false">In the last 30 days</option>
          <option value="true">Not in the last 30 days</option>
        </SelectField>
        <SelectField label="Sort by" value={sort} onChange={(e) => set("sort", e.target.value)}>
          <option value="passRate">Lowest pass rate</option>
          <option value="failing">Most failing</option>
          <option value="lastScannedAt">Longest since assessed</option>
          <option value="target">Name</option>
        </SelectField>
      </form>
      {targets.isError ? (
        <ErrorState error={targets.error} onRetry={() => targets.refetch()} />
      ) : targets.isPending ? (
        <LoadingState label={`Loading ${many}`} />
      ) : targets.data.items.length === 0 ? (
        <EmptyState title={q || stale ? `No ${many} match` : `No ${many} assessed yet`}>
          {q || stale ? "Change the filters to see more." : "Import a scan to see them here."}
        </EmptyState>
      ) : (
        <>
          <p className="mb-2 text-sm text-slate-600 dark:text-slate-400" data-testid="targets-summary">
            {targets.data.total} {targets.data.total === 1 ? one : many}; {targets.data.stale} not assessed in the last 30 days.
          </p>
          <SmallTable
            caption={many}
            testId="targets-table"
            head={["Target", "Tenant", "Pass rate", "Failing by severity", "Excepted", "Benchmarks", "Last assessed"]}
            rows={targets.data.items.map((t) => [
              <span key="t">
                <Link
                  to={complianceTargetPath(t)}
                  className="font-medium break-words text-sky-800 hover:underline dark:text-sky-300"
                >
                  {t.targetId}
                </Link>
                {t.targetName && t.targetName !== t.targetId && (
                  <span className="block text-xs text-slate-600 dark:text-slate-400">{t.targetName}</span>
                )}
              </span>,
              tenantName(t.tenantId),
              <PassRate key="p" rate={t.tally.passRate} label={`${t.targetId} pass rate`} />,
              <SeverityCounts key="s" counts={t.failingBySeverity} errors={t.tally.error} />,
              t.tally.excepted,
              <span key="b" className="text-xs">
                {t.benchmarks.join(", ")}
              </span>,
              <span key="l" className={t.stale ? "font-medium text-red-800 dark:text-red-300" : undefined}>
                <Time iso={t.lastScannedAt} mode="relative" />
                {t.stale && " (stale)"}
              </span>,
            ])}
          />
          {targets.data.total > targets.data.items.length && (
            <div className="mt-3 flex justify-center">
              <Button variant="secondary" size="sm" onClick={() => setLimit((l) => l + PAGE)} loading={targets.isFetching}>
                Show more ({targets.data.total - targets.data.items.length} left)
              </Button>
            </div>
          )}
        </>
      )}
    </Card>
  );
}
