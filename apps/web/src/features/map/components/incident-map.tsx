import type { MapCategory, MapPoint } from "@watchfloor/shared";
import { MapPinned } from "lucide-react";
import { lazy, Suspense, useMemo, useRef, useState } from "react";
import { Card } from "@/components/ui/page";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { useMapPoints } from "../api/get-map-points";
import { categoryStyle, mapCategories } from "../lib/categories";
import { MapLegend } from "./map-legend";
import { PointPanel } from "./point-panel";

// d3-geo, topojson-client and the world geometry: a chunk of their own, fetched with the page.
const WorldMap = lazy(() => import("./world-map"));

const mapFrame = "flex min-h-[180px] items-center justify-center rounded-lg bg-sky-50 dark:bg-slate-950";

function FeedsTheMap() {
  return (
    <p>
      Incidents are placed by the site of the asset their alerts name (Cloud, On-premise, Hybrid), by the country of a public
      source address (External Threat), or at the asset&apos;s site when the root cause is human error or a malicious insider.
      Private and reserved addresses are never placed.
    </p>
  );
}

function BusiestPlaces({ points, onSelect }: { points: MapPoint[]; onSelect: (points: MapPoint[]) => void }) {
  if (points.length === 0) return null;
  return (
    <section aria-labelledby="busiest-title">
      <h2 id="busiest-title" className="text-base font-semibold text-slate-900 dark:text-white">
        Busiest locations
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">Pick a marker or a location to list its incidents.</p>
      <ol className="mt-3 space-y-1" data-testid="busiest-locations">
        {points.slice(0, 8).map((point) => (
          <li key={point.id}>
            <button
              type="button"
              onClick={() => onSelect([point])}
              className="-mx-2 flex w-[calc(100%+1rem)] items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm hover:bg-slate-50 dark:hover:bg-slate-800/60"
            >
              <span
                aria-hidden
                className="size-2.5 shrink-0 rounded-full"
                style={{ background: categoryStyle[point.category].fill }}
              />
              <span className="min-w-0 flex-1 truncate text-slate-800 dark:text-slate-200">
                {point.name}
                <span className="text-slate-600 dark:text-slate-400"> · {point.category}</span>
              </span>
              <span className="font-semibold tabular-nums text-slate-900 dark:text-white">{point.count}</span>
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Incidents of the window on a world map: legend filter, markers that cluster, a panel per marker. */
export function IncidentMap({ from, to, rangeLabel }: { from: string; to: string; rangeLabel: string }) {
  const query = useMapPoints(from, to);
  const [hidden, setHidden] = useState<ReadonlySet<MapCategory>>(new Set());
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(new Set());
  const panelRef = useRef<HTMLDivElement>(null);
  const points = query.data?.points;

  const counts = useMemo(() => {
    const out = Object.fromEntries(mapCategories.map((c) => [c, 0])) as Record<MapCategory, number>;
    for (const p of points ?? []) out[p.category] += p.count;
    return out;
  }, [points]);
  const visible = useMemo(() => (points ?? []).filter((p) => !hidden.has(p.category)), [points, hidden]);
  // The open marker closes when its points are filtered out or the window no longer has them.
  const selected = useMemo(() => visible.filter((p) => selectedIds.has(p.id)), [visible, selectedIds]);
  const multiTenant = useMemo(
    () => new Set((points ?? []).flatMap((p) => p.incidents.map((i) => i.tenantId))).size > 1,
    [points],
  );

  if (query.isPending) return <LoadingState label="Loading the incident map" />;
  if (query.isError)
    return <ErrorState title="Could not load the incident map" error={query.error} onRetry={() => query.refetch()} />;
  const data = query.data;
  const toggle = (category: MapCategory) =>
    setHidden((old) => {
      const next = new Set(old);
      if (!next.delete(category)) next.add(category);
      return next;
    });
  const select = (chosen: MapPoint[]) => {
    setSelectedIds(new Set(chosen.map((p) => p.id)));
    // Below the map (narrow screens) the list would open out of sight: bring it into view.
    if (!window.matchMedia("(min-width: 80rem)").matches)
      requestAnimationFrame(() => panelRef.current?.scrollIntoView({ block: "nearest" }));
  };
  const announced = selected.length
    ? `${selected.length === 1 ? selected[0]?.name : `${selected.length} locations`}: ${selected.reduce((n, p) => n + p.count, 0)} incidents listed`
    : "";
  const unplaced = data.incidents - data.placed;

  return (
    <div className="space-y-4" aria-busy={query.isFetching}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <MapLegend counts={counts} hidden={hidden} onToggle={toggle} onShowAll={() => setHidden(new Set())} />
        {/* Always present, so screen readers announce what a newly opened marker lists. */}
        <p className="sr-only" aria-live="polite">
          {announced}
        </p>
        <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="map-summary">
          {data.placed.toLocaleString("en")} of {data.incidents.toLocaleString("en")} incidents placed
          {unplaced > 0 && ` · ${unplaced.toLocaleString("en")} without a known location`}
          {data.truncated && " · newest incidents only"}
        </p>
      </div>
      <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_20rem]">
        {/* Less padding than <Card>: the map gets the width. */}
        <section
          aria-label="World map"
          className="min-w-0 rounded-xl border border-slate-200 bg-white p-2 shadow-sm sm:p-3 dark:border-slate-800 dark:bg-slate-900"
        >
          <div className="relative">
            <Suspense
              fallback={
                <div className={mapFrame}>
                  <LoadingState label="Drawing the map" />
                </div>
              }
            >
              <WorldMap points={visible} selected={new Set(selected.map((p) => p.id))} onSelect={select} />
            </Suspense>
            {data.points.length === 0 ? (
              <div className="pointer-events-none absolute inset-0 flex items-center justify-center p-4" data-testid="map-empty">
                <div className="max-w-sm rounded-lg border border-slate-200 bg-white/95 px-4 py-3 text-center shadow-sm dark:border-slate-700 dark:bg-slate-900/95">
                  <p className="flex items-center justify-center gap-2 font-medium text-slate-900 dark:text-white">
                    <MapPinned aria-hidden className="size-5 shrink-0 text-slate-500 dark:text-slate-400" />
                    No incidents with a known location in this window
                  </p>
                  <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                    {data.incidents > 0
                      ? `${data.incidents.toLocaleString("en")} incidents were created in ${rangeLabel}; none has a site or a public source.`
                      : `No incidents were created in ${rangeLabel}.`}
                  </p>
                </div>
              </div>
            ) : visible.length === 0 ? (
              <div className="pointer-events-none absolute inset-0 flex items-center justify-center p-4">
                <p className="rounded-lg bg-white/95 px-4 py-3 text-sm text-slate-700 shadow-sm dark:bg-slate-900/95 dark:text-slate-300">
                  Every category is hidden. Use the legend to show them again.
                </p>
              </div>
            ) : null}
          </div>
          <p className="mt-2 px-1 text-xs text-slate-600 dark:text-slate-400">
            Countries: Natural Earth. Source-address countries: RIR WHOIS and ASN data (ip-location-db, CC BY 4.0 NRO), looked up
            on this server.
          </p>
        </section>
        {/* Beside the map the panel takes the map's height and scrolls; below it, it grows up to a limit. */}
        <Card className="relative min-w-0">
          <div ref={panelRef} className="flex max-h-[32rem] scroll-mt-4 flex-col xl:absolute xl:inset-5 xl:max-h-none">
            {selected.length > 0 ? (
              <PointPanel points={selected} multiTenant={multiTenant} onClose={() => setSelectedIds(new Set())} />
            ) : visible.length > 0 ? (
              <BusiestPlaces points={visible} onSelect={select} />
            ) : (
              <div className="text-sm text-slate-600 dark:text-slate-400" data-testid="map-feeds">
                <h2 className="mb-1 text-base font-semibold text-slate-900 dark:text-white">What feeds the map</h2>
                <FeedsTheMap />
              </div>
            )}
          </div>
        </Card>
      </div>
    </div>
  );
}
