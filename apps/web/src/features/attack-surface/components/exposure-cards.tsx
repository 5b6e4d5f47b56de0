import type { SurfaceAsset } from "@watchfloor/shared";
import { Time } from "@/components/ui/time";
import { cn } from "@/lib/cn";
import { AssetSummary, closedReason, PortLabel, ServiceLabel, serviceOrigin } from "./asset-summary";
import { CertificateCell } from "./certificate-cell";

/**
 * The exposure list on narrow screens: one card per asset, its ports stacked (two side by side
 * from the sm breakpoint). Same content and order as the table.
 */
export function ExposureCards({ assets, showTenant }: { assets: SurfaceAsset[]; showTenant: boolean }) {
  return (
    <ul aria-label="Exposures by asset" className="space-y-3" data-testid="exposure-cards">
      {assets.map((asset) => (
        <li
          key={asset.id}
          data-testid="surface-asset"
          data-asset={asset.name}
          className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
        >
          <AssetSummary asset={asset} showTenant={showTenant} />
          {asset.services.length + asset.closedServices.length === 0 ? (
            <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
              No open port known: internet-facing by its findings, not scanned yet.
            </p>
          ) : (
            <ul aria-label={`Ports of ${asset.name}`} className="mt-3 grid gap-2 sm:grid-cols-2">
              {asset.services.map((s) => (
                <li
                  key={s.id}
                  data-testid="exposure-row"
                  data-port={s.port}
                  data-new={s.isNew ? "true" : undefined}
                  className={cn(
                    "min-w-0 space-y-2 rounded-lg border p-3 text-sm",
                    s.isNew
                      ? "border-amber-300 bg-amber-50 dark:border-amber-800 dark:bg-amber-950/30"
                      : "border-slate-200 dark:border-slate-800",
                  )}
                >
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <PortLabel port={s.port} protocol={s.protocol} isNew={s.isNew} />
                    <span className="font-mono text-xs text-slate-600 dark:text-slate-400">
                      {s.address ?? `from ${s.source}`}
                    </span>
                  </div>
                  <div>
                    <ServiceLabel service={s} />
                  </div>
                  {(s.tls || s.certificate) && <CertificateCell certificate={s.certificate} tls={s.tls} />}
                  {serviceOrigin(s.source) && (
                    <div className="text-xs text-slate-600 dark:text-slate-400">{serviceOrigin(s.source)}</div>
                  )}
                  {s.source === "nmap" && (
                    <div className="flex gap-1 text-xs text-slate-600 dark:text-slate-400">
                      Open since <Time iso={s.openedAt} mode="relative" />
                    </div>
                  )}
                </li>
              ))}
              {asset.closedServices.map((c) => (
                <li
                  key={c.id}
                  data-testid="closed-row"
                  data-port={c.port}
                  className="space-y-1 rounded-lg border border-dashed border-slate-300 p-3 text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400"
                >
                  <PortLabel port={c.port} protocol={c.protocol} closed />
                  <div className="text-xs">
                    {c.name ?? "unknown"}: {closedReason(c.state)}, <Time iso={c.closedAt} mode="relative" />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}
