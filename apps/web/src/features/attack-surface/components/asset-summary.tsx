import type { SurfaceAsset, SurfaceService } from "@watchfloor/shared";
import { Lock } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badges";
import { findingAssetPath } from "@/config/paths";
import { cn } from "@/lib/cn";

/** An asset's name (to its page with its findings), key, exposure, open findings and domains. */
export function AssetSummary({ asset, showTenant }: { asset: SurfaceAsset; showTenant: boolean }) {
  const domains = asset.domains.filter((d) => d !== asset.name);
  return (
    <>
      <Link
        to={findingAssetPath(asset.id)}
        className="font-semibold break-words text-slate-900 hover:text-sky-800 hover:underline dark:text-white dark:hover:text-sky-300"
      >
        {asset.name}
      </Link>
      <div className="text-xs text-slate-600 dark:text-slate-400">
        {asset.assetKey} · {asset.type}
        {showTenant && ` · ${asset.tenantName}`}
      </div>
      <div className="mt-1.5 flex flex-wrap items-center gap-1.5">
        {asset.internetFacing ? <Badge color="sky">Internet-facing</Badge> : <Badge color="slate">Internal address</Badge>}
        {asset.criticalFindings > 0 && <Badge color="red">{asset.criticalFindings} critical</Badge>}
        <span
          className={cn(
            "text-xs",
            asset.openFindings ? "text-slate-800 dark:text-slate-200" : "text-slate-600 dark:text-slate-400",
          )}
        >
          {asset.openFindings === 1 ? "1 open finding" : `${asset.openFindings} open findings`}
        </span>
      </div>
      {domains.length > 0 && (
        <ul
          aria-label={`Domains of ${asset.name}`}
          className="mt-1.5 space-y-0.5 text-xs break-all text-slate-700 dark:text-slate-300"
        >
          {domains.slice(0, 4).map((d) => (
            <li key={d}>{d}</li>
          ))}
          {domains.length > 4 && <li>and {domains.length - 4} more</li>}
        </ul>
      )}
    </>
  );
}

/** "ssh" with its product and version under it; a lock (and the word, for screen readers) when TLS. */
export function ServiceLabel({
  service: s,
}: {
  service: Pick<SurfaceService, "tls" | "name" | "product" | "version" | "source" | "observations">;
}) {
  return (
    <>
      <div className="flex items-center gap-1.5 font-medium">
        {s.tls && (
          <>
            <Lock aria-hidden className="size-3.5 shrink-0 text-emerald-700 dark:text-emerald-400" />
            <span className="sr-only">TLS:</span>
          </>
        )}
        {s.name ?? (s.source === "nmap" ? "unknown" : "not named")}
      </div>
      {(s.product || s.version) && (
        <div className="text-xs text-slate-600 dark:text-slate-400">{[s.product, s.version].filter(Boolean).join(" ")}</div>
      )}
      {s.observations.length > 0 && (
        <ul aria-label="Informational scanner results" className="mt-0.5 space-y-0.5 text-xs text-slate-600 dark:text-slate-400">
          {s.observations.map((o) => (
            <li key={o}>{o}</li>
          ))}
        </ul>
      )}
    </>
  );
}

export function PortLabel({
  port,
  protocol,
  isNew,
  closed,
}: {
  port: number;
  protocol: string;
  isNew?: boolean;
  closed?: boolean;
}) {
  return (
    <span className="inline-flex items-center gap-2 whitespace-nowrap">
      <span className={cn("font-mono", closed && "line-through")}>
        {port}/{protocol}
      </span>
      {isNew && <Badge color="amber">New</Badge>}
      {closed && <Badge color="slate">Closed</Badge>}
    </span>
  );
}

/** Why a port counts as closed: what the newest scan of its address said about it. */
export const closedReason = (state: string) => (state === "absent" ? "not in the latest scan" : `${state} in the latest scan`);

/** Where a port that no network scan listed comes from, in a few words (null for nmap's own ports). */
export function serviceOrigin(source: SurfaceService["source"]): string | null {
  if (source === "findings") return "Named by open findings";
  if (source === "scanner") return "Seen by a vulnerability scanner";
  return null;
}
