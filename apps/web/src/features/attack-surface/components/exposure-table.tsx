import type { SurfaceAsset, SurfaceService } from "@watchfloor/shared";
import { Time } from "@/components/ui/time";
import { cn } from "@/lib/cn";
import { AssetSummary, closedReason, PortLabel, ServiceLabel, serviceOrigin } from "./asset-summary";
import { CertificateCell } from "./certificate-cell";

const th =
  "px-3 py-2.5 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase dark:text-slate-300";
const td = "px-3 py-3 align-top";
type Group = { asset: SurfaceAsset; rows: number; showTenant: boolean };

function AssetCell({ asset, rows, showTenant }: Group) {
  return (
    <th
      scope="rowgroup"
      rowSpan={rows}
      className="w-64 max-w-72 border-r border-slate-100 bg-white px-3 py-3 text-left align-top font-normal dark:border-slate-800 dark:bg-slate-900"
    >
      <AssetSummary asset={asset} showTenant={showTenant} />
    </th>
  );
}

function ServiceRow({ group, service: s, first }: { group: Group; service: SurfaceService; first: boolean }) {
  return (
    <tr
      data-testid="exposure-row"
      data-port={s.port}
      data-new={s.isNew ? "true" : undefined}
      className={cn(s.isNew && "bg-amber-50 dark:bg-amber-950/30")}
    >
      {first && <AssetCell {...group} />}
      <td className={cn(td, s.isNew && "shadow-[inset_3px_0_0_var(--color-amber-500)]")}>
        {s.address && <div className="font-mono text-xs">{s.address}</div>}
        {s.source !== "nmap" && <div className="text-xs text-slate-600 dark:text-slate-400">from {s.source}</div>}
        {s.hostname && <div className="text-xs break-all text-slate-600 dark:text-slate-400">{s.hostname}</div>}
      </td>
      <td className={td}>
        <PortLabel port={s.port} protocol={s.protocol} isNew={s.isNew} />
      </td>
      <td className={td}>
        <ServiceLabel service={s} />
      </td>
      <td className={cn(td, "min-w-56")}>
        <CertificateCell certificate={s.certificate} tls={s.tls} />
      </td>
      <td className={cn(td, "text-xs whitespace-nowrap")}>
        {serviceOrigin(s.source) ? (
          <span className="text-slate-600 dark:text-slate-400">{serviceOrigin(s.source)}</span>
        ) : (
          <>
            <span className="text-slate-600 dark:text-slate-400">Open since</span>
            <Time iso={s.openedAt} />
          </>
        )}
      </td>
    </tr>
  );
}

function ClosedRow({
  group,
  closed: c,
  first,
}: {
  group: Group;
  closed: SurfaceAsset["closedServices"][number];
  first: boolean;
}) {
  return (
    <tr data-testid="closed-row" data-port={c.port} className="text-slate-600 dark:text-slate-400">
      {first && <AssetCell {...group} />}
      <td className={cn(td, "font-mono text-xs")}>{c.address}</td>
      <td className={td}>
        <PortLabel port={c.port} protocol={c.protocol} closed />
      </td>
      <td className={td}>{c.name ?? "unknown"}</td>
      <td className={cn(td, "text-xs")}>{closedReason(c.state)}</td>
      <td className={cn(td, "text-xs whitespace-nowrap")}>
        <span>Gone since</span>
        <Time iso={c.closedAt} />
      </td>
    </tr>
  );
}

/**
 * Exposures grouped by asset (one row group each): open ports with what answers there and the
 * certificate it presents, then the ports the latest scan found closed. New ports are tinted and
 * say "New" in words.
 */
export function ExposureTable({ assets, showTenant }: { assets: SurfaceAsset[]; showTenant: boolean }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <table className="w-full min-w-[60rem] text-sm text-slate-800 dark:text-slate-200" data-testid="exposure-table">
        <caption className="sr-only">
          Open ports per asset, with the service, its TLS certificate and when it opened. Ports new since the previous scan are
          marked New.
        </caption>
        <thead className="bg-slate-50 dark:bg-slate-800/60">
          <tr className="border-b border-slate-200 dark:border-slate-800">
            {["Asset", "Address", "Port", "Service", "TLS certificate", "Seen"].map((h) => (
              <th key={h} scope="col" className={th}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        {assets.map((asset) => {
          const group = { asset, showTenant, rows: Math.max(1, asset.services.length + asset.closedServices.length) };
          return (
            <tbody
              key={asset.id}
              data-testid="surface-asset"
              data-asset={asset.name}
              className="border-b border-slate-200 last:border-b-0 dark:border-slate-800"
            >
              {asset.services.map((s, i) => (
                <ServiceRow key={s.id} group={group} service={s} first={i === 0} />
              ))}
              {asset.closedServices.map((c, i) => (
                <ClosedRow key={c.id} group={group} closed={c} first={asset.services.length === 0 && i === 0} />
              ))}
              {asset.services.length + asset.closedServices.length === 0 && (
                <tr>
                  <AssetCell {...group} />
                  <td colSpan={5} className={cn(td, "text-slate-600 dark:text-slate-400")}>
                    No open port known: internet-facing by its findings, not scanned yet.
                  </td>
                </tr>
              )}
            </tbody>
          );
        })}
      </table>
    </div>
  );
}
