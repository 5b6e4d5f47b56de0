import { Radar } from "lucide-react";
import { type ReactNode, useMemo } from "react";
import { useSearchParams } from "react-router";
import { useMediaQuery } from "@/components/layout/use-sidebar-state";
import { Button } from "@/components/ui/button";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { useSession } from "@/lib/session";
import { useSelectedTenantId } from "@/lib/tenant-scope";
import { useAttackSurface } from "../api/get-attack-surface";
import { filterChips, parseSurfaceParams, surfacePageSize, withFilters } from "../lib/surface-params";
import { ExposureCards } from "./exposure-cards";
import { ExposureTable } from "./exposure-table";
import { NmapUpload, scanCommand } from "./nmap-upload";
import { ScanHistory } from "./scan-history";
import { SurfaceFigures } from "./surface-figures";
import { SurfaceToolbar } from "./surface-toolbar";

/** Attack Surface: summary figures, the exposures by asset with filters in the URL, the nmap upload and the scan history. */
export function AttackSurfacePage() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseSurfaceParams(params), [params]);
  const surface = useAttackSurface(filters);
  const selected = useSelectedTenantId();
  const memberships = useSession()?.user?.memberships.length ?? 0;
  const showTenant = !selected && memberships > 1;
  const data = surface.data;
  const filtered = filterChips(filters).length > 0;
  // The table needs the room the docked sidebar leaves from the xl breakpoint; below, cards.
  const wide = useMediaQuery("(min-width: 1280px)");

  let body: ReactNode;
  if (surface.isPending) body = <LoadingState label="Loading the attack surface" />;
  else if (surface.isError)
    body = <ErrorState title="Could not load the attack surface" error={surface.error} onRetry={() => surface.refetch()} />;
  else if (data && data.summary.assets === 0)
    body = (
      <EmptyState title="No external assets yet" icon={<Radar aria-hidden className="size-8" />}>
        <span data-testid="surface-empty">
          Import an nmap XML scan:{" "}
          <code className="rounded bg-slate-100 px-1 py-0.5 text-xs dark:bg-slate-800">{scanCommand}</code>. Internet-facing
          assets from vulnerability scans appear here too.{" "}
          <a href="#import-scan" className="font-medium text-sky-800 underline dark:text-sky-300">
            Import a scan
          </a>
        </span>
      </EmptyState>
    );
  else if (data) {
    const from = data.total === 0 ? 0 : filters.offset + 1;
    const to = Math.min(filters.offset + data.items.length, data.total);
    const services = data.items.reduce((n, a) => n + a.services.length, 0);
    body = (
      <div className="space-y-3">
        <SurfaceToolbar filters={filters} />
        <p aria-live="polite" data-testid="surface-status" className="text-sm text-slate-600 dark:text-slate-400">
          {data.total === 0
            ? "No exposures match these filters."
            : `Showing ${from}–${to} of ${data.total} ${data.total === 1 ? "asset" : "assets"} · ${services} open ${services === 1 ? "service" : "services"}`}
          {surface.isFetching && " · refreshing…"}
        </p>
        {data.total === 0 ? (
          <EmptyState title="No exposures match these filters">
            {filtered && (
              <Button
                variant="secondary"
                size="sm"
                className="mt-2"
                onClick={() => setParams(withFilters(new URLSearchParams(), { sort: filters.sort }))}
              >
                Clear filters
              </Button>
            )}
          </EmptyState>
        ) : wide ? (
          <ExposureTable assets={data.items} showTenant={showTenant} />
        ) : (
          <ExposureCards assets={data.items} showTenant={showTenant} />
        )}
        {data.total > surfacePageSize && (
          <nav aria-label="Pages" className="flex items-center justify-end gap-2">
            <Button
              variant="secondary"
              size="sm"
              disabled={filters.offset === 0}
              onClick={() => setParams(withFilters(params, { offset: Math.max(0, filters.offset - surfacePageSize) }))}
            >
              Previous
            </Button>
            <Button
              variant="secondary"
              size="sm"
              disabled={to >= data.total}
              onClick={() => setParams(withFilters(params, { offset: filters.offset + surfacePageSize }))}
            >
              Next
            </Button>
          </nav>
        )}
      </div>
    );
  }

  return (
    <div className="space-y-6">
      {data && data.summary.assets > 0 && <SurfaceFigures summary={data.summary} />}
      {body}
      <div className="grid items-start gap-6 *:min-w-0 xl:grid-cols-2">
        <NmapUpload />
        <ScanHistory showTenant={showTenant} />
      </div>
    </div>
  );
}
